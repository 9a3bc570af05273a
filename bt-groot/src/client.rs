//! A Groot2 client, written from the protocol alone: what tests and tools use to talk to a
//! publisher (this crate's, or BehaviorTree.CPP's `Groot2Publisher`) as Groot2 does.

use std::io;
use std::time::Duration;

use bytes::Bytes;
use zeromq::{Socket, SocketRecv, SocketSend, ZmqMessage};

use crate::protocol::{REPLY_HEADER_SIZE, RequestHeader, RequestType};
use crate::server::Rng;

fn zmq_error(e: zeromq::ZmqError) -> io::Error {
    io::Error::other(e.to_string())
}

fn runtime() -> io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread().enable_all().build()
}

fn frames(message: ZmqMessage) -> Vec<Vec<u8>> {
    message.into_vec().into_iter().map(|b| b.to_vec()).collect()
}

fn message(parts: &[&[u8]]) -> ZmqMessage {
    let mut m = ZmqMessage::from(Bytes::copy_from_slice(parts[0]));
    for p in &parts[1..] {
        m.push_back(Bytes::copy_from_slice(p));
    }
    m
}

/// A blocking Groot2 client on a publisher's server port (a ZeroMQ REQ socket).
pub struct Client {
    runtime: tokio::runtime::Runtime,
    socket: zeromq::ReqSocket,
    rng: Rng,
    timeout: Duration,
}

impl core::fmt::Debug for Client {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Client").field("timeout", &self.timeout).finish_non_exhaustive()
    }
}

/// A reply: its frames.
pub type Reply = Vec<Vec<u8>>;

impl Client {
    /// Connects to the publisher serving on `127.0.0.1:port`, waiting up to 5 s for it.
    ///
    /// # Errors
    ///
    /// When nothing answers on the port in time.
    pub fn connect(port: u16) -> io::Result<Client> {
        let runtime = runtime()?;
        let mut socket = zeromq::ReqSocket::new();
        let timeout = Duration::from_secs(5);
        runtime
            .block_on(async {
                tokio::time::timeout(timeout, socket.connect(&format!("tcp://127.0.0.1:{port}"))).await
            })
            .map_err(|_| {
                io::Error::new(io::ErrorKind::TimedOut, format!("no Groot2 publisher on port {port}"))
            })?
            .map_err(zmq_error)?;
        Ok(Client { runtime, socket, rng: Rng::new(), timeout })
    }

    /// Sends `parts` as one multipart request and returns the reply's frames.
    ///
    /// # Errors
    ///
    /// When the publisher does not answer within 5 s (the client is then unusable).
    pub fn raw(&mut self, parts: &[&[u8]]) -> io::Result<Reply> {
        let Client { runtime, socket, timeout, .. } = self;
        runtime.block_on(async {
            tokio::time::timeout(*timeout, socket.send(message(parts)))
                .await
                .map_err(|_| io::Error::new(io::ErrorKind::TimedOut, "sending a Groot2 request timed out"))?
                .map_err(zmq_error)?;
            let reply = tokio::time::timeout(*timeout, socket.recv())
                .await
                .map_err(|_| io::Error::new(io::ErrorKind::TimedOut, "no reply to a Groot2 request"))?
                .map_err(zmq_error)?;
            Ok(frames(reply))
        })
    }

    /// Sends a request of type `kind` (with a random id), with `payload` as its second part if
    /// given, and returns the reply's frames. Checks that a reply that is not an error echoes the
    /// request's header.
    ///
    /// # Errors
    ///
    /// A timeout, or a reply whose header does not match.
    pub fn request(&mut self, kind: RequestType, payload: Option<&[u8]>) -> io::Result<Reply> {
        let header = RequestHeader::new(kind, self.rng.next() as u32).encode();
        let reply = match payload {
            Some(p) => self.raw(&[&header, p])?,
            None => self.raw(&[&header])?,
        };
        if is_error(&reply) {
            return Ok(reply);
        }
        let ok = reply.first().is_some_and(|h| h.len() == REPLY_HEADER_SIZE && h[..6] == header);
        if !ok {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "the reply's header does not echo the request's",
            ));
        }
        Ok(reply)
    }
}

/// Whether a reply is an error (`error` and a message).
pub fn is_error(reply: &Reply) -> bool {
    reply.len() == 2 && reply[0] == b"error"
}

/// A subscriber to a publisher's notifications (`BREAKPOINT_REACHED`), on the port after the
/// server's.
pub struct Subscriber {
    runtime: tokio::runtime::Runtime,
    socket: zeromq::SubSocket,
}

impl core::fmt::Debug for Subscriber {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Subscriber").finish_non_exhaustive()
    }
}

impl Subscriber {
    /// Subscribes to every notification of the publisher whose server port is `port`.
    ///
    /// # Errors
    ///
    /// When nothing answers on `port + 1` within 5 s.
    pub fn connect(port: u16) -> io::Result<Subscriber> {
        let runtime = runtime()?;
        let mut socket = zeromq::SubSocket::new();
        runtime.block_on(async {
            tokio::time::timeout(
                Duration::from_secs(5),
                socket.connect(&format!("tcp://127.0.0.1:{}", port.saturating_add(1))),
            )
            .await
            .map_err(|_| io::Error::new(io::ErrorKind::TimedOut, "no Groot2 publisher socket"))?
            .map_err(zmq_error)?;
            socket.subscribe("").await.map_err(zmq_error)
        })?;
        Ok(Subscriber { runtime, socket })
    }

    /// The next notification's frames, or `None` after `timeout`.
    pub fn next(&mut self, timeout: Duration) -> Option<Reply> {
        let Subscriber { runtime, socket } = self;
        runtime.block_on(async { tokio::time::timeout(timeout, socket.recv()).await.ok()?.ok().map(frames) })
    }
}
