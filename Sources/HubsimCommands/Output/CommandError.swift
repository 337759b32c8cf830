import Configuration
import CursesTerminal
import Foundation
import SessionEngine

/// Why a command ends without success: the status it exits with and what it says on standard
/// error. Every command throws it; only `Hubsim.runCommandLine` prints it (`write`), so each message
/// has one form: `hubsim: ` and the problem on one line, control characters escaped.
struct CommandError: Error, Equatable {
    /// hubsim's exit statuses by name: 0 when everything asked for was done, and these otherwise.
    /// Scripts and CI tell "the scenarios failed" (1) from "the call was wrong" (2) by them.
    enum Status: Equatable, Sendable {
        /// 1: what was asked for ran and did not hold: a scenario or lesson step, a comparison's
        /// expected differences, the device's save, a confirmation answered no.
        case failed
        /// 2: a usage or file error: the call was wrong or a file could not be read or written.
        /// ArgumentParser's own status for this (64, sysexits' EX_USAGE) is not used.
        case usage
        /// The interactive session ended by a signal (128 + its number: 130, 143) or the
        /// terminal going away (129), as shells report it (`TerminalExit.exitCode`).
        case terminal(TerminalExit)

        /// The number the process exits with.
        var code: Int32 {
            switch self {
            case .failed: 1
            case .usage: 2
            case let .terminal(exit): exit.exitCode
            }
        }

        /// A headless report's status (`RunReport.exitStatus`: 0 pass, 1 fail, 2 file error);
        /// nil when it passed.
        init?(report status: Int32) {
            switch status {
            case 0: return nil
            case 1: self = .failed
            default: self = .usage
            }
        }
    }

    var status: Status
    /// What standard error shows, one or more lines; empty when everything was said already
    /// (a recording's notes, a terminal session's end).
    var message: String

    init(_ status: Status, message: String = "") {
        self.status = status
        self.message = message
    }

    /// A usage or file error (2): `hubsim: problem`.
    static func usage(_ problem: String) -> CommandError {
        CommandError(.usage, message: "hubsim: " + problem)
    }

    /// What was asked for did not hold (1): `hubsim: problem`.
    static func failed(_ problem: String) -> CommandError {
        CommandError(.failed, message: "hubsim: " + problem)
    }

    /// The lines as printed: each line's control characters escaped (`\u{1B}`), never raw,
    /// since a message echoes paths and values as given.
    var printed: String {
        message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { PrintableText.escaped(String($0)) }.joined(separator: "\n")
    }

    /// The one place a failing command writes its message.
    func write() {
        guard !message.isEmpty else { return }
        FileHandle.standardError.write(Data((printed + "\n").utf8))
    }
}

/// A line on standard error that is not a failure: what a run wrote and where
/// (`hubsim: cast 12 event(s) to walk.cast`), or a warning beside a success.
func writeNote(_ line: String) {
    FileHandle.standardError.write(Data((PrintableText.escaped(line) + "\n").utf8))
}
