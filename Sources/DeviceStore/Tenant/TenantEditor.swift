import Configuration
import Foundation
import SessionEngine

/// Adds a user to a tenant file by inserting text at the end of its `users:` list, so the
/// file's comments and layout survive; the result is validated with `TenantLoader` before
/// it is written, atomically.
public enum TenantEditor {
    /// A user to add, with the hash of their password (never the password).
    public struct NewUser: Sendable {
        public var name: String
        public var displayName: String?
        public var group: String?
        /// nil: an end user; otherwise a staging user of that mode.
        public var staging: StagingMode?
        public var passwordHash: PasswordHash

        public init(name: String, displayName: String? = nil, group: String? = nil, staging: StagingMode? = nil,
                    passwordHash: PasswordHash) {
            self.name = name; self.displayName = displayName; self.group = group; self.staging = staging
            self.passwordHash = passwordHash
        }
    }

    /// Checks the request against the current tenant before a password is asked for.
    /// `minimumCost` is the least scrypt work the file's hashes may ask for (`TenantLoader`).
    public static func precheck(_ name: String, group: String?, in text: String, file: String,
                                minimumCost: ScryptCost = .minimum) throws(ConfigError) {
        let tenant = try TenantLoader.load(yaml: text, file: file, minimumCost: minimumCost)
        // Checked before the password is asked: the file would refuse the name afterwards.
        guard name.count <= Limits.nameLength else {
            throw ConfigError(file: file, line: 1, column: 1, message:
                "the user name is \(name.count) characters long; names are limited to \(Limits.nameLength) characters")
        }
        guard UserID.isValidName(name) else {
            throw ConfigError(file: file, line: 1, column: 1, message: "\(name.debugDescription) cannot be a user name: use \(UserID.nameRule)")
        }
        if tenant.user(UserID(name)) != nil {
            throw ConfigError(file: file, line: 1, column: 1, message: "user '\(UserID(name))' is already in the tenant; nothing was written")
        }
        if let group, tenant.group(group) == nil {
            throw ConfigError(file: file, line: 1, column: 1, message:
                "unknown group '\(group)'; groups: \(tenant.groups.map(\.id).joined(separator: ", "))")
        }
        _ = try usersBlock(in: lines(of: text), file: file)
    }

    /// The tenant text with `user` appended to its `users:` list, validated.
    public static func adding(_ user: NewUser, to text: String, file: String,
                              minimumCost: ScryptCost = .minimum) throws(ConfigError) -> String {
        try precheck(user.name, group: user.group, in: text, file: file, minimumCost: minimumCost)
        var lines = lines(of: text)
        let block = try usersBlock(in: lines, file: file)
        let dash = String(repeating: " ", count: block.dashIndent)
        let key = String(repeating: " ", count: block.keyIndent)
        var entry = ["\(dash)- name: \(YAMLText.quoted(user.name))"]
        if let d = user.displayName { entry.append("\(key)displayName: \(YAMLText.quoted(d))") }
        if let g = user.group { entry.append("\(key)group: \(YAMLText.quoted(g))") }
        if let mode = user.staging {
            entry.append("\(key)role: staging")
            entry.append("\(key)staging: \(mode.rawValue)")
        }
        entry.append("\(key)passwordHash: \(YAMLText.quoted(user.passwordHash.phc))")
        lines.insert(contentsOf: entry, at: block.insertAt)
        var result = lines.joined(separator: "\n")
        if !result.hasSuffix("\n") { result += "\n" }
        let tenant = try TenantLoader.load(yaml: result, file: file, minimumCost: minimumCost)
        guard tenant.user(UserID(user.name)) != nil else {
            throw ConfigError(file: file, line: block.insertAt + 1, column: 1, message: "the new user did not land in 'users'; add it by hand")
        }
        return result
    }

    /// Writes `text` to `url` atomically (a temporary file in the same directory, renamed),
    /// keeping the file's permissions. A symbolic link is followed: the file it points to is
    /// replaced, beside itself (a rename does not cross file systems), and the link is kept;
    /// renaming over the link would replace the link with a copy and leave the tenant the
    /// link points to, the one every other reader of the link loads, without the change.
    public static func writeAtomically(_ text: String, to url: URL) throws(ConfigError) {
        let path = resolvingLinks(url.path)
        let target = URL(fileURLWithPath: path)
        var st = stat()
        let mode: mode_t = stat(path, &st) == 0 ? st.st_mode & 0o777 : 0o600
        let temp = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp").path
        func fail(_ what: String) -> ConfigError {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            return ConfigError(file: url.path, line: 1, column: 1, message: "cannot \(what): \(reason); the file was not changed")
        }
        let fd = open(temp, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, mode)
        guard fd >= 0 else { throw fail("create a temporary file beside it") }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { close(fd); throw fail("write") }
            offset += n
        }
        fchmod(fd, mode)
        guard fsync(fd) == 0, close(fd) == 0 else { throw fail("write") }
        guard rename(temp, path) == 0 else { throw fail("replace the file") }
    }

    /// The file `path` ends at once every symbolic link on the way is followed; `path` itself
    /// when it is not a link (or a link to nothing, which the write then creates as a file).
    private static func resolvingLinks(_ path: String) -> String {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    // MARK: finding the users block

    struct UsersBlock { var insertAt: Int; var dashIndent: Int; var keyIndent: Int }

    private static func lines(of text: String) -> [String] {
        var lines = text.components(separatedBy: "\n").map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private static func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
    private static func isBlankOrComment(_ line: String) -> Bool {
        let t = line.trimmingCharacters(in: .whitespaces)
        return t.isEmpty || t.hasPrefix("#")
    }

    static func usersBlock(in lines: [String], file: String) throws(ConfigError) -> UsersBlock {
        guard let header = lines.firstIndex(where: { $0.hasPrefix("users:") }) else {
            throw ConfigError(file: file, line: 1, column: 1, message: "no top-level 'users:' list to add to")
        }
        let rest = lines[header].dropFirst("users:".count).trimmingCharacters(in: .whitespaces)
        guard rest.isEmpty || rest.hasPrefix("#") else {
            throw ConfigError(file: file, line: header + 1, column: 8, message:
                "'users' is written inline (flow style); write it as a block list (one '- name:' per user) or add the user by hand")
        }
        // The block runs to the next top-level key (a line at column 0 that is not a list item).
        var end = header + 1
        while end < lines.count {
            let line = lines[end]
            if !isBlankOrComment(line) && indent(line) == 0 && !line.hasPrefix("-") { break }
            end += 1
        }
        // Blank lines and column-0 comments just before the next key belong to that key.
        var insertAt = end
        while insertAt > header + 1 && isBlankOrComment(lines[insertAt - 1])
            && (lines[insertAt - 1].trimmingCharacters(in: .whitespaces).isEmpty || indent(lines[insertAt - 1]) == 0) {
            insertAt -= 1
        }
        guard let first = lines[(header + 1)..<end].first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("-") }) else {
            return UsersBlock(insertAt: insertAt, dashIndent: 2, keyIndent: 4)
        }
        let dashIndent = indent(first)
        let afterDash = first.dropFirst(dashIndent + 1)
        let keyIndent = dashIndent + 1 + afterDash.prefix { $0 == " " }.count
        return UsersBlock(insertAt: insertAt, dashIndent: dashIndent, keyIndent: keyIndent)
    }
}
