/// The lesson picker (`hubsim lesson` without a name): the shipped lessons, one per row, and
/// the one chosen. Its few keys are one table, which the hint line is drawn from too.
public struct LessonMenu: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var title: String
        public var description: String?
        public init(name: String, title: String, description: String?) {
            self.name = name; self.title = title; self.description = description
        }
    }

    /// What a key or a click asks of the picker.
    public enum Choice: Equatable, Sendable { case none, start(Int), quit }

    /// What the picker is of: its heading, its box's title, and what it says when empty.
    public struct Wording: Equatable, Sendable {
        public var heading: String
        public var choose: String
        public var empty: String
        public static let lessons = Wording(heading: " hubsim · lessons", choose: "Choose a lesson",
                                            empty: "No lessons in this build (Assets/lessons).")
        /// `hubsim race`: the race presets (Docs/faults.md).
        public static let races = Wording(heading: " hubsim · race presets", choose: "Choose a race to walk through",
                                          empty: "No race presets in this build (Assets/races).")
    }

    public var entries: [Entry]
    public var selection = 0
    public var theme: Theme
    public var wording: Wording

    public init(entries: [Entry], theme: Theme = .colour, wording: Wording = .lessons) {
        self.entries = entries
        self.theme = theme
        self.wording = wording
    }

    /// The picker's keys: what they do and how the hint line names them.
    enum Action { case up, down, start, quit }
    static let keys: [(keys: [Key], help: String, action: Action)] = [
        ([.up, .char("k")], "up", .up), ([.down, .char("j")], "down", .down), ([.enter, .char(" ")], "start", .start),
        ([.function(10), .char("q"), .escape], "quit", .quit),
    ]

    /// Moves the selection or chooses.
    public mutating func handle(_ key: Key) -> Choice {
        guard let action = Self.keys.first(where: { $0.keys.contains(key) })?.action else { return .none }
        switch action {
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(max(0, entries.count - 1), selection + 1)
        case .start: return entries.isEmpty ? .none : .start(selection)
        case .quit: return .quit
        }
        return .none
    }

    /// A click on a lesson's row starts it.
    public mutating func click(_ target: HitTarget?) -> Choice {
        guard case let .menuItem(i)? = target, entries.indices.contains(i) else { return .none }
        selection = i
        return .start(i)
    }

    /// The fewest columns a title keeps beside its name.
    static let shortestTitle = 24

    /// Rows an entry takes: its title, up to two lines of description, a blank row.
    func entryHeight(_ e: Entry, width: Int) -> Int {
        2 + (e.description.map { min(2, Canvas.wrap($0, width: width - 6).count) } ?? 0)
    }

    public func render(width: Int, height: Int) -> Frame {
        var c = Canvas(width: width, height: height, theme: theme)
        if width < HubModel.minimumWidth || height < HubModel.minimumHeight {
            TooSmallView.draw(&c, width: width, height: height)
            return c.frame
        }
        let t = theme
        let headingWidth = TextWidth.of(wording.heading)
        c.text(wording.heading, x: 0, y: 0, width: width, style: t.statusBar)
        c.grid.fill(Rect(x: headingWidth, y: 0, width: max(0, width - headingWidth), height: 1), style: t.statusBar)
        let inner = c.box(Rect(x: 0, y: 1, width: width, height: height - 2), style: t.focusedBorder, title: wording.choose,
                          titleStyle: t.heading)
        // The list scrolls so the selection is always whole on screen (six lessons take 25 rows;
        // 80x24 has 20 for them): from the top while the selection fits, else with the
        // selection's entry ending on the last row. An arrow says where more lessons are.
        let heights = entries.map { entryHeight($0, width: inner.width) }
        let room = inner.height - 2
        var first = 0
        if !entries.isEmpty {
            let chosen = min(max(0, selection), entries.count - 1)
            while first < chosen, heights[first...chosen].reduce(0, +) - 1 > room { first += 1 }
        }
        var row = 1
        var last = first - 1
        for (i, e) in entries.enumerated().dropFirst(first) {
            guard row + heights[i] - 1 <= room + 1 || i == first else { break }
            let selected = i == selection
            let rect = Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1)
            // The name (what `hubsim lesson NAME` or `hubsim race NAME` takes) at the right, the
            // title cut short before it with a gap; a name too long to leave the title room is
            // left out rather than drawn over the title.
            let nameWidth = TextWidth.of(e.name)
            let titleRoom = inner.width - 1 - nameWidth - 3
            let showsName = titleRoom >= Self.shortestTitle
            let marked = (selected ? "▸ " : "  ") + e.title
            let text = showsName ? TextWidth.truncate(marked, to: titleRoom) : marked
            c.line(text, in: inner, row: row, indent: 1, style: selected ? t.selection : t.title)
            if showsName { c.text(e.name, x: inner.maxX - nameWidth - 1, y: inner.y + row, width: nameWidth, style: t.dim) }
            var hit = rect
            row += 1
            if let d = e.description {
                for line in Canvas.wrap(d, width: inner.width - 6).prefix(2) where row < inner.height - 1 {
                    c.line(line, in: inner, row: row, indent: 4, style: t.dim)
                    row += 1
                    hit.height += 1
                }
            }
            c.hits.add(hit, .menuItem(i))
            row += 1
            last = i
        }
        if first > 0 { c.line("↑ \(first) more above", in: inner, row: 0, indent: inner.width - 16, style: t.dim) }
        if last < entries.count - 1 {
            let more = "↓ \(entries.count - 1 - last) more below"
            c.line(more, in: inner, row: inner.height - 1, indent: inner.width - TextWidth.of(more) - 2, style: t.dim)
        }
        if entries.isEmpty { c.line(wording.empty, in: inner, row: 1, indent: 1, style: t.warning) }
        var x = 1
        for k in Self.keys {
            let name = k.keys.prefix(2).map(\.displayName).joined(separator: "/")
            c.text(name, x: x, y: height - 1, width: TextWidth.of(name), style: t.hintKey)
            c.text(k.help, x: x + TextWidth.of(name) + 1, y: height - 1, width: TextWidth.of(k.help), style: t.hint)
            x += TextWidth.of(name) + TextWidth.of(k.help) + 3
        }
        return c.frame
    }
}
