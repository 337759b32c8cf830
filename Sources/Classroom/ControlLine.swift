import Foundation
import HubUI

/// The control pipe between the classroom and a trainee's child (its descriptor 3, one
/// socket): JSON-RPC 2.0 notifications, one object per line, as the bridge frames them
/// (Docs/bridge-protocol.md). The child tells its `trainee/status` and, while watched, its
/// frames (`trainee/frame`); the classroom tells `class/lead`, `class/reset`, `class/watch`
/// and `class/show`. Encoded and decoded here only; both ends see Swift values.
public enum ControlLine {
    /// `{"jsonrpc":"2.0","method":M,"params":P}` and a newline.
    static func notification(_ method: String, _ params: [String: Any]) -> String {
        let object: [String: Any] = ["jsonrpc": "2.0", "method": method, "params": params]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func parse(_ line: Substring) -> (method: String, params: [String: Any])? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let method = object["method"] as? String else { return nil }
        return (method, object["params"] as? [String: Any] ?? [:])
    }

    // MARK: child → classroom

    public static func status(_ s: TraineeStatus) -> String {
        var params: [String: Any] = ["step": s.step, "steps": s.steps, "state": s.state, "leaks": s.leaks,
                                     "hand": s.handRaised, "behind": s.behind, "title": s.lessonTitle]
        if let user = s.user { params["user"] = user }
        return notification("trainee/status", params)
    }

    static func decodeStatus(_ line: Substring) -> TraineeStatus? {
        guard let (method, p) = parse(line), method == "trainee/status",
              let step = p["step"] as? Int, let steps = p["steps"] as? Int, let state = p["state"] as? String else { return nil }
        return TraineeStatus(step: step, steps: steps, state: state, user: p["user"] as? String, leaks: p["leaks"] as? Int ?? 0,
                             handRaised: p["hand"] as? Bool ?? false, behind: p["behind"] as? Int ?? 0,
                             lessonTitle: p["title"] as? String ?? "")
    }

    /// The child's screen as it drew it (only while watched: `class/watch`).
    public static func frame(_ grid: CellGrid) -> String { notification("trainee/frame", ["grid": GridLine.encode(grid)]) }

    static func decodeFrame(_ params: [String: Any]) -> CellGrid? { GridLine.decode(params["grid"]) }

    // MARK: classroom → child

    /// Whether the child sends its frames (`trainee/frame`).
    static func watch(_ on: Bool) -> String { notification("class/watch", ["on": on]) }

    /// `on` of a `class/watch` line; nil for any other line.
    public static func decodeWatch(_ line: Substring) -> Bool? {
        guard let (method, p) = parse(line), method == "class/watch" else { return nil }
        return p["on"] as? Bool ?? false
    }

    /// Another trainee's screen shown to the class (`name` nil: the show is over).
    static func show(name: String?, grid: CellGrid?) -> String {
        var params: [String: Any] = ["name": name.map { $0 as Any } ?? NSNull()]
        if let grid { params["grid"] = GridLine.encode(grid) }
        return notification("class/show", params)
    }

    static func lead(_ lead: ClassLead) -> String {
        switch lead {
        case let .lead(step): notification("class/lead", ["mode": "lead", "step": step])
        case let .tryIt(step): notification("class/lead", ["mode": "try", "step": step])
        case .hold: notification("class/lead", ["mode": "hold"])
        }
    }

    /// One line for this trainee alone (`ClassMessage.note`).
    static func note(_ line: String) -> String { notification("class/note", ["line": line]) }

    static let reset = notification("class/reset", [:])
    static let lowerHand = notification("class/lowerHand", [:])

    /// A message from the classroom, for the child; nil for a line it does not know.
    public static func decodeMessage(_ line: Substring) -> ClassMessage? {
        guard let (method, p) = parse(line) else { return nil }
        switch method {
        case "class/lead":
            switch p["mode"] as? String {
            case "lead": return (p["step"] as? Int).map { .lead(.lead(step: $0)) }
            case "try": return (p["step"] as? Int).map { .lead(.tryIt(step: $0)) }
            case "hold": return .lead(.hold)
            default: return nil
            }
        case "class/show":
            guard let name = p["name"] as? String else { return .show(name: nil, grid: nil) }
            return .show(name: name, grid: GridLine.decode(p["grid"]))
        case "class/reset": return .reset
        case "class/lowerHand": return .lowerHand
        case "class/end": return .end(p["line"] as? String ?? "")
        case "class/note": return (p["line"] as? String).map { .note($0) }
        default: return nil
        }
    }
}

/// Bytes into lines: what a read gave, split at newlines, the rest kept for the next read. A
/// line longer than `longest` is dropped whole (a child cannot make the classroom hold more).
struct LineSplitter {
    static let longest = 1 << 20
    private var pending: [UInt8] = []
    private var discarding = false

    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Substring] {
        var lines: [Substring] = []
        for byte in bytes {
            if byte == 0x0A {
                if !discarding { lines.append(Substring(String(decoding: pending, as: UTF8.self))) }
                pending.removeAll(keepingCapacity: true)
                discarding = false
            } else if !discarding {
                pending.append(byte)
                if pending.count > Self.longest { pending.removeAll(); discarding = true }
            }
        }
        return lines
    }
}
