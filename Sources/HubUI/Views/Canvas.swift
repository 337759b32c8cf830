import SessionEngine

/// What a view draws into: the grid, the hit map of what it made clickable, the cursor,
/// and the theme. Views are functions of the model onto a canvas; nothing here knows curses.
struct Canvas {
    var grid: CellGrid
    var hits = HitMap()
    var cursor: (x: Int, y: Int)?
    let theme: Theme
    /// The earliest simulator instant at which a running time drawn here (`RunningTime`)
    /// shows another text; nil when the canvas shows none.
    private(set) var changesAt: SimInstant?

    init(width: Int, height: Int, theme: Theme) {
        grid = CellGrid(width: width, height: height)
        self.theme = theme
    }

    var frame: Frame { Frame(grid: grid, cursor: cursor, hitMap: hits, changesAt: changesAt) }

    /// A running time drawn on this canvas shows another text at `instant`.
    mutating func changes(at instant: SimInstant) {
        changesAt = min(changesAt ?? instant, instant)
    }

    /// Writes text clipped to `width` columns; returns the columns used.
    @discardableResult
    mutating func text(_ s: String, x: Int, y: Int, width: Int, style: CellStyle = .plain) -> Int {
        guard width > 0 else { return 0 }
        return grid.put(TextWidth.truncate(s, to: width), x: x, y: y, style: style, maxWidth: width)
    }

    /// Writes text on a row of `rect`, clipped to it.
    @discardableResult
    mutating func line(_ s: String, in rect: Rect, row: Int, indent: Int = 0, style: CellStyle = .plain) -> Int {
        guard row >= 0, row < rect.height else { return 0 }
        return text(s, x: rect.x + indent, y: rect.y + row, width: rect.width - indent, style: style)
    }

    /// Text centred on a row of `rect`.
    mutating func centred(_ s: String, in rect: Rect, row: Int, style: CellStyle = .plain) {
        let t = TextWidth.truncate(s, to: rect.width)
        let x = rect.x + max(0, (rect.width - TextWidth.of(t)) / 2)
        line(t, in: Rect(x: x, y: rect.y, width: rect.maxX - x, height: rect.height), row: row, style: style)
    }

    /// A box with an optional title in its top border; returns the inside.
    @discardableResult
    mutating func box(_ r: Rect, style: CellStyle, title: String? = nil, titleStyle: CellStyle? = nil) -> Rect {
        guard r.width >= 2, r.height >= 2 else { return Rect(x: r.x, y: r.y, width: 0, height: 0) }
        // Cell by cell, not as text: every frame draws a box per pane (the border characters
        // are one column wide, so nothing needs measuring).
        let inside = Rect(x: r.x + 1, y: r.y + 1, width: r.width - 2, height: r.height - 2)
        grid.fill(inside)
        grid.fill(Rect(x: inside.x, y: r.y, width: inside.width, height: 1), with: "─", style: style)
        grid.fill(Rect(x: inside.x, y: r.maxY - 1, width: inside.width, height: 1), with: "─", style: style)
        grid.fill(Rect(x: r.x, y: inside.y, width: 1, height: inside.height), with: "│", style: style)
        grid.fill(Rect(x: r.maxX - 1, y: inside.y, width: 1, height: inside.height), with: "│", style: style)
        for (corner, x, y) in [("┌", r.x, r.y), ("┐", r.maxX - 1, r.y), ("└", r.x, r.maxY - 1), ("┘", r.maxX - 1, r.maxY - 1)] as [(Character, Int, Int)] {
            grid.fill(Rect(x: x, y: y, width: 1, height: 1), with: corner, style: style)
        }
        if let title, r.width > 4 {
            // Padding spaces give way before the title's own characters do.
            let padded = TextWidth.of(title) + 2 <= r.width - 2 ? " " + title + " " : title
            text(padded, x: r.x + 1, y: r.y, width: r.width - 2, style: titleStyle ?? style)
        }
        return Rect(x: r.x + 1, y: r.y + 1, width: r.width - 2, height: r.height - 2)
    }

    /// A clickable button `[ label ]`; returns its width.
    @discardableResult
    mutating func button(_ label: String, x: Int, y: Int, maxWidth: Int, target: HitTarget, style: CellStyle? = nil) -> Int {
        let w = text("[" + label + "]", x: x, y: y, width: maxWidth, style: style ?? theme.button)
        hits.add(Rect(x: x, y: y, width: w, height: 1), target)
        return w
    }

    /// Word-wraps `s` to `width` columns (long words break at identifier boundaries, never cut).
    static func wrap(_ s: String, width: Int) -> [String] { TextWrap.lines(s, width: width) }

    /// Writes wrapped text from `row`; returns the next free row.
    @discardableResult
    mutating func paragraph(_ s: String, in rect: Rect, row: Int, indent: Int = 0, style: CellStyle = .plain, maxLines: Int = .max) -> Int {
        var r = row
        for l in Canvas.wrap(s, width: rect.width - indent).prefix(maxLines) where r < rect.height {
            line(l, in: rect, row: r, indent: indent, style: style)
            r += 1
        }
        return r
    }
}
