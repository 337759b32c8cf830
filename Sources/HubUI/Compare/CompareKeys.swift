/// What a person can ask of the comparison screen.
public enum CompareAction: Sendable, Hashable {
    case nextStep, stepBack, showLeft, showRight, toggleLayout, showDifference, closeDifference, quit
}

/// The comparison screen's keys as data (as `KeyTable` is the Hub's): the handler, the bar at
/// the bottom and the bar's clickable places read the same list, so what is shown is what
/// works, by key and by click. Its own table because nothing of the Hub's works here: the
/// devices follow the scenario, not the keyboard.
public enum CompareKeys {
    public struct Binding: Sendable {
        public var keys: [Key]
        public var help: String
        public var action: CompareAction
        /// False for a key the bar does not list (Esc closes what a click also closes).
        public var inBar = true
    }

    public static let bindings: [Binding] = [
        Binding(keys: [.char(" "), .enter, .right], help: "next step", action: .nextStep),
        Binding(keys: [.left, .backspace], help: "back", action: .stepBack),
        Binding(keys: [.char("1")], help: "first", action: .showLeft),
        Binding(keys: [.char("2")], help: "second", action: .showRight),
        Binding(keys: [.char("v")], help: "side by side/tabs", action: .toggleLayout),
        Binding(keys: [.tab], help: "what differs", action: .showDifference),
        Binding(keys: [.escape], help: "close", action: .closeDifference, inBar: false),
        Binding(keys: [.function(10), .char("q")], help: "quit", action: .quit),
    ]

    /// The action `key` runs, if any.
    public static func action(for key: Key) -> CompareAction? {
        bindings.first { $0.keys.contains(key) }?.action
    }

    /// One entry of the bar's key help: its text and the columns of it a click answers.
    public struct BarItem: Sendable, Equatable {
        public struct Span: Sendable, Equatable {
            public var offset: Int, width: Int
            public var action: CompareAction
        }
        public var text: String
        public var spans: [Span]
    }

    /// The bar's entries: `Space next step`, `1/2 tabs` (`1/` shows the first, `2 tabs` the
    /// second)…; `short`, the keys' names alone (`Space 1 2 v`), where their help does not fit.
    public static func barItems(short: Bool) -> [BarItem] {
        let shown = bindings.filter(\.inBar)
        var items: [BarItem] = []
        var i = 0
        while i < shown.count {
            let b = shown[i]
            let name = b.keys[0].displayName
            if !short, b.action == .showLeft, i + 1 < shown.count, shown[i + 1].action == .showRight {
                items.append(BarItem(text: "1/2 tabs", spans: [.init(offset: 0, width: 2, action: .showLeft),
                                                                .init(offset: 2, width: 6, action: .showRight)]))
                i += 2
                continue
            }
            let text = short ? name : "\(name) \(b.help)"
            items.append(BarItem(text: text, spans: [.init(offset: 0, width: TextWidth.of(text), action: b.action)]))
            i += 1
        }
        return items
    }

    /// The separator between two entries.
    static func separator(short: Bool) -> String { short ? " " : "  " }

    /// `Space ← 1 2 v Tab F10`: the keys alone, where their help does not fit.
    public static var keyNames: String { barItems(short: true).map(\.text).joined(separator: separator(short: true)) }

    /// `Space next step  ← back  1/2 tabs …`: the bar's key help.
    public static var hint: String { barItems(short: false).map(\.text).joined(separator: separator(short: false)) }
}
