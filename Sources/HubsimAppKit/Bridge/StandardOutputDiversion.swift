#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Keeps the protocol's pipe to the bridge alone. Standard output carries protocol messages only
/// (Docs/bridge-protocol.md), and a stray `print` there is a line hubsim cannot parse: a warning,
/// and ten in a row mark the app faulted. So the bridge writes to a duplicate of the output and
/// points the output's descriptor at the log: whatever else writes to standard output lands in
/// the pane's log, the way language servers keep their stdout for the protocol.
enum StandardOutputDiversion {
    /// Duplicates `output` for the protocol and makes `output` write to `log` from now on.
    /// Returns the duplicate, or nil (nothing changed) when the system refuses.
    static func divert(output: Int32, to log: Int32) -> Int32? {
        let protocolOutput = dup(output)
        guard protocolOutput >= 0 else { return nil }
        guard dup2(log, output) >= 0 else {
            close(protocolOutput)
            return nil
        }
        return protocolOutput
    }

    /// The bridge's end of this process's standard output, after the diversion.
    static func standardProtocolOutput() -> FileHandle {
        // What Swift's `print` has buffered so far belongs to the old descriptor's reader.
        fflush(nil)
        guard let protocolOutput = divert(output: STDOUT_FILENO, to: STDERR_FILENO) else {
            return .standardOutput
        }
        return FileHandle(fileDescriptor: protocolOutput, closeOnDealloc: true)
    }
}
