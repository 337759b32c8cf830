/// Where the console's parts go at a screen size: the status line, the join or notice line,
/// the lead buttons, the queue of raised hands, the tiles (as many rows and columns as fit),
/// the page line and the hint line. 80x24 holds 3 x 3 tiles; 200x60, 7 x 9.
struct ConsoleLayout: Equatable {
    /// A tile: a border, four lines inside.
    static let tileWidth = 26
    static let tileHeight = 6
    /// Rows above the tiles (status, join, buttons, hands) and below (page line, hint line).
    static let rowsAbove = 4
    static let rowsBelow = 2

    let width: Int, height: Int
    let columns: Int, rows: Int

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        columns = max(1, width / Self.tileWidth)
        rows = max(1, (height - Self.rowsAbove - Self.rowsBelow) / Self.tileHeight)
    }

    var perPage: Int { columns * rows }
    /// Each tile's width: the screen's columns shared out, the leftover to the last ones.
    func tile(_ index: Int) -> Rect {
        let col = index % columns, row = index / columns
        let base = width / columns, extra = width % columns
        let x = col * base + max(0, col - (columns - extra))
        let w = base + (col >= columns - extra ? 1 : 0)
        return Rect(x: x, y: Self.rowsAbove + row * Self.tileHeight, width: min(w, 40), height: Self.tileHeight)
    }

    /// The mirror's rows on the zoom screen: between its status and button lines and the hint line.
    static func mirrorRows(height: Int) -> Int { max(0, height - 3) }
}
