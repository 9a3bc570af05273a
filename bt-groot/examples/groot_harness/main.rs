//! bt's side of the comparison with BehaviorTree.CPP's Groot2 publisher and `FileLogger2`
//! (`scripts/groot_compare.sh`, `scripts/btlog_compare.sh`).
//!
//! ```text
//! groot_harness serve FILE [--port P] [--hz H] [--ticks N] [--delay MS] [leaf options]
//!     serves FILE's tree (built at run time, scripted leaves) with bt's Groot2Publisher, as
//!     scripts/btcpp's btcpp_groot_serve does with BehaviorTree.CPP's
//! groot_harness btlog FILE OUT.btlog [--ticks N] [leaf options]
//!     ticks the tree N times with a BtlogWriter, as btcpp_btlog does with FileLogger2
//! groot_harness compare --btcpp PORT --bt PORT [--ticks N]
//!     sends the same requests to both publishers, tick by tick, and compares the replies
//! groot_harness btlog-compare BTCPP.btlog BT.btlog
//!     compares two .btlog files: header, tree (parsed), transitions (times aside)
//! groot_harness ask PORT TYPE [PAYLOAD]
//!     sends one request (TYPE: full_tree, status, blackboard, hook_insert, … as the protocol
//!     names them) to the publisher on PORT and prints the reply
//! groot_harness random SEED OUT.xml OUT.script
//!     writes a random tree of the node kinds whose semantics bt and BehaviorTree.CPP share,
//!     and a leaf script for it
//! ```
//!
//! Leaf options, as scripts/btcpp's: `--script FILE`, `--leaf 'ID: S R F ...'`, `--default S`,
//! `--set KEY=VALUE`, `--main ID`.

mod compare;
mod random;
mod tree;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use bt::groot::{BtlogWriter, Groot2Publisher};
use tree::Script;

struct Opts {
    positional: Vec<String>,
    script: Script,
    main: Option<String>,
    port: u16,
    hz: f64,
    ticks: u64,
    delay: u64,
    btcpp_port: u16,
    bt_port: u16,
}

fn parse(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        positional: Vec::new(),
        script: Script::default(),
        main: None,
        port: 1667,
        hz: 10.0,
        ticks: 0,
        delay: 0,
        btcpp_port: 0,
        bt_port: 0,
    };
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let mut value = || {
            i += 1;
            args.get(i).cloned().ok_or_else(|| format!("{a} needs a value"))
        };
        let num = |v: String| v.parse::<u64>().map_err(|_| format!("{a}: `{v}` is not a number"));
        match a {
            "--script" => {
                let path = value()?;
                let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
                for (n, line) in text.lines().enumerate() {
                    o.script.add_line(line, &format!("{path}:{}", n + 1))?;
                }
            }
            "--leaf" => o.script.add_line(&value()?, "--leaf")?,
            "--default" => o.script.add_line(&format!("default: {}", value()?), "--default")?,
            "--set" => o.script.add_line(&format!("set {}", value()?), "--set")?,
            "--main" => o.main = Some(value()?),
            "--port" => o.port = num(value()?)? as u16,
            "--hz" => o.hz = value()?.parse().map_err(|_| "--hz: not a number".to_string())?,
            "--ticks" => o.ticks = num(value()?)?,
            "--delay" => o.delay = num(value()?)?,
            "--btcpp" => o.btcpp_port = num(value()?)? as u16,
            "--bt" => o.bt_port = num(value()?)? as u16,
            _ if a.starts_with("--") => return Err(format!("unknown option {a}")),
            _ => o.positional.push(a.to_string()),
        }
        i += 1;
    }
    Ok(o)
}

fn serve(o: &Opts) -> Result<(), String> {
    let file = o.positional.first().ok_or("serve: no file given")?;
    let (mut tree, mut h) = tree::load(file, o.main.as_deref(), &o.script)?;
    let mut groot = Groot2Publisher::new(tree.description(), o.port).map_err(|e| e.to_string())?;
    println!("serving {file} on port {}", o.port);
    std::thread::sleep(Duration::from_millis(o.delay));
    let period = Duration::from_secs_f64(1.0 / o.hz);
    let mut next = Instant::now();
    let mut t = 1;
    while o.ticks == 0 || t <= o.ticks {
        groot.serve_blackboard(&h.bb, Duration::ZERO);
        h.tick = t;
        let _ = tree.tick_with(&mut h, &mut groot);
        next += period;
        std::thread::sleep(next.saturating_duration_since(Instant::now()));
        t += 1;
    }
    Ok(())
}

fn btlog(o: &Opts) -> Result<(), String> {
    let [file, out] = &o.positional[..] else { return Err("btlog: expected FILE and OUT.btlog".into()) };
    let (mut tree, mut h) = tree::load(file, o.main.as_deref(), &o.script)?;
    let mut log = BtlogWriter::create(out, tree.description()).map_err(|e| e.to_string())?;
    let ticks = if o.ticks == 0 { 10 } else { o.ticks };
    for t in 1..=ticks {
        h.tick = t;
        let _ = tree.tick_with(&mut h, &mut log);
    }
    log.finish().map_err(|e| e.to_string())?;
    println!("wrote {out} ({ticks} ticks)");
    Ok(())
}

fn ask(args: &[String]) -> Result<(), String> {
    use bt::groot::protocol::{RequestType, from_msgpack};
    let [port, kind, rest @ ..] = args else { return Err("ask: expected PORT TYPE [PAYLOAD]".into()) };
    let port: u16 = port.parse().map_err(|_| format!("ask: `{port}` is not a port"))?;
    let kind = RequestType::ALL
        .into_iter()
        .find(|k| k.name() == kind)
        .ok_or_else(|| format!("ask: no request type `{kind}`"))?;
    let mut client = bt::groot::client::Client::connect(port).map_err(|e| e.to_string())?;
    let reply = client.request(kind, rest.first().map(|p| p.as_bytes())).map_err(|e| e.to_string())?;
    for (i, frame) in reply.iter().enumerate().skip(1) {
        match kind {
            RequestType::StatusBuffer => {
                let statuses: Vec<String> = frame
                    .chunks(3)
                    .map(|c| format!("{}:{}", u16::from_le_bytes([c[0], c[1]]), c[2]))
                    .collect();
                println!("{}", statuses.join(" "));
            }
            RequestType::Blackboards => println!("{}", from_msgpack(frame).unwrap_or_default()),
            RequestType::GetTransitions => println!("{} transitions", frame.len() / 9),
            _ => println!("part {i}: {}", String::from_utf8_lossy(frame)),
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        eprintln!(
            "usage: groot_harness serve|btlog|compare|btlog-compare|random … (see the source's header)"
        );
        return ExitCode::from(2);
    };
    let o = match parse(&args[1..]) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("groot_harness: {e}");
            return ExitCode::from(2);
        }
    };
    let result = match cmd.as_str() {
        "serve" => serve(&o),
        "btlog" => btlog(&o),
        "compare" => compare::run(o.btcpp_port, o.bt_port, if o.ticks == 0 { 12 } else { o.ticks }),
        "btlog-compare" => match &o.positional[..] {
            [a, b] => compare::btlogs(a, b),
            _ => Err("btlog-compare: expected two files".into()),
        },
        "ask" => ask(&o.positional),
        "random" => match &o.positional[..] {
            [seed, xml, script] => random::write(seed.parse().unwrap_or(0), xml, script),
            _ => Err("random: expected SEED OUT.xml OUT.script".into()),
        },
        c => Err(format!("unknown command {c}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("groot_harness {cmd}: {e}");
            ExitCode::FAILURE
        }
    }
}
