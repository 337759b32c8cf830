import Configuration
import Foundation

/// The file-system side of a store: an owner-only directory and owner-only files.
enum StoreFiles {
    /// Creates `dir` (and missing parents) with mode 0700, or checks an existing one can be written.
    /// Plain paths and system calls: this runs before hubsim's first frame, where
    /// `FileManager`'s and `URL`'s first use cost more than the checks themselves.
    static func prepareDirectory(_ path: String) throws(StoreError) {
        switch fileType(path) {
        case S_IFDIR: break
        case nil:
            if let code = makeDirectory(path) { throw .unwritable(path, "cannot create it: \(FileProblem.words(errno: code))") }
        default: throw .unwritable(path, "it is a file, not a directory")
        }
        guard access(path, W_OK | X_OK) == 0 else { throw .unwritable(path, String(cString: strerror(errno))) }
        // access() says yes to root everywhere; a probe file tells the truth (read-only mounts).
        let probe = path + "/.hubsim-probe-\(getpid())"
        let fd = Foundation.open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard fd >= 0 else { throw .unwritable(path, String(cString: strerror(errno))) }
        close(fd)
        unlink(probe)
    }

    /// `mkdir -p` with mode 0700 for each directory it creates (what `FileManager` did, without
    /// its first use before a new device's first frame); the `errno` of a failure, else nil.
    private static func makeDirectory(_ path: String) -> Int32? {
        if mkdir(path, 0o700) == 0 {
            // Exactly 0700 whatever the umask.
            chmod(path, 0o700)
            return nil
        }
        switch errno {
        case EEXIST: return fileType(path) == S_IFDIR ? nil : ENOTDIR
        case ENOENT:
            let parent = parent(of: path)
            guard parent != path, parent != "." else { return ENOENT }
            if let code = makeDirectory(parent) { return code }
            return makeDirectory(path)
        case let code: return code
        }
    }

    /// The type bits of what is at `path` (`S_IFDIR`, `S_IFREG`, …), nil when nothing is.
    static func fileType(_ path: String) -> mode_t? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return st.st_mode & S_IFMT
    }

    static func exists(_ path: String) -> Bool { fileType(path) != nil }

    /// The directory part of `path` ("." for a bare name).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func requireRegularFile(_ path: String) throws(StoreError) {
        var st = stat()
        guard stat(path, &st) == 0 else { throw .unwritable(path, String(cString: strerror(errno))) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw .foreign(path, "it is not a regular file") }
    }

    /// Whether another process holds one of SQLite's locks on the file (the 512 bytes at
    /// 1 GiB that SQLite locks with fcntl). F_GETLK only asks: nothing is locked or written.
    /// Checked before the file is inspected, since a file in use may be mid-checkpoint.
    static func isLockedByAnotherProcess(_ path: String) -> Bool {
        let fd = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 0x4000_0000
        lock.l_len = 512
        guard fcntl(fd, F_GETLK, &lock) == 0 else { return false }
        return lock.l_type != Int16(F_UNLCK)
    }

    /// Creates the database file owner-only before SQLite opens it (SQLite gives its -wal
    /// the same permissions as the main file). Exclusively: a file that appeared since the
    /// start looked is another process's new device (two starts of one new device).
    static func createEmpty(_ path: String) throws(StoreError) {
        let fd = Foundation.open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard fd >= 0 else { throw errno == EEXIST ? .inUse(path) : .unwritable(path, String(cString: strerror(errno))) }
        close(fd)
    }

    /// Removes a database this process made and its companions (a creation that failed).
    static func removeDatabase(_ path: String) {
        for file in [path, path + "-wal", path + "-shm", path + "-journal"] { unlink(file) }
    }

    /// Makes the database and its companions owner-only.
    static func restrictPermissions(_ path: String) {
        for file in [path, path + "-wal", path + "-shm", path + "-journal"] where exists(file) {
            chmod(file, 0o600)
        }
    }
}
