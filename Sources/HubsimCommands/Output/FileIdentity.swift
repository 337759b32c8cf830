import Foundation

/// Which file a path names, whatever its spelling: `w.out`, `./w.out`, `dir/../dir/w.out`,
/// `dir//w.out`, a symbolic link to it or a hard link of it all give one identity.
///
/// Two paths are the same file when `stat(2)` gives the same device and inode (POSIX's own
/// definition of "the same file", used by `test -ef`). A path that does not exist yet is the
/// name it would be created under in the directory it would be created in: that directory's
/// device and inode (the kernel resolves its links and `..` exactly as the later `open`
/// does) and the final name. Strings are never compared.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64
    /// nil: the file exists and is `device`/`inode`. Otherwise the file does not exist yet,
    /// and would be created as `name` in the directory `device`/`inode`.
    let name: String?

    /// The identity of `path`, or nil when it cannot be told (the path is empty, ends in a
    /// slash, or its directory does not exist): nothing can be written there either, and the
    /// claim of the file says why.
    static func of(_ path: String) -> FileIdentity? {
        of(path, linksLeft: 40)
    }

    private static func of(_ path: String, linksLeft: Int) -> FileIdentity? {
        guard !path.isEmpty, linksLeft > 0 else { return nil }
        var st = stat()
        if stat(path, &st) == 0 { return FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), name: nil) }
        guard errno == ENOENT else { return nil }
        // A link to nothing: writing through it creates the file it points to.
        if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK, let target = linkText(path) {
            let resolved = target.hasPrefix("/") ? target : OutputFile.parent(of: path) + "/" + target
            return of(resolved, linksLeft: linksLeft - 1)
        }
        guard !path.hasSuffix("/"), let name = path.split(separator: "/").last.map(String.init),
              name != ".", name != ".." else { return nil }
        let directory = OutputFile.parent(of: path)
        guard stat(directory, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else { return nil }
        return FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), name: name)
    }

    /// What the symbolic link at `path` holds, as written.
    private static func linkText(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
