/// What a person can ask of the comparison screen.
public enum CompareAction: Sendable, Equatable {
    case nextStep, showLeft, showRight, toggleLayout, quit
}

/// The comparison screen's keys as data (as `KeyTable` is the Hub's): the handler and the
/// bar at the bottom read the same list, so what is shown is what works. Its own table
/// because nothing of the Hub's works here: the devices follow the scenario, not the keyboard.
public enum CompareKeys {
    public struct Binding: Sendable {
        public var keys: [Key]
        public var help: String
        public var action: CompareAction
    }

    public static let bindings: [Binding] = [
        Binding(keys: [.char(" "), .enter], help: "next step", action: .nextStep),
        Binding(keys: [.char("1")], help: "first", action: .showLeft),
        Binding(keys: [.char("2")], help: "second", action: .showRight),
        Binding(keys: [.char("v")], help: "side by side/tabs", action: .toggleLayout),
        Binding(keys: [.function(10), .char("q")], help: "quit", action: .quit),
    ]

    /// The action `key` runs, if any.
    public static func action(for key: Key) -> CompareAction? {
        bindings.first { $0.keys.contains(key) }?.action
    }

    /// `Space 1 2 v F10`: the keys alone, where their help does not fit.
    public static var keyNames: String { bindings.map { $0.keys[0].displayName }.joined(separator: " ") }

    /// `Space next step  1/2 …`: the bar's key help.
    public static var hint: String {
        var parts: [String] = []
        var i = 0
        while i < bindings.count {
            let b = bindings[i]
            if b.action == .showLeft, i + 1 < bindings.count, bindings[i + 1].action == .showRight {
                parts.append("1/2 tabs")
                i += 2
                continue
            }
            parts.append("\(b.keys[0].displayName) \(b.help)")
            i += 1
        }
        return parts.joined(separator: "  ")
    }
}
