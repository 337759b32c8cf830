import Foundation
import HubUI
import Synchronization

/// The child's end of the control pipe (descriptor 3 in a trainee's `hubsim`). The frame loop
/// sleeps on it beside the terminal's input (`wakeDescriptor`), so an order of the classroom
/// wakes it at once, and reads what came at its next event (`take`), without waiting; the
/// device's status goes back as a line when it changes (`report`), and its screen while the
/// trainer watches (`frame`).
public final class SeatControl: Sendable {
    private let descriptor: Int32
    /// What `take` has read of a line not yet whole, and whether the classroom closed its end.
    private let reader = Mutex<(splitter: LineSplitter, closed: Bool)>((LineSplitter(), false))
    private let lastSent = Mutex<TraineeStatus?>(nil)
    /// The classroom watches this screen (`class/watch`): the trainer mirrors it or shows it.
    private let watched = Mutex(false)
    /// The frame last sent and when (monotonic seconds), for `frame`'s bound, and whether a
    /// changed screen was held back by it (it goes at `secondsUntilHeldFrame`).
    private let lastFrame = Mutex<(grid: CellGrid?, at: Double, held: Bool)>((nil, 0, false))
    /// At most one frame per this many seconds: a trainee typing fast costs the pipe 20 lines a second.
    public static let frameInterval = 0.05
    /// The most `take` reads at one event: a classroom sending without pause cannot hold the
    /// device's loop (the rest is read at the next event, which the pipe's readiness brings at once).
    static let readLimit = 1 << 20

    /// The pipe on `descriptor`, or nil when there is none (not started by a classroom).
    public init?(descriptor: Int32 = 3) {
        guard fcntl(descriptor, F_GETFD) >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.descriptor = descriptor
    }

    /// The descriptor whose input should wake the frame loop: the pipe, until the classroom
    /// has closed its end (then nil, so that an end of file is not a wake-up for ever).
    public var wakeDescriptor: Int32? { reader.withLock { $0.closed } ? nil : descriptor }

    /// The classroom's messages that have come since the last call, in order: what the pipe
    /// holds is read without waiting (a `class/watch` among them turns the frames on or off).
    public func take() -> [ClassMessage] {
        let lines = reader.withLock { state -> [Substring] in
            guard !state.closed else { return [] }
            var lines: [Substring] = []
            var total = 0
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16_384) { buffer in
                while total < Self.readLimit {
                    // Read only what is there: a read on an empty pipe would block the loop.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    let count = poll(&ready, 1, 0)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return }
                    let n = read(descriptor, buffer.baseAddress, buffer.count)
                    if n < 0 && errno == EINTR { continue }
                    // Readiness that went (a descriptor made non-blocking): nothing more for now.
                    if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
                    guard n > 0 else { state.closed = true; return }
                    total += n
                    lines += state.splitter.feed(buffer[..<n])
                }
            }
            return lines
        }
        for line in lines {
            guard let on = ControlLine.decodeWatch(line) else { continue }
            // Watched anew: the next frame goes whatever it is.
            lastFrame.withLock { $0 = (nil, 0, false) }
            watched.withLock { $0 = on }
        }
        return lines.compactMap(ControlLine.decodeMessage)
    }

    /// Sends `status` when it differs from the one last sent.
    public func report(_ status: TraineeStatus) {
        let changed = lastSent.withLock { last in
            guard last != status else { return false }
            last = status
            return true
        }
        guard changed else { return }
        send(ControlLine.status(status))
    }

    /// Whether the classroom wants this screen's frames now.
    public var isWatched: Bool { watched.withLock { $0 } }

    /// Sends the screen drawn (`grid`) while watched, when it changed and no frame went in the
    /// last `frameInterval`; a frame held back goes at a later call (the loop wakes for it at
    /// `secondsUntilHeldFrame`). `now`: monotonic seconds.
    public func frame(_ grid: CellGrid, now: Double) {
        guard isWatched else { return }
        let due = lastFrame.withLock { last in
            guard last.grid != grid else { last.held = false; return false }
            guard now - last.at >= Self.frameInterval else { last.held = true; return false }
            last = (grid, now, false)
            return true
        }
        guard due else { return }
        send(ControlLine.frame(grid))
    }

    /// Seconds until a frame held back by `frameInterval` may go (nil: none is held back, or
    /// nobody watches). `now`: monotonic seconds.
    public func secondsUntilHeldFrame(now: Double) -> Double? {
        guard isWatched else { return nil }
        return lastFrame.withLock { last in last.held ? max(0, Self.frameInterval - (now - last.at)) : nil }
    }

    private func send(_ line: String) {
        // A line the classroom would drop whole (`LineSplitter.longest`) is not sent.
        guard line.utf8.count <= LineSplitter.longest else { return }
        let bytes = Array(line.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            sent += n
        }
    }
}
