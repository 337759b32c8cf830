import SessionEngine
#if canImport(Glibc)
// unchecked: libc's `SIG_DFL` and `errno` are C macros Swift sees as mutable globals; only read here
@preconcurrency import Glibc
#elseif canImport(Darwin)
// unchecked: as Glibc's, Darwin's `SIG_DFL` and `errno` are only read here
@preconcurrency import Darwin
#endif

/// Reads a password for `hubsim tenant add-user` and `hash-password`: on a terminal,
/// twice and without echo; otherwise the first line of standard input (for scripts).
/// Here rather than beside the tenant editor because it switches the terminal's settings
/// and handles signals, which only this module does.
public enum PasswordInput {
    /// Why no password was read. The message never contains what was typed.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Reads a new password from `fd`, prompting on standard error when it is a terminal.
    public static func readNew(for who: String, from fd: Int32 = STDIN_FILENO) throws(Failure) -> Secret {
        let secret: Secret
        if isatty(fd) == 1 {
            let first = try readHidden(prompt: "New password for \(who): ", fd: fd)
            let second = try readHidden(prompt: "Type it again: ", fd: fd)
            guard first == second else { throw Failure(description: "the two passwords differ; nothing was written") }
            secret = first
        } else {
            secret = try readLine(fd: fd, source: "standard input")
        }
        guard !secret.isEmpty else { throw Failure(description: "the password is empty; nothing was written") }
        return secret
    }

    /// One line from a pipe or file; a trailing CR LF or LF is not part of the password.
    static func readLine(fd: Int32, source: String) throws(Failure) -> Secret {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw Failure(description: "cannot read the password from \(source): \(String(cString: strerror(errno)))") }
            if n == 0 || byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(description: "the password from \(source) is not UTF-8")
        }
        return Secret(text)
    }

    /// Turns echo off, reads a line, and puts the terminal back on every path: return,
    /// error, and Ctrl-C (a signal handler restores the settings, then lets the signal act).
    private static func readHidden(prompt: String, fd: Int32) throws(Failure) -> Secret {
        let bytes = Array(prompt.utf8)
        _ = bytes.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        var original = termios()
        guard tcgetattr(fd, &original) == 0 else { throw Failure(description: "cannot read the terminal settings") }
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ECHO)
        quiet.c_lflag |= tcflag_t(ECHONL)
        TerminalRestore.arm(fd: fd, settings: original)
        defer {
            tcsetattr(fd, TCSAFLUSH, &original)
            TerminalRestore.disarm()
        }
        guard tcsetattr(fd, TCSAFLUSH, &quiet) == 0 else { throw Failure(description: "cannot turn off echo on the terminal") }
        return try readLine(fd: fd, source: "the terminal")
    }
}

/// Restores the terminal if SIGINT, SIGTERM, SIGHUP or SIGQUIT arrive while echo is off.
enum TerminalRestore {
    // Written before the handlers are installed and only read by them; a signal handler may
    // take no lock (a lock is not async-signal-safe), so these cannot be behind a Mutex.
    // unchecked: written by `arm` before the handlers are installed, read by the handler, reset by `disarm` after they are removed
    nonisolated(unsafe) private static var fd: Int32 = -1
    // unchecked: as `fd`: written before the handlers are installed, only read by them
    nonisolated(unsafe) private static var settings = termios()
    // unchecked: touched by `arm` and `disarm` only, on the one thread that reads the password
    nonisolated(unsafe) private static var previous: [Int32: sigaction] = [:]
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    static func arm(fd: Int32, settings: termios) {
        Self.fd = fd
        Self.settings = settings
        for sig in signals {
            var action = sigaction()
            // The handler field is named differently by glibc and by Darwin's libc.
            #if os(Linux)
            action.__sigaction_handler.sa_handler = restoreAndRaise
            #else
            action.__sigaction_u.__sa_handler = restoreAndRaise
            #endif
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(sig, &action, &old)
            previous[sig] = old
        }
    }

    /// tcsetattr, signal and raise are async-signal-safe.
    private static let restoreAndRaise: @convention(c) (Int32) -> Void = { sig in
        var saved = TerminalRestore.settings
        tcsetattr(TerminalRestore.fd, TCSAFLUSH, &saved)
        signal(sig, SIG_DFL)
        raise(sig)
    }

    static func disarm() {
        for (sig, var old) in previous { sigaction(sig, &old, nil) }
        previous = [:]
        fd = -1
    }
}
