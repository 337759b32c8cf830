import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A trainee's second descriptor of their terminal's master, kept for window changes, and let
/// go of exactly once. A session ends from both sides, in either order (the connection gone,
/// the child's terminal closed), and each lets go of it; a window change can still come in
/// after the first. A descriptor number closed twice, or resized after its close, may by then
/// be another trainee's terminal or socket (the kernel hands out the lowest free number), so
/// after the first release both are nothing.
final class ResizeDescriptor: Sendable {
    private let descriptor: Mutex<Int32>

    init(_ descriptor: Int32) { self.descriptor = Mutex(descriptor) }

    /// The descriptor's number; -1 once let go of.
    var number: Int32 { descriptor.withLock { $0 } }

    /// The new size; the kernel signals the child (SIGWINCH). Nothing once let go of.
    func resize(_ window: winsize) {
        descriptor.withLock { fd in
            guard fd >= 0 else { return }
            var window = window
            _ = ioctl(fd, UInt(TIOCSWINSZ), &window)
        }
    }

    /// Closes it, the first time.
    func release() {
        descriptor.withLock { fd in
            guard fd >= 0 else { return }
            close(fd)
            fd = -1
        }
    }
}
