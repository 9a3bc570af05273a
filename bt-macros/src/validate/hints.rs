//! Hints for newcomers: BehaviorTree.CPP's argument names and its `-1` for "forever", and the
//! names of one node's arguments given to another, pointed to what bt writes instead.

/// The error for an argument named as in BehaviorTree.CPP (`num_attempts = 3`), with the bt
/// equivalent written with the user's value; `None` for any other name.
pub(super) fn btcpp_argument(keyword: &str, arg: &str, value: &syn::Expr) -> Option<String> {
    let v = crate::text::tidy(&quote::ToTokens::to_token_stream(value));
    let fix = match (arg, keyword) {
        ("num_attempts", "retry") => format!("retry({v})<A>"),
        ("num_cycles", "repeat") => format!("repeat({v})<A>"),
        ("msec", "timeout" | "delay" | "cooldown" | "sleep") => {
            let value = match value {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) if i.suffix().is_empty() => {
                    format!("{}ms", i.base10_digits())
                }
                _ => "500ms".to_string(),
            };
            if keyword == "sleep" { format!("sleep({value})") } else { format!("{keyword}({value})<A>") }
        }
        ("success_count", "threshold_parallel") => format!("threshold_parallel(success = {v})<A, B, C>"),
        ("failure_count", "threshold_parallel") => format!("threshold_parallel(failure = {v})<A, B, C>"),
        ("success_count", "parallel") => format!(
            "parallel({v})<A, B, C>` (with a failure threshold too, `threshold_parallel(success = {v}, failure = 1)<A, B, C>`"
        ),
        ("failure_count", "parallel" | "parallel_all") => {
            format!(
                "threshold_parallel(failure = {v})<A, B, C>` or `parallel_all(max_failures = {v})<A, B, C>"
            )
        }
        ("success", "parallel") => {
            return Some(format!(
                "`parallel` takes the number of successes it needs without a name: write `parallel({v})<A, B, C>`; for named thresholds, with a failure threshold too, write `threshold_parallel(success = {v}, failure = 1)<A, B, C>`"
            ));
        }
        _ => return None,
    };
    Some(format!("`{arg}` is BehaviorTree.CPP's name; in bt write `{fix}`"))
}

/// The error for a negative literal count: `-1` meant "forever" in BehaviorTree.CPP.
pub(super) fn negative_count(keyword: &str, what: &str) -> String {
    let forever = match keyword {
        "repeat" => ": write `repeat<A>` to repeat forever",
        "retry" => ": write `until_success(A)` to retry forever",
        _ => "",
    };
    format!("`{keyword}` takes {what}, which cannot be negative{forever}")
}
