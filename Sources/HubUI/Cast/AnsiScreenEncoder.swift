/// Turns painted frames into the bytes a terminal would have received: cursor moves, SGR
/// colours and attributes from the cell styles (the Theme's), and UTF-8 text.
///
/// Pure, and independent of curses: a recording (asciicast) is built from the frames the
/// program drew, never from what curses wrote, so the same encoder serves an interactive
/// session, a headless scenario and anything else that produces frames. Like the painter it
/// writes only the cells that changed since the frame before; the first frame, and the first
/// after a size change, clear the screen and draw everything.
public struct AnsiScreenEncoder: Sendable {
    private var previous: CellGrid?
    private var cursorShown: Bool?

    public init() {}

    /// Forgets the screen: the next frame is drawn whole.
    public mutating func reset() {
        previous = nil
        cursorShown = nil
    }

    /// The bytes that turn the last encoded frame into `frame` (empty when nothing changed).
    public mutating func encode(_ frame: Frame) -> String {
        let grid = frame.grid
        let old = previous.flatMap { $0.width == grid.width && $0.height == grid.height ? $0 : nil }
        var out = ""
        if old == nil { out += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        var style: CellStyle? = old == nil ? .plain : nil
        for y in 0..<grid.height {
            let changed = Self.changedColumns(old, grid, y)
            var x = 0
            var cursorX: Int?
            while x < grid.width {
                guard changed[x] else { x += 1; continue }
                let cell = grid[x, y]
                if cursorX != x { out += "\u{1B}[\(y + 1);\(x + 1)H" }
                if style != cell.style {
                    out += Self.sgr(cell.style)
                    style = cell.style
                }
                if cell.isContinuation {
                    // A continuation whose leader is also drawn is covered by it; a lone one
                    // (its leader overwritten) is a space.
                    if x > 0, changed[x - 1], Self.isWideLeader(grid, x - 1, y) { x += 1; cursorX = x; continue }
                    out += " "
                } else {
                    out += Self.printable(cell.text)
                }
                x += 1
                cursorX = x
            }
        }
        if style != nil, style != .plain { out += "\u{1B}[0m" }
        let showCursor = frame.cursor != nil
        if let cursor = frame.cursor, !out.isEmpty || cursorShown != true || cursor.x != previousCursor?.x || cursor.y != previousCursor?.y {
            out += "\u{1B}[\(cursor.y + 1);\(cursor.x + 1)H"
        }
        if showCursor != cursorShown { out += showCursor ? "\u{1B}[?25h" : "\u{1B}[?25l" }
        cursorShown = showCursor
        previousCursor = frame.cursor
        previous = grid
        return out
    }

    private var previousCursor: (x: Int, y: Int)?

    /// Which columns of row `y` to draw: changed cells, and both halves of a wide character
    /// either half of which changed.
    static func changedColumns(_ old: CellGrid?, _ new: CellGrid, _ y: Int) -> [Bool] {
        var changed = (0..<new.width).map { x in old.map { $0[x, y] != new[x, y] } ?? true }
        for x in 0..<new.width where changed[x] && x + 1 < new.width && new[x + 1, y].isContinuation {
            changed[x + 1] = true
        }
        for x in stride(from: new.width - 1, through: 1, by: -1) where changed[x] && new[x, y].isContinuation {
            if isWideLeader(new, x - 1, y) { changed[x - 1] = true }
        }
        return changed
    }

    static func isWideLeader(_ grid: CellGrid, _ x: Int, _ y: Int) -> Bool {
        x + 1 < grid.width && grid[x + 1, y].isContinuation && TextWidth.of(grid[x, y].text) == 2
    }

    /// A cell's text with no control character (a grid never holds one; a cast must not either).
    static func printable(_ text: String) -> String {
        text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) } ? "?" : text
    }

    /// The SGR sequence that sets exactly `style` (from a reset, so nothing lingers).
    public static func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if let fg = colourCode(style.fg, foreground: true) { codes.append(fg) }
        if let bg = colourCode(style.bg, foreground: false) { codes.append(bg) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// 30–37 / 90–97 for a foreground, 40–47 / 100–107 for a background; nil for the default.
    static func colourCode(_ colour: TermColor, foreground: Bool) -> String? {
        let index: Int, bright: Bool
        switch colour {
        case .default: return nil
        case .black: (index, bright) = (0, false)
        case .red: (index, bright) = (1, false)
        case .green: (index, bright) = (2, false)
        case .yellow: (index, bright) = (3, false)
        case .blue: (index, bright) = (4, false)
        case .magenta: (index, bright) = (5, false)
        case .cyan: (index, bright) = (6, false)
        case .white: (index, bright) = (7, false)
        case .brightBlack: (index, bright) = (0, true)
        case .brightRed: (index, bright) = (1, true)
        case .brightGreen: (index, bright) = (2, true)
        case .brightYellow: (index, bright) = (3, true)
        case .brightBlue: (index, bright) = (4, true)
        case .brightMagenta: (index, bright) = (5, true)
        case .brightCyan: (index, bright) = (6, true)
        case .brightWhite: (index, bright) = (7, true)
        }
        let base = foreground ? (bright ? 90 : 30) : (bright ? 100 : 40)
        return String(base + index)
    }
}
