//! `--groot PORT` and `--btlog FILE`, shared by the examples: Groot2's live monitor
//! (`bt_groot::Groot2Publisher`) and `.btlog` files (`bt_groot::BtlogWriter`).

use std::time::{Duration, Instant};

/// What the command line asked for.
pub struct Flags {
    /// `--groot PORT`: serve the tree to Groot2 on PORT (and PORT + 1), in real time.
    pub groot: Option<u16>,
    /// `--btlog FILE`: write the run to FILE, which Groot2 replays.
    pub btlog: Option<String>,
}

/// Takes `--groot PORT` and `--btlog FILE` out of `args`.
pub fn take_flags(args: &mut Vec<String>) -> Result<Flags, String> {
    let mut flags = Flags { groot: None, btlog: None };
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--groot" => {
                let value = args.get(i + 1).ok_or("`--groot` needs a port (Groot2's default is 1667)")?;
                let port = value
                    .parse::<u16>()
                    .ok()
                    .filter(|p| *p > 0 && *p < u16::MAX)
                    .ok_or_else(|| format!("`--groot {value}`: expected a port, 1 to 65534"))?;
                flags.groot = Some(port);
                args.drain(i..i + 2);
            }
            "--btlog" => {
                let file = args.get(i + 1).ok_or("`--btlog` needs a file name ending in .btlog")?.clone();
                if !file.ends_with(".btlog") {
                    return Err(format!("`--btlog {file}`: Groot2 opens files whose name ends in .btlog"));
                }
                flags.btlog = Some(file);
                args.drain(i..i + 2);
            }
            _ => i += 1,
        }
    }
    Ok(flags)
}

/// Paces a loop in real time: one step of `dt` per `dt` of wall-clock time.
pub struct Pace {
    next: Instant,
    dt: Duration,
}

impl Pace {
    /// Starts now.
    pub fn new(dt: Duration) -> Self {
        Pace { next: Instant::now(), dt }
    }

    /// Sleeps until the next step is due (at once when late).
    pub fn wait(&mut self) {
        self.next += self.dt;
        let now = Instant::now();
        if self.next > now {
            std::thread::sleep(self.next - now);
        } else {
            self.next = now;
        }
    }
}

/// The line printed once the monitor is up.
pub fn serving(what: &str, port: u16) -> String {
    format!(
        "serving {what} to Groot2 on port {port} (and {}): in Groot2's Monitor, connect to this machine's address with that port; Ctrl-C to stop",
        port + 1
    )
}
