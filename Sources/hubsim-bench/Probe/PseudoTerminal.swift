import Foundation
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// A program running in a pseudo-terminal of its own, as in a terminal emulator: the probe
/// holds the master side, the program gets the slave as its standard input, output and error
/// and as its controlling terminal, in a session of its own (so that a new size reaches it as
/// SIGWINCH, and the whole session can be stopped at once).
///
/// Started by `Spawn` (posix_spawnp). The child
/// starts a new session (`POSIX_SPAWN_SETSID`) and then opens the slave by name, which makes it
/// the session's controlling terminal (Linux, open(2): a session leader with no controlling
/// terminal acquires the first terminal it opens without O_NOCTTY).
///
/// Not swift-subprocess, which the bench uses elsewhere: it hands a child the descriptors it is
/// given (dup2 after setsid), so the child has no controlling terminal and a resize never
/// reaches it: measured on 2026-11-28 with a child that reports its terminal and SIGWINCH,
/// descriptors after setsid gave `tty_nr 0` and no signal, where this start gives the terminal
/// and the signal (the probe's resize step, 100x30, redraws hubsim's frame: 3,131 bytes). It also reaps the
/// child itself (`waitid`), and the run's CPU time and peak RSS are `wait4`'s resource use.
struct PseudoTerminal: ProbeOutput {
    enum Failure: Error, CustomStringConvertible {
        case system(String, Int32)
        var description: String {
            switch self {
            case let .system(call, code): "\(call): \(String(cString: strerror(code)))"
            }
        }
    }

    let master: Int32
    let pid: pid_t
    /// When the spawn began: the run's time zero.
    let started: Double
    private(set) var atEnd = false
    private(set) var totalBytes = 0
    /// The child's wait status and resource use, once reaped.
    private(set) var exit: (status: Int32, usage: rusage)?
    var replies = TerminalReplies()
    var answering = true

    /// Spawns `command` (found on PATH) at `columns`x`rows` with `environment` (K=V entries).
    init(command: [String], environment: [String], columns: Int, rows: Int) throws {
        // posix_openpt, unlockpt and ptsname are what glibc does here, but Swift's Glibc module
        // does not show them (they need _XOPEN_SOURCE): the Linux calls they make (pts(4)).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw Failure.system("open /dev/ptmx", errno) }
        var unlock: Int32 = 0, number: UInt32 = 0
        guard ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0 else {
            let code = errno
            close(master)
            throw Failure.system("unlocking the pseudo-terminal", code)
        }
        let slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        // Held open until the child has its own, so the master does not see a hang-up before.
        let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)

        // The slave as standard input, output and error, in a session of its own (`Spawn`).
        let spawn = Spawn(descriptors: [(0, .open(slavePath, flags: O_RDWR)), (1, .duplicate(0)), (2, .duplicate(0))],
                          newSession: true, searchPath: true)
        let variables = Dictionary(environment.map { entry -> (String, String) in
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }, uniquingKeysWith: { first, _ in first })
        started = Self.clock()
        let pid: pid_t
        do throws(Spawn.Failure) { pid = try spawn.start(command, environment: variables) } catch {
            if slave >= 0 { close(slave) }
            close(master)
            throw Failure.system("posix_spawnp \(command[0])", error.code)
        }
        if slave >= 0 { close(slave) }
        let flags = fcntl(master, F_GETFL)
        _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
        self.master = master
        self.pid = pid
    }

    /// TIOCSPTLCK and TIOCGPTN (<asm-generic/ioctls.h>: _IOW('T', 0x31, int), _IOR('T', 0x30,
    /// unsigned int)), function-like macros Swift does not import.
    static let setLock = UInt(0x4004_5431)
    static let getNumber = UInt(0x8004_5430)

    /// Milliseconds on the monotonic clock.
    static func clock() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }

    func now() -> Double { Self.clock() }

    mutating func read(waitingAtMost milliseconds: Double) -> [UInt8] {
        if atEnd {
            // Nothing more to read; short sleeps keep the exit polling fine-grained.
            if milliseconds > 0 { usleep(UInt32(min(milliseconds, 1) * 1000)) }
            return []
        }
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(max(0, milliseconds).rounded(.up)))
        guard ready > 0 else { return [] }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            if n > 0 {
                data += buffer[..<n]
                if n < buffer.count { break }
            } else if n == 0 {
                atEnd = true
                break
            } else {
                // EIO: the slave side closed, the program is gone; EAGAIN: read it all.
                if errno == EIO { atEnd = true }
                break
            }
        }
        if !data.isEmpty {
            totalBytes += data.count
            let answer = replies.observe(data, answering: answering)
            if !answer.isEmpty { write(answer) }
        }
        return data
    }

    /// Writes `bytes` whole, draining output while the terminal's buffer is full, for at
    /// most `timeoutMs`.
    mutating func write(_ bytes: [UInt8], timeoutMs: Double = 5000) {
        var sent = 0
        let deadline = now() + timeoutMs
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if n > 0 {
                sent += n
            } else if n < 0, errno == EAGAIN, now() < deadline {
                _ = read(waitingAtMost: 5)
            } else {
                return
            }
        }
    }

    /// A key as the terminal sends it (see `TerminalReplies.keyBytes`), or as given.
    mutating func send(key: [UInt8], raw: Bool) {
        write(raw ? key : replies.keyBytes(key))
    }

    /// The new size; the kernel signals the terminal's foreground process group.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Reaps the child if it has exited; whether it has.
    mutating func pollExit() -> Bool {
        if exit != nil { return true }
        var status: Int32 = 0
        var usage = rusage()
        if wait4(pid, &status, WNOHANG, &usage) == pid { exit = (status, usage) }
        return exit != nil
    }

    /// Waits for the child.
    mutating func reap() {
        guard exit == nil else { return }
        var status: Int32 = 0
        var usage = rusage()
        if wait4(pid, &status, 0, &usage) == pid { exit = (status, usage) }
    }

    /// Sends `number` to the child's whole session (its process group).
    func stopGroup(_ number: Int32) {
        _ = kill(-pid, number)
    }

    func closeMaster() {
        close(master)
    }

    /// VmHWM and VmRSS of the child, kB, from /proc (nil when it has gone).
    func memory() -> (peak: Int?, resident: Int?) {
        // Read with read(2): /proc files report a size of 0, which file APIs that trust the
        // size take for empty.
        let fd = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return (nil, nil) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            bytes += buffer[..<n]
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return (ProbeReport.statusField("VmHWM", in: text), ProbeReport.statusField("VmRSS", in: text))
    }
}
