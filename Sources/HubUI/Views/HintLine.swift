/// The bottom line: the active bindings of the key table, each clickable. What does not fit
/// goes into a "more" entry at the end, whose menu lists the rest, so every action that works
/// here can be clicked at any width.
enum HintLine {
    /// One entry: the binding, its text (`F2 log`) and the key drawn first.
    struct Entry {
        var binding: KeyBinding
        var text: String
        var key: String
    }

    /// The last entry when the line overflows: opens the menu of the rest.
    static let moreText = "… more"

    /// The entries the line shows and those left for the "more" menu, at `width` columns.
    static func split(_ m: HubModel, width: Int) -> (shown: [Entry], rest: [Entry]) {
        let context = m.keyContext
        let all: [Entry] = KeyTable.hints(in: context).compactMap { hint in
            // The key the hint names (a lesson may have taken the binding's first one: Enter).
            hint.binding.activeKeys(in: context).first { hint.text.hasPrefix($0.displayName + " ") }
                .map { Entry(binding: hint.binding, text: hint.text, key: $0.displayName) }
        }
        let room = width - 2
        let total = all.reduce(0) { $0 + TextWidth.of($1.text) } + 2 * max(0, all.count - 1)
        if total <= room { return (all, []) }
        let reserve = TextWidth.of(moreText) + 2
        var used = 0, shown: [Entry] = []
        for e in all {
            let w = TextWidth.of(e.text) + (shown.isEmpty ? 0 : 2)
            if used + w + reserve > room { break }
            used += w
            shown.append(e)
        }
        return (shown, Array(all.dropFirst(shown.count)))
    }

    static func draw(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme
        let (shown, rest) = split(m, width: r.width)
        var x = r.x + 1
        for e in shown {
            let w = TextWidth.of(e.text)
            c.text(e.key, x: x, y: r.y, width: w, style: t.hintKey)
            c.text(e.binding.help, x: x + TextWidth.of(e.key) + 1, y: r.y, width: w - TextWidth.of(e.key) - 1, style: t.hint)
            c.hits.add(Rect(x: x, y: r.y, width: w, height: 1), .command(e.binding.command))
            x += w + 2
        }
        guard !rest.isEmpty else { return }
        let w = TextWidth.of(moreText)
        c.text(moreText, x: x, y: r.y, width: w, style: m.hintMenuOpen ? t.selection : t.hintKey)
        c.hits.add(Rect(x: x, y: r.y, width: w, height: 1), .command(.moreActions))
    }

    /// The menu of the entries the line had no room for, above its right end.
    static func drawMenu(_ m: HubModel, _ c: inout Canvas, screen: Rect) {
        guard m.hintMenuOpen else { return }
        let t = c.theme
        let rest = split(m, width: screen.width).rest
        guard !rest.isEmpty else { return }
        let width = min(screen.width - 2, (rest.map { TextWidth.of($0.text) }.max() ?? 0) + 4)
        let height = min(screen.height - 2, rest.count + 2)
        let r = Rect(x: screen.maxX - width - 1, y: screen.maxY - 1 - height, width: width, height: height)
        let inner = c.box(r, style: t.focusedBorder, title: "more", titleStyle: t.heading)
        for (i, e) in rest.prefix(inner.height).enumerated() {
            let y = inner.y + i
            c.text(e.key, x: inner.x + 1, y: y, width: inner.width - 1, style: t.hintKey)
            c.text(e.binding.help, x: inner.x + 2 + TextWidth.of(e.key), y: y, width: inner.width - 2 - TextWidth.of(e.key), style: t.text)
            c.hits.add(Rect(x: inner.x, y: y, width: inner.width, height: 1), .command(e.binding.command))
        }
    }
}
