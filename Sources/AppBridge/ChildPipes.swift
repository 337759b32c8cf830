import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A program's standard input, output and error as hubsim's own pipes, so the caller's thread
/// writes an event straight into the program and reads its answer (and what it logged before it)
/// itself: an event then costs the two
/// wake-ups of any pipe round trip (the program's and the caller's), with no thread of the
/// bridge's between them (Docs/performance.md, "Bridge").
///
/// hubsim's ends are non-blocking and close on exec (another program never inherits
/// them, so closing standard input is an end of file the program sees). A write the pipe cannot
/// take at once (a program that stopped reading) goes on from a backlog on a thread of its own,
/// so the caller never blocks on a program.
final class ChildPipes: Sendable {
    /// The program's ends, handed to swift-subprocess, which closes them once it started.
    let childInput: Int32
    let childOutput: Int32
    let childError: Int32
    private let input: Mutex<Input>
    /// hubsim's ends of the program's standard output and error (-1 once closed), read on the
    /// caller's thread.
    private let outputs: Mutex<[Int32]>

    enum Stream: Int {
        case output = 0
        case error = 1
    }

    private struct Input {
        var fd: Int32
        var backlog: [UInt8] = []
        /// Close once the backlog is written (`closeInput` while a write waits).
        var closeWhenWritten = false
        var writerRunning = false
    }

    /// Nil when the pipes cannot be made (too many open files): the program cannot start.
    init?() {
        guard let inPipe = Self.makePipe() else { return nil }
        guard let outPipe = Self.makePipe() else {
            for fd in [inPipe.read, inPipe.write] { close(fd) }
            return nil
        }
        guard let errPipe = Self.makePipe() else {
            for fd in [inPipe.read, inPipe.write, outPipe.read, outPipe.write] { close(fd) }
            return nil
        }
        for fd in [inPipe.write, outPipe.read, errPipe.read] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        childInput = inPipe.read
        childOutput = outPipe.write
        childError = errPipe.write
        input = Mutex(Input(fd: inPipe.write))
        outputs = Mutex([outPipe.read, errPipe.read])
    }

    /// A pipe whose ends close on exec. Not atomic (`pipe2` is not in Glibc's Swift overlay), and
    /// it need not be: swift-subprocess closes every other descriptor in the programs it starts
    /// (`posix_spawn_file_actions_addclosefrom_np`), so no other app's program inherits an end.
    static func makePipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    deinit {
        // Nothing else holds this object: the backlog's writer (which does) is done.
        input.withLock { if $0.fd >= 0 { close($0.fd) } }
        outputs.withLock { for fd in $0 where fd >= 0 { close(fd) } }
    }

    // MARK: standard input

    /// Writes `bytes` now if the pipe takes them, else after what waits before them. A program that
    /// has ended takes nothing (the write fails with EPIPE, never a SIGPIPE).
    func send(_ bytes: [UInt8]) {
        input.withLock { state in
            guard state.fd >= 0, !state.closeWhenWritten else { return }
            var rest = bytes[...]
            if state.backlog.isEmpty {
                let written = bytes.withUnsafeBytes { Self.writeWithoutBrokenPipe(state.fd, $0) }
                if written == bytes.count { return }
                if written < 0 {
                    guard errno == EAGAIN || errno == EWOULDBLOCK else { return }  // it ended: nothing to send to
                } else {
                    rest = bytes[written...]
                }
            }
            state.backlog.append(contentsOf: rest)
            startWriter(&state)
        }
    }

    /// Closes the program's standard input once everything sent is written.
    func closeInput() {
        input.withLock { state in
            guard state.fd >= 0 else { return }
            if state.writerRunning {
                state.closeWhenWritten = true
            } else {
                close(state.fd)
                state.fd = -1
            }
        }
    }

    private func startWriter(_ state: inout Input) {
        guard !state.writerRunning else { return }
        state.writerRunning = true
        // A queue of its own: libdispatch gives a blocked serial queue a thread, and this one may
        // wait as long as the program does not read (until it is ended).
        DispatchQueue(label: "hubsim.app-input").async { self.writeBacklog() }
    }

    /// The writer's loop: waits until the pipe takes more, until the backlog is written or the
    /// program ended (the pipe then reports an error and the backlog is dropped).
    private func writeBacklog() {
        BridgeExecutor.blockBrokenPipe()
        while true {
            let fd: Int32? = input.withLock { state in
                if state.fd >= 0, !state.backlog.isEmpty {
                    let written = state.backlog.withUnsafeBytes { write(state.fd, $0.baseAddress, $0.count) }
                    if written > 0 { state.backlog.removeFirst(written) }
                    else if written < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { state.backlog = [] }
                }
                if state.fd < 0 || state.backlog.isEmpty {
                    if state.closeWhenWritten, state.fd >= 0 { close(state.fd); state.fd = -1 }
                    state.backlog = []
                    state.writerRunning = false
                    return nil
                }
                return state.fd
            }
            guard let fd else { return }
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&entry, 1, 100)
        }
    }

    /// `write(2)` with SIGPIPE held back on this thread only (the process's handling of signals is
    /// CursesTerminal's): a write to a program that ended fails with EPIPE, and the signal it
    /// raised is taken off this thread before it is let through again.
    private static func writeWithoutBrokenPipe(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        var brokenPipe = sigset_t()
        sigemptyset(&brokenPipe)
        sigaddset(&brokenPipe, SIGPIPE)
        var pending = sigset_t()
        sigpending(&pending)
        let alreadyPending = sigismember(&pending, SIGPIPE) == 1
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &brokenPipe, &previous)
        var written: Int
        repeat { written = write(fd, bytes.baseAddress, bytes.count) } while written < 0 && errno == EINTR
        let error = errno
        if written < 0, error == EPIPE, !alreadyPending {
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&brokenPipe, nil, &none) < 0, errno == EINTR {}
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = error
        return written
    }

    // MARK: standard output and error

    /// hubsim's end of `stream`, for `poll(2)` (nil once closed).
    func fd(_ stream: Stream) -> Int32? { outputs.withLock { $0[stream.rawValue] >= 0 ? $0[stream.rawValue] : nil } }

    /// Reads what is there of `stream` without waiting, up to `limit` bytes, a chunk at a time
    /// into `take`. Returns true at the end of the stream (the pipe is then closed).
    func readAvailable(_ stream: Stream, limit: Int, _ take: (UnsafeRawBufferPointer) -> Void) -> Bool {
        let chunk = 16 * 1024
        return withUnsafeTemporaryAllocation(byteCount: chunk, alignment: 1) { buffer in
            outputs.withLock { fds in
                var total = 0
                while fds[stream.rawValue] >= 0, total < limit {
                    let count = read(fds[stream.rawValue], buffer.baseAddress, chunk)
                    if count > 0 {
                        total += count
                        take(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                        // A short read emptied the pipe: the next `poll` says when there is more.
                        if count < chunk { return false }
                        continue
                    }
                    if count < 0, errno == EINTR { continue }
                    if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return false }
                    close(fds[stream.rawValue])
                    fds[stream.rawValue] = -1
                    return true
                }
                return false
            }
        }
    }

    /// hubsim reads no more of `stream`.
    func stopReading(_ stream: Stream) {
        outputs.withLock { fds in
            if fds[stream.rawValue] >= 0 { close(fds[stream.rawValue]); fds[stream.rawValue] = -1 }
        }
    }
}
