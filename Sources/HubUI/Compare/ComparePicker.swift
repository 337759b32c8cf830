/// `hubsim compare` with nothing named, in a terminal: the shipped comparisons and the
/// scenarios both profiles can play, one to choose with ↑↓ and Enter or a click. It only
/// chooses (`chosen`); the command holds the comparisons, each already read.
public struct ComparePicker: TerminalProgram, Sendable {
    /// One choice: what the list shows and a line about it (its file).
    public struct Entry: Sendable, Equatable {
        public var title: String
        public var detail: String
        public init(title: String, detail: String) { self.title = title; self.detail = detail }
    }

    /// The list's two parts, each under its heading (an empty one is left out).
    public let comparisons: [Entry]
    public let scenarios: [Entry]
    public let scenariosHeading: String
    public private(set) var selection = 0
    /// The entry chosen (comparisons first, then scenarios), once Enter or a click chose one.
    public private(set) var chosen: Int?
    public private(set) var width: Int
    public private(set) var height: Int
    public let theme: Theme

    /// The picker's keys as data: the handler and the clickable bar read the same list.
    public enum Action: Sendable, Hashable { case up, down, open, quit }
    public struct Binding: Sendable {
        public var keys: [Key]
        public var help: String
        public var action: Action
    }
    public static let bindings: [Binding] = [
        Binding(keys: [.up, .char("k")], help: "", action: .up),
        Binding(keys: [.down, .char("j")], help: "choose", action: .down),
        Binding(keys: [.enter, .char(" ")], help: "open", action: .open),
        Binding(keys: [.function(10), .char("q"), .escape], help: "quit", action: .quit),
    ]

    public init(comparisons: [Entry], scenarios: [Entry], scenariosHeading: String, theme: Theme, width: Int, height: Int) {
        self.comparisons = comparisons
        self.scenarios = scenarios
        self.scenariosHeading = scenariosHeading
        self.theme = theme
        self.width = width
        self.height = height
    }

    public var entries: [Entry] { comparisons + scenarios }

    /// A list of files: nothing changes without input, so sleep until it comes.
    public func secondsUntilTimedChange(shown: Frame?) -> Double? { nil }

    public mutating func handle(_ event: InputEvent, shown: Frame?) -> TerminalRequest {
        switch event {
        case let .resize(w, h):
            width = w
            height = h
            return .none
        case .tick:
            return .unchanged
        case let .key(key):
            guard let action = Self.bindings.first(where: { $0.keys.contains(key) })?.action else { return .unchanged }
            return perform(action)
        case let .mouse(mouse):
            switch mouse.button {
            case .wheelUp: return perform(.up)
            case .wheelDown: return perform(.down)
            case .left: break
            case .right, .middle: return .unchanged
            }
            let onScreen = shown.flatMap { $0.grid.width == width && $0.grid.height == height ? $0 : nil }
            switch (onScreen ?? render(width: width, height: height)).hitMap.target(x: mouse.x, y: mouse.y) {
            // A row: chosen at once, as Enter on it.
            case let .menuItem(i)?: selection = i; return perform(.open)
            case let .command(command)?: return Self.barAction(command).map { perform($0) } ?? .unchanged
            default: return .unchanged
            }
        }
    }

    /// What a key or a click on the bar asks.
    public mutating func perform(_ action: Action) -> TerminalRequest {
        switch action {
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(max(0, entries.count - 1), selection + 1)
        case .open:
            guard !entries.isEmpty else { return .unchanged }
            chosen = selection
            return .quit
        case .quit:
            chosen = nil
            return .quit
        }
        return .none
    }

    // The bar's entries reuse the Hub's hit targets (nothing of the Hub runs here): the
    // menu's up/down/select and quit stand for the picker's own.
    private static func barTarget(_ action: Action) -> HitTarget {
        switch action {
        case .up: .command(.menuUp)
        case .down: .command(.menuDown)
        case .open: .command(.menuSelect)
        case .quit: .command(.quit)
        }
    }

    private static func barAction(_ command: UIIntent) -> Action? {
        [Action.up, .down, .open, .quit].first { barTarget($0) == .command(command) }
    }

    public func render(width: Int, height: Int) -> Frame {
        var grid = CellGrid(width: width, height: height)
        var hits = HitMap()
        guard width >= 20, height >= 6 else {
            grid.put(TextWidth.truncate("hubsim compare: enlarge the terminal", to: width), x: 0, y: 0)
            return Frame(grid: grid)
        }
        grid.fill(Rect(x: 0, y: 0, width: width, height: 1), style: theme.statusBar)
        grid.put(" hubsim compare: choose what to play on two to four devices", x: 0, y: 0, style: theme.statusBar, maxWidth: width)
        // The list: headings, then entries; scrolled so the selection shows.
        var lines: [(text: String, entry: Int?)] = []
        if !comparisons.isEmpty {
            lines.append(("Comparisons (Assets/comparisons)", nil))
            lines += comparisons.enumerated().map { ($0.element.title, $0.offset) }
        }
        if !scenarios.isEmpty {
            if !lines.isEmpty { lines.append(("", nil)) }
            lines.append((scenariosHeading, nil))
            lines += scenarios.enumerated().map { ($0.element.title, comparisons.count + $0.offset) }
        }
        let top = 2, rows = height - 5
        let at = lines.firstIndex { $0.entry == selection } ?? 0
        let first = max(0, min(at - rows / 2, lines.count - rows))
        for (row, line) in lines.dropFirst(first).prefix(rows).enumerated() {
            let y = top + row
            guard let entry = line.entry else {
                grid.put(line.text, x: 1, y: y, style: theme.heading, maxWidth: width - 2)
                continue
            }
            let selected = entry == selection
            // Room kept at the right for the `↑ more` / `↓ more` marks.
            let text = TextWidth.truncate((selected ? "▸ " : "  ") + line.text, to: width - 11)
            let style = selected ? theme.selection : theme.text
            if selected { grid.fill(Rect(x: 2, y: y, width: width - 4, height: 1), style: style) }
            grid.put(text, x: 2, y: y, style: style)
            hits.add(Rect(x: 2, y: y, width: width - 4, height: 1), .menuItem(entry))
        }
        if first > 0 { grid.put("↑ more", x: width - 8, y: top, style: theme.dim) }
        if first + rows < lines.count { grid.put("↓ more", x: width - 8, y: top + rows - 1, style: theme.dim) }
        // The line under the list: the selected entry's file and profiles.
        let note = entries.indices.contains(selection) ? entries[selection].detail : "nothing to compare in this build"
        grid.put(note, x: 1, y: height - 2, style: theme.dim, maxWidth: width - 2)
        // The bar: each key entry clickable where it is drawn.
        let y = height - 1
        grid.fill(Rect(x: 0, y: y, width: width, height: 1), style: theme.statusBar)
        var x = 1
        for b in Self.bindings {
            let text = b.help.isEmpty ? b.keys[0].displayName : "\(b.keys[0].displayName) \(b.help)"
            guard x + TextWidth.of(text) < width else { break }
            grid.put(text, x: x, y: y, style: theme.statusBar)
            hits.add(Rect(x: x, y: y, width: TextWidth.of(text), height: 1), Self.barTarget(b.action))
            x += TextWidth.of(text) + (b.help.isEmpty ? 0 : 2)
        }
        return Frame(grid: grid, hitMap: hits)
    }
}
