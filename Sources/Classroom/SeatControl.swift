import Foundation
import HubUI
import Synchronization

/// The child's end of the control pipe (descriptor 3 in a trainee's `hubsim`): a thread of its
/// own reads the classroom's lines into a queue that the frame loop takes at its next event
/// (`take`); the device's status goes back as a line when it changes (`report`).
public final class SeatControl: Sendable {
    private let descriptor: Int32
    private let queue = Mutex<[ClassMessage]>([])
    private let lastSent = Mutex<TraineeStatus?>(nil)
    /// The classroom watches this screen (`class/watch`): the trainer mirrors it or shows it.
    private let watched = Mutex(false)
    /// The frame last sent and when (monotonic seconds), for `frame`'s bound.
    private let lastFrame = Mutex<(grid: CellGrid?, at: Double)>((nil, 0))
    /// At most one frame per this many seconds: a trainee typing fast costs the pipe 20 lines a second.
    public static let frameInterval = 0.05

    /// The pipe on `descriptor`, or nil when there is none (not started by a classroom).
    public init?(descriptor: Int32 = 3) {
        guard fcntl(descriptor, F_GETFD) >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.descriptor = descriptor
        let thread = Thread { [self] in readLines() }
        thread.name = "hubsim class seat"
        thread.start()
    }

    private func readLines() {
        var splitter = LineSplitter()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            let lines = splitter.feed(buffer[..<n])
            for line in lines {
                guard let on = ControlLine.decodeWatch(line) else { continue }
                // Watched anew: the next frame goes whatever it is.
                lastFrame.withLock { $0 = (nil, 0) }
                watched.withLock { $0 = on }
            }
            let messages = lines.compactMap(ControlLine.decodeMessage)
            if !messages.isEmpty { queue.withLock { $0 += messages } }
        }
    }

    /// The classroom's messages since the last call, in order.
    public func take() -> [ClassMessage] {
        queue.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
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
    /// last `frameInterval`; a frame held back goes at the next call (the loop calls at least
    /// every `SeatProgram.pipeInterval`). `now`: monotonic seconds.
    public func frame(_ grid: CellGrid, now: Double) {
        guard isWatched else { return }
        let due = lastFrame.withLock { last in
            guard last.grid != grid, now - last.at >= Self.frameInterval else { return false }
            last = (grid, now)
            return true
        }
        guard due else { return }
        send(ControlLine.frame(grid))
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
