import Foundation

/// The one line a headless command (`run`, `check-app`) writes to standard error when a quit
/// signal ends it: that it was interrupted, by what, and what it did not write. Then hubsim dies
/// of the signal, so a shell sees 130 for SIGINT (128 + 2) and a script's loop stops.
enum InterruptNote {
    static func write(_ command: String, signal: Int32, lost: String) {
        let line = "\(command): interrupted by \(name(signal)); every program it started was stopped; \(lost)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT (Ctrl-C)"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGQUIT: "SIGQUIT"
        default: "signal \(signal)"
        }
    }
}
