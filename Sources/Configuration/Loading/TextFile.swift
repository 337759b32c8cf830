#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole text files read with plain system calls (`open`, `read`): the tenant and the app
/// catalogue are read before hubsim's first frame, where `FileManager`, `URL` and
/// `String(contentsOf:)` cost start-up time (Docs/performance.md, Benchmarks).
enum TextFile {
    /// Why a file could not be read, in the system's words.
    struct Failure: Error, Sendable { var reason: String }

    /// The UTF-8 text of the file at `path`.
    static func text(at path: String) throws(Failure) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[..<n])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Failure(reason: "it is not UTF-8 text") }
        return text
    }

    /// Whether a readable file (or directory) is at `path`.
    static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// The target of the symbolic link at `path`, or nil.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { readlink(path, $0.baseAddress!, $0.count) }
        }
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n], as: UTF8.self)
    }
}
