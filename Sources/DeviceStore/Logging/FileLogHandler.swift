import Configuration
import Foundation
import Logging
import Synchronization

/// The file behind `--log-file`: created owner-only (0600), appended to, shared by every
/// logger of the process.
public final class LogFile: Sendable {
    /// Where the diagnostics go.
    public let path: String
    private let fd: Int32
    /// Held for one line's writes, so lines of several threads never interleave.
    private let appending = Mutex(())

    /// Opens (creating owner-only) `path` for appending. Only a regular file is taken: a FIFO
    /// would block the open until something read it (before the first frame, with no word
    /// said), and a terminal or device would get the lines painted over the screen. Its type
    /// is looked at before the open, and the open itself cannot block (`O_NONBLOCK`) or take
    /// a terminal as the controlling one (`O_NOCTTY`); what was opened is looked at again,
    /// in case the path changed in between.
    public init(path: String) throws(StoreError) {
        guard !path.isEmpty else { throw .logFile("''", "the path is empty") }
        let notRegular = "it is not a regular file (a terminal, device, FIFO or socket)"
        var st = stat()
        if stat(path, &st) == 0, st.st_mode & S_IFMT != S_IFREG { throw .logFile(path, notRegular) }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
        guard fd >= 0 else { throw .logFile(path, FileProblem.words(errno: errno)) }
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .logFile(path, notRegular)
        }
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// Appends one line (a newline is added).
    public func append(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        appending.withLock { _ in
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }  // a full disk must not take the simulator down
                offset += n
            }
        }
    }
}

/// A swift-log handler writing one line per message to a `LogFile`:
/// `2026-11-21T15:30:00.123Z info hubsim.store: saved key=value`.
///
/// Diagnostics never carry secrets: the engine's `Secret` prints as a mask however it is
/// interpolated, and this handler adds nothing of its own but the label, level and time.
public struct FileLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let file: LogFile

    /// A handler for `label` writing to `file`.
    public init(label: String, file: LogFile, level: Logger.Level = .info) {
        self.label = label; self.file = file; self.logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let extra = event.metadata { all.merge(extra) { _, new in new } }
        var line = "\(Self.timestamp()) \(event.level) \(label): \(event.message)"
        if !all.isEmpty {
            line += " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        if let error = event.error { line += " error=\(error)" }
        file.append(line)
    }

    private static func timestamp() -> String {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        var t = time_t(ts.tv_sec)
        var tm = tm()
        gmtime_r(&t, &tm)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                      tm.tm_hour, tm.tm_min, tm.tm_sec, Int(ts.tv_nsec / 1_000_000))
    }
}
