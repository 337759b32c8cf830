import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SessionEngine
import Synchronization

/// What the children's reading tasks hand to the caller's thread. Nothing else crosses
/// threads: the device is changed only in `AppBridge.exchange`/`settle`, from these.
struct ChildReport: Sendable {
    /// Which process said it (a restarted app's new process has a new one; an old one's
    /// late words are dropped).
    var process: Int
    var kind: Kind

    enum Kind: Sendable {
        case started(pid: Int32)
        case message(RPCMessage)
        case stderr(String)
        /// The reader stopped reading: a line over the limit, a flood.
        case fault(String)
        /// The program closed its standard output (it may still be running): it can answer nothing more.
        case outputClosed
        case exited(status: String, lastLines: [String])
    }
}

/// A locked queue of what the background tasks deliver (a program's start, its standard error,
/// its exit), and a pipe of its own that a post writes a byte to: `wait` sleeps in one `poll(2)`
/// on that pipe and on the programs' standard outputs together, so headless runs never poll with
/// sleeps, and an answer wakes the caller straight from the program.
final class Inbox: Sendable {
    private let queue = Mutex<[ChildReport]>([])
    private let wakeRead: Int32
    private let wakeWrite: Int32

    init() {
        // Without this pipe the bridge cannot wait at all: nothing sensible to go on with.
        guard let wake = ChildPipes.makePipe() else { fatalError("no pipe for the app bridge's inbox (too many open files)") }
        for fd in [wake.read, wake.write] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        wakeRead = wake.read
        wakeWrite = wake.write
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    func post(_ report: ChildReport) {
        queue.withLock { $0.append(report) }
        // A full pipe already wakes the waiter: the byte is not needed then.
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Everything delivered so far, oldest first.
    func take() -> [ChildReport] {
        queue.withLock { q in
            let taken = q
            q.removeAll(keepingCapacity: true)
            return taken
        }
    }

    var isEmpty: Bool { queue.withLock { $0.isEmpty } }

    /// Blocks until something is posted, one of `outputs` can be read, or `deadline` passes (nil:
    /// no limit; uptime nanoseconds). A wake-up may find nothing new: callers loop.
    func wait(until deadline: UInt64?, outputs: [Int32] = []) {
        var entries = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        for fd in outputs { entries.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
        var timeout: Int32 = -1
        if let deadline {
            let now = DispatchTime.now().uptimeNanoseconds
            // Rounded up: waking a little early only loops.
            timeout = deadline <= now ? 0 : Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
        }
        let ready = poll(&entries, nfds_t(entries.count), timeout)
        if ready > 0, entries[0].revents != 0 {
            var drained = [UInt8](repeating: 0, count: 256)
            while read(wakeRead, &drained, drained.count) == drained.count {}
        }
    }

    /// Which of `outputs` can be read now (or reached their end), without waiting.
    static func readable(_ outputs: [Int32]) -> [Bool] {
        guard !outputs.isEmpty else { return [] }
        var entries = outputs.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&entries, nfds_t(entries.count), 0) > 0 else { return outputs.map { _ in false } }
        return entries.map { $0.revents != 0 }
    }
}
