/// What a person can ask of the comparison screen.
public enum CompareAction: Sendable, Hashable {
    case nextStep, stepBack
    /// Shows profile `index` (0 the first named) as a tab.
    case showTab(Int)
    case nextTab, previousTab, toggleLayout, showDifference, closeDifference, quit
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

    /// The most profiles a comparison shows: one digit key each.
    public static let maximumTabs = 4

    public static let bindings: [Binding] = [
        Binding(keys: [.char(" "), .enter, .right], help: "next step", action: .nextStep),
        Binding(keys: [.left, .backspace], help: "back", action: .stepBack),
    ] + (0..<maximumTabs).map { i in
        Binding(keys: [.char(Character(String(i + 1)))], help: "tab \(i + 1)", action: .showTab(i))
    } + [
        Binding(keys: [.tab], help: "next tab", action: .nextTab),
        Binding(keys: [.backTab], help: "previous tab", action: .previousTab, inBar: false),
        Binding(keys: [.char("v")], help: "side by side/tabs", action: .toggleLayout),
        Binding(keys: [.char("d")], help: "what differs", action: .showDifference),
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

    /// The bar's entries for a comparison of `tabs` profiles: `Space next step`, `1/2/3 tabs`
    /// (each digit shows its tab, `tabs` the last)…; the digit keys past `tabs` are left out.
    /// `short`, the keys' names alone (`Space ← 1 2 3 Tab`), where their help does not fit.
    public static func barItems(short: Bool, tabs: Int) -> [BarItem] {
        let shown = bindings.filter { binding in
            guard binding.inBar else { return false }
            if case let .showTab(i) = binding.action { return i < tabs }
            return true
        }
        var items: [BarItem] = []
        var digits: [BarItem.Span] = []
        for b in shown {
            let name = b.keys[0].displayName
            if case .showTab = b.action, !short {
                // The digits read as one entry, `1/2/3 tabs`; each answers for its own tab.
                let offset = digits.count * 2
                digits.append(.init(offset: offset, width: 2, action: b.action))
                guard digits.count == min(tabs, maximumTabs) else { continue }
                var spans = digits
                spans[spans.count - 1].width = 6
                items.append(BarItem(text: (1...digits.count).map(String.init).joined(separator: "/") + " tabs", spans: spans))
                continue
            }
            let text = short ? name : "\(name) \(b.help)"
            items.append(BarItem(text: text, spans: [.init(offset: 0, width: TextWidth.of(text), action: b.action)]))
        }
        return items
    }

    /// The separator between two entries.
    static func separator(short: Bool) -> String { short ? " " : "  " }

    /// `Space ← 1 2 Tab v d F10`: the keys alone, where their help does not fit.
    public static func keyNames(tabs: Int) -> String {
        barItems(short: true, tabs: tabs).map(\.text).joined(separator: separator(short: true))
    }

    /// `Space next step  ← back  1/2 tabs …`: the bar's key help.
    public static func hint(tabs: Int) -> String {
        barItems(short: false, tabs: tabs).map(\.text).joined(separator: separator(short: false))
    }
}
