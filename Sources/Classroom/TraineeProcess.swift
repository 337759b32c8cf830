import Foundation
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// A trainee's `hubsim` child on a pseudo-terminal of its own, as sshd runs a shell: the
/// child's standard input, output and error are the slave side and its controlling terminal,
/// in a session of its own (so that a new size reaches it as SIGWINCH, and a closed master as
/// SIGHUP); the classroom holds the master and relays bytes, never reading the screen.
///
/// Started by `Spawn` (posix_spawn): the child starts a new session and then opens the slave by
/// name, which makes it the session's controlling terminal (Linux, open(2)).
struct TraineeProcess {
    /// The master side, for the relay (non-blocking, close-on-exec).
    let master: Int32
    /// A second descriptor of the master, kept for resizing (let go of once).
    private let resizing: ResizeDescriptor
    /// Its number; -1 once let go of.
    var control: Int32 { resizing.number }
    /// The classroom's end of the control pipe (the child's descriptor 3).
    let pipe: Int32
    let pid: pid_t

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The sizes a trainee's terminal is clamped to: smaller cannot show a lesson's one line,
    /// larger is no screen (a client may send 0x0 or 65535x65535).
    static let smallest = (width: 20, height: 10)
    static let largest = (width: 400, height: 200)

    static func clamp(width: Int, height: Int) -> (width: Int, height: Int) {
        (min(max(width, smallest.width), largest.width), min(max(height, smallest.height), largest.height))
    }

    /// Spawns `arguments` (the first an absolute path) at `width`x`height` with exactly
    /// `environment`, nothing inherited.
    init(arguments: [String], environment: [String: String], width: Int, height: Int) throws(Failure) {
        // posix_openpt, unlockpt and ptsname need _XOPEN_SOURCE, which Swift's Glibc module
        // does not show: the Linux calls they make (pts(4)).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))") }
        var unlock: Int32 = 0, number: UInt32 = 0
        guard ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0 else {
            close(master)
            throw Failure(description: "the pseudo-terminal cannot be unlocked: \(String(cString: strerror(errno)))")
        }
        let slavePath = "/dev/pts/\(number)"
        let size = Self.clamp(width: width, height: height)
        var window = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
        // Held open until the child has its own, so the master does not see a hang-up before.
        let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            let code = errno
            close(master)
            if slave >= 0 { close(slave) }
            throw Failure(description: "no control pipe: \(String(cString: strerror(code)))")
        }

        // The slave as standard input, output and error (opened by name in its new session, it
        // is the child's controlling terminal), the control pipe as descriptor 3, and nothing
        // else: a descriptor some library opened without close-on-exec (another trainee's
        // socket, the listener) must not reach a trainee's device.
        let spawn = Spawn(descriptors: [(0, .open(slavePath, flags: O_RDWR)), (1, .duplicate(0)), (2, .duplicate(0)), (3, .duplicate(ends[1]))],
                          newSession: true, closeFrom: 4)
        var started: pid_t?
        var failure: Spawn.Failure?
        do throws(Spawn.Failure) { started = try spawn.start(arguments, environment: environment) } catch { failure = error }
        if slave >= 0 { close(slave) }
        close(ends[1])
        guard let pid = started else {
            close(master)
            close(ends[0])
            throw Failure(description: "the trainee's hubsim cannot start: \(String(cString: strerror(failure?.code ?? EINVAL)))")
        }
        let flags = fcntl(master, F_GETFL)
        _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
        self.master = master
        self.pipe = ends[0]
        self.resizing = ResizeDescriptor(fcntl(master, F_DUPFD_CLOEXEC, 0))
        self.pid = pid
    }

    /// TIOCSPTLCK and TIOCGPTN (<asm-generic/ioctls.h>: _IOW('T', 0x31, int), _IOR('T', 0x30,
    /// unsigned int)), function-like macros Swift does not import.
    static let setLock = UInt(0x4004_5431)
    static let getNumber = UInt(0x8004_5430)

    /// The trainee's new size, clamped; the kernel signals the child (SIGWINCH). Nothing once
    /// the session has let go of its terminal.
    func resize(width: Int, height: Int) {
        let size = Self.clamp(width: width, height: height)
        resizing.resize(winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0))
    }

    /// Closes the master and the pipe when no relay took them.
    func closeMaster() {
        close(master)
        close(pipe)
    }

    /// Lets go of the resize descriptor: with the relay's closed too, the child sees a hang-up.
    /// Both ends of a session call it; only the first closes.
    func releaseControl() { resizing.release() }

    /// Sends `signal` to the child's whole session.
    func signal(_ number: Int32) { _ = kill(-pid, number) }

    /// The child's wait status once it has exited (reaped); nil while it runs.
    func reap() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { return status }
        // Already reaped elsewhere (a sweep): it has exited.
        if result < 0 && errno == ECHILD { return 0 }
        return nil
    }
}
