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
            let messages = splitter.feed(buffer[..<n]).compactMap(ControlLine.decodeMessage)
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
        let bytes = Array(ControlLine.status(status).utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            sent += n
        }
    }
}
