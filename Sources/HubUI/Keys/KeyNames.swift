/// Key names as people write them (`F1`, `Tab`, `S-Tab`, `Enter`, `^X`, `q`): what the hint
/// line and help show, and what a scenario's `press:` step may spell.
extension Key {
    /// The short name drawn in the hint line and help.
    public var displayName: String {
        switch self {
        case let .char(c): c == " " ? "Space" : String(c)
        case let .ctrl(c): "^" + String(c).uppercased()
        case .enter: "Enter"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .escape: "Esc"
        case .backspace: "Bksp"
        case .delete: "Del"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case let .function(n): "F\(n)"
        }
    }

    /// Whether the key types a character (letter shortcuts are off while a text field has focus).
    public var isPrintable: Bool { if case .char = self { true } else { false } }

    private static let named: [String: Key] = [
        "enter": .enter, "return": .enter, "tab": .tab, "s-tab": .backTab, "backtab": .backTab, "shift-tab": .backTab,
        "esc": .escape, "escape": .escape, "bksp": .backspace, "backspace": .backspace, "del": .delete, "delete": .delete,
        "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
        "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown, "space": .char(" "),
    ]

    /// Parses one key name (`F10`, `Enter`, `^X`, `C-x`, `a`); nil when it names no key.
    public init?(name: String) {
        let lower = name.lowercased()
        if let k = Key.named[lower] { self = k; return }
        if lower.count >= 2, lower.first == "f", let n = Int(lower.dropFirst()), (1...24).contains(n) {
            self = .function(n); return
        }
        if name.count == 2, name.first == "^", let c = name.last { self = .ctrl(Character(c.lowercased())); return }
        if name.count == 3, lower.hasPrefix("c-"), let c = lower.last { self = .ctrl(c); return }
        if name.count == 1, let c = name.first { self = .char(c); return }
        return nil
    }

    /// Parses a `press:` string: names in angle brackets (`<F1>`, `<Enter>`) and plain text
    /// typed character by character (`cou1<Enter>`). Nil when a bracketed name is unknown.
    public static func sequence(_ text: String) -> [Key]? {
        var keys: [Key] = []
        var i = text.startIndex
        while i < text.endIndex {
            if text[i] == "<", let close = text[i...].firstIndex(of: ">"), close > text.index(after: i) {
                guard let k = Key(name: String(text[text.index(after: i)..<close])) else { return nil }
                keys.append(k)
                i = text.index(after: close)
            } else {
                keys.append(.char(text[i]))
                i = text.index(after: i)
            }
        }
        return keys
    }
}
