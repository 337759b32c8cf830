import Configuration
import Foundation
import SessionEngine

/// Why a device database cannot be used. `description` is one line: what went wrong,
/// where, and what to do about it. Every case leaves the file as it was.
public struct StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure, for callers and tests.
    public enum Kind: String, Equatable, Sendable {
        case corrupt, foreign, newer, unwritable, inUse, invalidName, io, full
    }

    public var kind: Kind
    /// The file or directory concerned.
    public var path: String
    /// One line; paths and names from the command line have their control characters escaped.
    public var description: String

    init(kind: Kind, path: String, description: String) {
        self.kind = kind; self.path = path; self.description = PrintableText.escaped(description)
    }

    /// The failure in a few words, for a status line ("disk full").
    public var shortReason: String {
        switch kind {
        case .full: "disk full"
        case .inUse: "file in use"
        case .unwritable: "file not writable"
        case .corrupt: "file damaged"
        default: "write failed"
        }
    }

    /// The exit status a command reports for this failure (a usage or file error).
    public var exitCode: Int32 { 2 }

    static func corrupt(_ path: String, _ detail: String) -> StoreError {
        StoreError(kind: .corrupt, path: path, description:
            "the device database \(path) is damaged (\(oneLine(detail))); it was left untouched: move it aside to keep it, then start again (the device starts unenrolled), or use --device/--ephemeral")
    }

    static func foreign(_ path: String, _ detail: String) -> StoreError {
        StoreError(kind: .foreign, path: path, description:
            "\(path) is not a hubsim device database (\(oneLine(detail))); it was left untouched: choose another --state-dir or --device, or move the file away")
    }

    static func newer(_ path: String, version: Int) -> StoreError {
        StoreError(kind: .newer, path: path, description:
            "the device database \(path) was written by a newer hubsim (schema version \(version); this one reads up to \(Schema.currentVersion)); it was left untouched: run the newer hubsim, or use --device/--ephemeral")
    }

    static func unwritable(_ path: String, _ detail: String) -> StoreError {
        StoreError(kind: .unwritable, path: path, description:
            "cannot write device state in \(path) (\(oneLine(detail))): choose a writable directory with --state-dir, or run with --ephemeral")
    }

    /// `--log-file PATH` cannot be opened for appending.
    static func logFile(_ path: String, _ detail: String) -> StoreError {
        StoreError(kind: .unwritable, path: path, description:
            "cannot open the log file \(path) (\(oneLine(detail))): give --log-file a file in an existing directory you can write to, or leave --log-file out")
    }

    static func inUse(_ path: String) -> StoreError {
        StoreError(kind: .inUse, path: path, description:
            "the device database \(path) is in use by another process (another hubsim on the same device?): quit it first, or choose another --device")
    }

    static func invalidName(_ name: String) -> StoreError {
        StoreError(kind: .invalidName, path: name, description:
            "'\(name)' cannot name a device: use letters, digits, '.', '_' and '-' (not starting with '.'), e.g. --device till-3")
    }

    static func io(_ path: String, _ what: String, _ detail: String) -> StoreError {
        StoreError(kind: .io, path: path, description:
            "cannot \(what) \(path) (\(oneLine(detail))): check the disk has space and the file is writable, or run with --ephemeral")
    }

    /// The file system has no room left (SQLite's `SQLITE_FULL`, or `ENOSPC`).
    static func full(_ path: String, _ what: String) -> StoreError {
        StoreError(kind: .full, path: path, description:
            "cannot \(what) \(path): the disk is full: free space on it (or choose another --state-dir), or run with --ephemeral")
    }

    /// SQLite's messages can span lines (`quick_check`); the error stays one line.
    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "*** in database main ***", with: "")
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: "; ")
    }
}
