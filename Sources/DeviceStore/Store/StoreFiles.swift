import Foundation

/// The file-system side of a store: an owner-only directory and owner-only files.
enum StoreFiles {
    /// Creates `dir` (and missing parents) with mode 0700, or checks an existing one can be written.
    static func prepareDirectory(_ dir: URL) throws(StoreError) {
        let path = dir.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .unwritable(path, "it is a file, not a directory") }
        } else {
            do {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw .unwritable(path, "cannot create it: \(reason(error))")
            }
        }
        guard access(path, W_OK | X_OK) == 0 else { throw .unwritable(path, String(cString: strerror(errno))) }
        // access() says yes to root everywhere; a probe file tells the truth (read-only mounts).
        let probe = dir.appendingPathComponent(".hubsim-probe-\(getpid())").path
        let fd = Foundation.open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard fd >= 0 else { throw .unwritable(path, String(cString: strerror(errno))) }
        close(fd)
        unlink(probe)
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
    /// the same permissions as the main file).
    static func createEmpty(_ path: String) throws(StoreError) {
        let fd = Foundation.open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard fd >= 0 else { throw .unwritable(path, String(cString: strerror(errno))) }
        close(fd)
    }

    /// Makes the database and its companions owner-only.
    static func restrictPermissions(_ path: String) {
        for file in [path, path + "-wal", path + "-shm", path + "-journal"] where FileManager.default.fileExists(atPath: file) {
            chmod(file, 0o600)
        }
    }

    private static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.localizedDescription
    }
}
