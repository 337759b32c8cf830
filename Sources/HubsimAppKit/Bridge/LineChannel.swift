#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Lines in from one file descriptor, lines out to another: the bridge's framing, one JSON
/// object per line ended by `\n` (the Model Context Protocol's stdio transport).
///
/// Plain `read(2)` and `write(2)`: a read returns whatever the pipe holds, so a line is handled
/// as soon as it arrives, never after a buffer fills.
final class LineChannel: @unchecked Sendable {
    private let input: FileHandle
    private let output: FileHandle
    /// Bytes read but not yet returned as a line. Touched only by the one reading thread.
    private var pending: [UInt8] = []
    private var scanned = 0
    private var atEnd = false
    /// Writers from several threads (a handler's call, the run loop's answer) one line at a time.
    private let writeLock = NSLock()

    init(input: FileHandle, output: FileHandle) {
        self.input = input
        self.output = output
    }

    /// The next line without its `\n` (and a `\r` before it), or nil once the input has ended.
    /// Blocks until a whole line is there. A last line without `\n` still counts.
    func readLine() -> [UInt8]? {
        while true {
            if let newline = pending[scanned...].firstIndex(of: 0x0A) {
                var line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                scanned = 0
                if line.last == 0x0D { line.removeLast() }
                return line
            }
            scanned = pending.count
            if atEnd {
                guard !pending.isEmpty else { return nil }
                defer { pending = []; scanned = 0 }
                return pending
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(input.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                pending.append(contentsOf: chunk[..<count])
            } else if count == 0 || errno != EINTR {
                atEnd = true
            }
        }
    }

    /// Writes one line (the data must end with `\n` and hold no other). False when the other
    /// side has gone.
    @discardableResult
    func write(_ line: Data) -> Bool {
        writeLock.lock()
        defer { writeLock.unlock() }
        return line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(output.fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }
}

/// `write(2)`, named apart from the method above.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
