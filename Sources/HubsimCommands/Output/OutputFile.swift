import Foundation

/// A file the command line names for hubsim to write when it is done: `--record FILE` at the
/// end of a walk, `--junit FILE` at the end of a run.
///
/// Claimed at start, before the screen is taken over or a scenario runs, so a wrong path
/// costs nothing: an existing file is never replaced unless `--force` says so, and nothing
/// but a regular file is replaced even then (a directory, a device, a FIFO or a socket).
/// Written at the end atomically (a temporary file beside it, then renamed), owner-only
/// (0600) whatever the umask. Plain system calls: `--record` is claimed before the first frame.
struct OutputFile: Equatable {
    /// The option that named the file, for messages (`--record`).
    let option: String
    /// The path as given, for messages.
    let path: String
    /// Where the bytes go: `path`, or the file a symbolic link at `path` points to.
    let target: String
    /// Replace an existing regular file (`--force`).
    let force: Bool

    /// Why a path cannot be written: one line naming the option and the path, what is wrong,
    /// and what to do.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        var option: String
        var path: String
        var problem: String
        var remedy: String
        var description: String { "\(option) \(path.isEmpty ? "''" : MessageText.shown(path)): \(problem); \(remedy)" }
    }

    /// Checks that `path` can take the output of `option`, creating and removing a probe file
    /// beside it (`access` says yes to root everywhere; a probe tells the truth). Nothing
    /// else is written. Only `stat` and `lstat` look at what is there: a FIFO is never opened
    /// (opening one for writing blocks until something reads it).
    ///
    /// `appending` (`--log-file`): the file is appended to, so an existing regular file is
    /// taken as it is, without `--force` and without a probe (its own open says whether it
    /// can be written); anything else is refused as for any output. A command checks its
    /// outputs together, against what it reads, through `RunFiles`.
    static func claim(_ path: String, for option: String, force: Bool, appending: Bool = false) throws(Refusal) -> OutputFile {
        func refuse(_ problem: String, _ remedy: String) -> Refusal {
            Refusal(option: option, path: path, problem: problem, remedy: remedy)
        }
        guard !path.isEmpty else { throw refuse("the path is empty", "give the name of the file to write") }
        var target = path
        var st = stat()
        if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK {
            // A link is followed: what it points to is checked, and replaced with --force.
            guard let resolved = realpath(path, nil) else {
                throw refuse("is a symbolic link to nothing (\(String(cString: strerror(errno))))", "give the path of a file")
            }
            target = String(cString: resolved)
            free(resolved)
        }
        if stat(target, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFREG:
                if appending { return OutputFile(option: option, path: path, target: target, force: force) }
                guard force else { throw refuse("file exists", "choose another path or add --force") }
            case S_IFDIR:
                throw refuse("is a directory", "give the name of a file inside it")
            default:
                if appending {
                    throw refuse("is not a regular file (a terminal, device, FIFO or socket)", "hubsim writes its log only to a regular file: choose another path")
                }
                throw refuse("is not a regular file (a device, FIFO or socket)", "hubsim replaces only regular files, even with --force: choose another path")
            }
        } else if errno != ENOENT {
            throw refuse("cannot be checked (\(String(cString: strerror(errno))))", "choose another path")
        } else if path.hasSuffix("/") {
            throw refuse("names a directory (it ends with /)", "give the name of a file")
        }
        let directory = parent(of: target)
        guard stat(directory, &st) == 0 else {
            throw refuse("the directory \(MessageText.shown(directory)) does not exist", "create it first or choose another path")
        }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw refuse("\(MessageText.shown(directory)) is not a directory", "choose another path")
        }
        let probe = join(directory, ".hubsim-probe-\(getpid())-\(UInt32.random(in: .min ... .max))")
        let fd = open(probe, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw refuse("cannot create a file in \(MessageText.shown(directory)) (\(String(cString: strerror(errno))))", "choose a directory you can write to")
        }
        close(fd)
        unlink(probe)
        return OutputFile(option: option, path: path, target: target, force: force)
    }

    /// The final write failed, with where the bytes were kept instead (nil: nowhere).
    struct WriteFailure: Error, Equatable, CustomStringConvertible {
        var option: String
        var path: String
        var reason: String
        /// The file the bytes were written to instead.
        var keptAt: String?
        /// What the bytes are, for the message: "the recording".
        var what: String
        var description: String {
            let head = "\(option) \(MessageText.shown(path)): cannot write it (\(reason)); "
            guard let keptAt else { return head + "\(what) could not be kept anywhere else either" }
            return head + "\(what) was kept in \(MessageText.shown(keptAt))"
        }
    }

    /// Writes `bytes` to the claimed file atomically and owner-only. Without `--force` a file
    /// that appeared at the path since the claim is left alone (the new one is linked in,
    /// which cannot replace anything). When the write fails, `bytes` are kept in the first of
    /// `fallbackDirectories` that takes them, under a timestamped name (`hubsim-<kind>-…`).
    func write(_ bytes: [UInt8], what: String, fallbackDirectories: [String], kind: String) throws(WriteFailure) {
        do throws(SystemError) {
            try replace(with: bytes)
        } catch {
            var kept: String?
            for directory in fallbackDirectories where kept == nil {
                kept = Self.keep(bytes, in: directory, kind: kind, extension: Self.pathExtension(of: path))
            }
            throw WriteFailure(option: option, path: path, reason: error.reason, keptAt: kept, what: what)
        }
    }

    /// A failed system call, with what it was doing.
    struct SystemError: Error {
        var reason: String
        init(_ what: String, errno code: Int32 = errno) {
            reason = code == 0 ? what : "\(what): \(String(cString: strerror(code)))"
        }
    }

    private func replace(with bytes: [UInt8]) throws(SystemError) {
        let directory = Self.parent(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? "output"
        let temp = Self.join(directory, ".\(name).hubsim-\(getpid())-\(UInt32.random(in: .min ... .max)).tmp")
        try Self.writeNew(temp, bytes)
        defer { unlink(temp) }
        if force {
            guard rename(temp, target) == 0 else { throw SystemError("cannot replace it") }
        } else if link(temp, target) != 0 {
            let linkError = errno
            // EEXIST: a file appeared since the claim; it is not ours to replace.
            if linkError == EEXIST { throw SystemError("a file appeared there since hubsim started", errno: 0) }
            // A file system without hard links: check again, then rename.
            var st = stat()
            guard linkError == EPERM || linkError == ENOTSUP || linkError == EOPNOTSUPP else {
                throw SystemError("cannot create it", errno: linkError)
            }
            guard lstat(target, &st) != 0 else { throw SystemError("a file appeared there since hubsim started", errno: 0) }
            guard rename(temp, target) == 0 else { throw SystemError("cannot create it") }
        }
        // The rename is durable once the directory is.
        let dirFD = open(directory, O_RDONLY | O_CLOEXEC)
        if dirFD >= 0 { fsync(dirFD); close(dirFD) }
    }

    /// Creates `path` (which must not exist) owner-only and writes `bytes` to disk.
    private static func writeNew(_ path: String, _ bytes: [UInt8]) throws(SystemError) {
        let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw SystemError("cannot create a file beside it") }
        // The umask can only take bits away from 0600, so set it outright: owner read and write.
        fchmod(fd, 0o600)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let error = SystemError("cannot write")
                close(fd); unlink(path)
                throw error
            }
            offset += n
        }
        guard fsync(fd) == 0 else {
            let error = SystemError("cannot write")
            close(fd); unlink(path)
            throw error
        }
        guard close(fd) == 0 else {
            let error = SystemError("cannot write")
            unlink(path)
            throw error
        }
    }

    /// Writes `bytes` to a new timestamped file in `directory`; its path, or nil.
    private static func keep(_ bytes: [UInt8], in directory: String, kind: String, extension ext: String) -> String? {
        let name = "hubsim-\(kind)-\(utcStamp())-\(getpid())" + (ext.isEmpty ? "" : ".\(ext)")
        let path = join(directory, name)
        do throws(SystemError) { try writeNew(path, bytes) } catch { return nil }
        return path
    }

    // MARK: - Paths

    /// The directory part of `path` ("." for a bare name).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func pathExtension(of path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `20261123T114719Z`: when the kept file was written, so several never collide by name.
    private static func utcStamp() -> String {
        var t = time(nil)
        var tm = tm()
        gmtime_r(&t, &tm)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(tm.tm_year + 1900)\(two(tm.tm_mon + 1))\(two(tm.tm_mday))T\(two(tm.tm_hour))\(two(tm.tm_min))\(two(tm.tm_sec))Z"
    }
}
