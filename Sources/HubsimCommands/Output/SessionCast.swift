import Foundation
import HubUI

/// `--cast FILE` of an interactive session: every frame the terminal painted, timed by the
/// monotonic clock from the first, kept as an asciicast in memory and written at the end
/// (on every exit path: quit, a quit signal, a hang-up). A class because curses' paint
/// callback appends to it while the loop runs.
final class SessionCast {
    private(set) var recording: Asciicast
    private var start: UInt64?

    init(width: Int, height: Int, title: String, environment: [String: String]) {
        let env = ["TERM", "SHELL"].compactMap { name in environment[name].map { (name: name, value: $0) } }
        recording = Asciicast(width: width, height: height, timestamp: Int(Date().timeIntervalSince1970), title: title, env: env)
    }

    /// A frame painted now.
    func append(_ frame: Frame) {
        let now = DispatchTime.now().uptimeNanoseconds
        let origin = start ?? now
        start = origin
        recording.append(frame, at: Double(now - origin) / 1e9)
    }
}
