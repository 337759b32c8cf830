/// A terminal colour. `default` is the terminal's own foreground or background.
public enum TermColor: Hashable, Sendable {
    case `default`
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
}

/// How a cell is drawn.
public struct CellStyle: Hashable, Sendable {
    public var fg: TermColor
    public var bg: TermColor
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(fg: TermColor = .default, bg: TermColor = .default, bold: Bool = false, dim: Bool = false,
                reverse: Bool = false, underline: Bool = false) {
        self.fg = fg; self.bg = bg; self.bold = bold; self.dim = dim; self.reverse = reverse; self.underline = underline
    }

    public static let plain = CellStyle()
}

/// One terminal cell. A wide character occupies its cell and the next one, whose `text`
/// is empty (the continuation), as in ratatui's buffer.
public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: CellStyle
    public init(text: String = " ", style: CellStyle = .plain) { self.text = text; self.style = style }
    public static let blank = Cell()
    public var isContinuation: Bool { text.isEmpty }
}

/// A rectangle of the screen.
public struct Rect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < x + width && py >= y && py < y + height }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
}

/// The whole screen as text and style per cell: what every view draws into and what the
/// terminal layer paints (only the cells that changed since the last frame).
public struct CellGrid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width); self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Writes `text` from (x, y), clipped to `maxWidth` columns and to the grid. Returns
    /// the number of columns used. A wide character that does not fit is replaced by a space.
    /// Text written over half of a wide character blanks its other half (`mendEdges`).
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        var col = x
        defer { mendEdges(y: y, from: max(0, x), to: min(width, col)) }
        for ch in text {
            let w = TextWidth.of(ch)
            if w == 0 { continue }
            if col + w > limit {
                if w == 2 && col < limit { if col >= 0 { self[col, y] = Cell(text: " ", style: style) }; col += 1 }
                break
            }
            if col >= 0 {
                self[col, y] = Cell(text: String(ch), style: style)
                if w == 2 && col + 1 < width { self[col + 1, y] = Cell(text: "", style: style) }
            }
            col += w
        }
        return col - x
    }

    /// Fills a rectangle with one character and style (a wide character cut at its edge is
    /// blanked, as `put` does).
    public mutating func fill(_ rect: Rect, with char: Character = " ", style: CellStyle = .plain) {
        let cell = Cell(text: String(char), style: style)
        let x0 = max(0, rect.x), x1 = min(width, rect.maxX)
        guard x0 < x1 else { return }
        for y in max(0, rect.y)..<min(height, rect.maxY) {
            for x in x0..<x1 { self[x, y] = cell }
            mendEdges(y: y, from: x0, to: x1)
        }
    }

    /// After columns `from..<to` of row `y` were written: a wide character whose other half lay
    /// there is blanked, so no half of one is left on screen (an overlay drawn over a pane's
    /// `⚡` left its first half without a continuation, and the terminal would have drawn the
    /// overlay's border a column off). Only the two edges can cut one.
    private mutating func mendEdges(y: Int, from: Int, to: Int) {
        guard from < to else { return }
        // A wide character just before the range whose continuation was overwritten.
        if from > 0, TextWidth.of(self[from - 1, y].text) == 2, !self[from, y].isContinuation {
            self[from - 1, y] = Cell(text: " ", style: self[from - 1, y].style)
        }
        // A continuation just after the range whose wide character was overwritten.
        if to < width, self[to, y].isContinuation, TextWidth.of(self[to - 1, y].text) != 2 {
            self[to, y] = Cell(text: " ", style: self[to, y].style)
        }
    }

    /// Changes the style of every cell in `rect`, keeping the text.
    public mutating func restyle(_ rect: Rect, _ change: (inout CellStyle) -> Void) {
        for y in max(0, rect.y)..<min(height, rect.maxY) {
            for x in max(0, rect.x)..<min(width, rect.maxX) { change(&self[x, y].style) }
        }
    }

    /// The grid's text, one string per row, trailing spaces kept (golden files compare these).
    public var lines: [String] {
        (0..<height).map { y in (0..<width).map { self[$0, y].text }.joined() }
    }

    /// The text of the grid as one string, rows joined by newlines, trailing spaces trimmed.
    public var text: String {
        lines.map { line in
            var l = Substring(line)
            while l.last == " " { l = l.dropLast() }
            return String(l)
        }.joined(separator: "\n")
    }
}
