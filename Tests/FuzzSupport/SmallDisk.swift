import Foundation

/// A small real file system for the full-disk tests: a tmpfs of a few hundred KiB mounted in a
/// fresh directory (root only; CI runs as root, and `mount -t tmpfs` works in its sandbox),
/// filled to the last byte by a filler file (`fill`), which `free` deletes to give the space back.
public struct SmallDisk: Sendable {
    public let path: String

    /// Whether this process may mount one.
    public static var isAvailable: Bool { getuid() == 0 }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init(kilobytes: Int) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-small-disk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", path])
    }

    /// Writes the filler file until no byte is left; returns the errno that stopped it (ENOSPC).
    @discardableResult
    public func fill() throws -> Int32 {
        let fd = open(path + "/filler", O_CREAT | O_WRONLY | O_APPEND, 0o600)
        guard fd >= 0 else { throw Failure(description: "cannot create \(path)/filler: errno \(errno)") }
        defer { close(fd) }
        let block = [UInt8](repeating: 0x55, count: 4096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, 1) }) > 0 {}
        return errno
    }

    /// Deletes the filler: the space is back.
    public func free() { unlink(path + "/filler") }

    /// Unmounts (lazily, in case a test left a file open) and removes the directory.
    public func unmount() {
        try? Self.run("/bin/umount", ["-l", path])
        rmdir(path)
    }

    /// The names in the disk's top directory, sorted.
    public var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
    }
}
