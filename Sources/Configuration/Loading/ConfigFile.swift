#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a tenant, catalogue or scenario file given by a person, with plain system calls
/// (the tenant is read before the first frame). Refused before a byte is read: anything but
/// a regular file (`/dev/null`, a directory, a pipe) and a file over `Limits.fileBytes`, so a
/// 54 MB file costs one `fstat`, not its size in memory. Text that is not UTF-8 is refused at
/// the first bad byte's line and column.
public enum ConfigFile {
    /// The UTF-8 text of the file at `path`; `what` names it in errors ("the tenant file"),
    /// `shownAs` is the path errors give (as the person wrote it; `path` by default).
    public static func text(at path: String, what: String, shownAs: String? = nil) throws(ConfigError) -> String {
        let shown = shownAs ?? path
        func fail(_ problem: String) -> ConfigError {
            ConfigError(file: shown, line: 1, column: 1, message: "cannot read \(what): \(problem)")
        }
        guard !path.isEmpty else { throw fail("the path is empty; give the path of a YAML file") }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw fail(FileProblem.words(errno: errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail(FileProblem.words(errno: errno)) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            throw fail(type == S_IFDIR ? "it is a directory; give the path of a YAML file"
                : "it is not a regular file (a device, pipe or socket); give the path of a YAML file")
        }
        guard Int(info.st_size) <= Limits.fileBytes else { throw tooLarge(shown, what, size: Int(info.st_size)) }
        // Read until the end, not `st_size` bytes: a file that grows meanwhile is still refused.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw fail(FileProblem.words(errno: errno)) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[..<n])
            if bytes.count > Limits.fileBytes { throw tooLarge(shown, what, size: bytes.count) }
        }
        return try utf8(bytes, file: shown)
    }

    private static func tooLarge(_ path: String, _ what: String, size: Int) -> ConfigError {
        ConfigError(file: path, line: 1, column: 1, message:
            "\(what) is \(Limits.grouped(size)) bytes; files hubsim reads are limited to 1 MiB (\(Limits.grouped(Limits.fileBytes)) bytes): split it into smaller files")
    }

    /// `bytes` as text, or an error at the first byte that is not UTF-8.
    static func utf8(_ bytes: [UInt8], file: String) throws(ConfigError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var line = 1, column = 1
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var previousCR = false
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar == "\n" && previousCR {
                    previousCR = false
                } else if YAMLPosition.isBreak(scalar) {
                    line += 1; column = 1; previousCR = scalar == "\r"
                } else {
                    column += 1; previousCR = false
                }
            case .error, .emptyInput:
                throw ConfigError(file: file, line: line, column: column,
                                  message: "the file is not UTF-8 text here (save it as UTF-8)")
            }
        }
    }
}
