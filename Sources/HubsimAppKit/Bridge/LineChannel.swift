#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Lines in from one file descriptor, lines out to another: the bridge's framing, one JSON
/// object per line ended by `\n` (the Model Context Protocol's stdio transport).
///
/// Plain `read(2)` and `write(2)`: a read returns whatever the pipe holds, so a line is handled
/// as soon as it arrives, never after a buffer fills.
final class LineChannel: Sendable {
    private let input: FileHandle
    private let output: FileHandle
    /// Bytes read but not yet returned as a line. Only the connection's one reader thread reads,
    /// so this lock is never contended; it is what lets the compiler prove the channel `Sendable`.
    private let reading = Mutex(Reading())
    /// Writers from several threads (a handler's call, the run loop's answer) one line at a time.
    private let writing = Mutex(())

    private struct Reading {
        var pending: [UInt8] = []
        var scanned = 0
        var atEnd = false
    }

    init(input: FileHandle, output: FileHandle) {
        self.input = input
        self.output = output
    }

    /// The next line without its `\n` (and a `\r` before it), or nil once the input has ended.
    /// Blocks until a whole line is there. A last line without `\n` still counts.
    func readLine() -> [UInt8]? {
        let descriptor = input.fileDescriptor
        return reading.withLock { state -> [UInt8]? in
            while true {
                if let newline = state.pending[state.scanned...].firstIndex(of: 0x0A) {
                    var line = Array(state.pending[..<newline])
                    state.pending.removeSubrange(...newline)
                    state.scanned = 0
                    if line.last == 0x0D { line.removeLast() }
                    return line
                }
                state.scanned = state.pending.count
                if state.atEnd {
                    guard !state.pending.isEmpty else { return nil }
                    defer { state.pending = []; state.scanned = 0 }
                    return state.pending
                }
                var chunk = [UInt8](repeating: 0, count: 65_536)
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    state.pending.append(contentsOf: chunk[..<count])
                } else if count == 0 || errno != EINTR {
                    state.atEnd = true
                }
            }
        }
    }

    /// Writes one line (the data must end with `\n` and hold no other). False when the other
    /// side has gone.
    @discardableResult
    func write(_ line: Data) -> Bool {
        let descriptor = output.fileDescriptor
        return writing.withLock { _ in
            line.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
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
}

/// `write(2)`, named apart from the method above.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
