/// Where the parts of the screen go for a terminal size: status line on top, hint line at
/// the bottom, the Hub column on the left and the panes (or a view) on the right. While a
/// lesson plays, its narration panel takes the whole width above the hint line.
struct ScreenLayout: Equatable {
    let status: Rect
    let hint: Rect
    let hub: Rect
    let main: Rect
    /// Everything between the status and hint lines (views that take the whole width).
    let body: Rect
    /// The lesson's narration panel (empty when no lesson plays).
    let lesson: Rect

    init(width: Int, height: Int, lessonRows: Int = 0) {
        status = Rect(x: 0, y: 0, width: width, height: 1)
        hint = Rect(x: 0, y: height - 1, width: width, height: 1)
        let hubWidth = width < 100 ? 32 : min(44, width / 3)
        let bodyHeight = height - 2 - lessonRows
        hub = Rect(x: 0, y: 1, width: hubWidth, height: bodyHeight)
        main = Rect(x: hubWidth, y: 1, width: width - hubWidth, height: bodyHeight)
        body = Rect(x: 0, y: 1, width: width, height: bodyHeight)
        lesson = Rect(x: 0, y: 1 + bodyHeight, width: width, height: lessonRows)
    }
}

/// How app panes tile an area: as many as fit at a readable size; when there are more
/// apps than fit, the page that holds the focused app, and a summary tile for the rest.
struct PaneTiling: Equatable {
    /// Each shown app (index into the app list) and its rectangle.
    let panes: [(index: Int, rect: Rect)]
    /// The tile that summarises the apps not shown, if any.
    let summary: Rect?
    /// The first and last app index shown.
    let shown: Range<Int>

    static let minWidth = 24
    static let minHeight = 7

    static func == (a: PaneTiling, b: PaneTiling) -> Bool {
        a.panes.map(\.index) == b.panes.map(\.index) && a.panes.map(\.rect) == b.panes.map(\.rect) && a.summary == b.summary
    }

    /// The column count whose panes come closest to a comfortable 40x10 without going
    /// below the minimum size: wide enough for API names, tall enough for a few items.
    static func bestColumns(tiles: Int, area: Rect, maxCols: Int) -> Int {
        guard tiles > 1 else { return 1 }
        var best = min(maxCols, tiles), bestScore = -1.0
        for cols in 1...min(maxCols, tiles) {
            let rows = (tiles + cols - 1) / cols
            guard area.height / rows >= minHeight else { continue }
            let w = Double(area.width / cols) / 40, h = Double(area.height / rows) / 10
            let score = min(min(w, 1), min(h, 1)) + 0.01 * min(w, h)
            if score > bestScore { best = cols; bestScore = score }
        }
        return best
    }

    init(count: Int, area: Rect, focused: Int?) {
        let maxCols = max(1, area.width / Self.minWidth)
        let maxRows = max(1, area.height / Self.minHeight)
        let capacity = maxCols * maxRows
        let perPage = count <= capacity ? count : max(1, capacity - 1)
        let page = count <= capacity ? 0 : (focused ?? 0) / perPage
        let first = page * perPage
        let shownCount = min(perPage, count - first)
        let tiles = shownCount + (count > capacity && capacity > 1 ? 1 : 0)
        let cols = Self.bestColumns(tiles: tiles, area: area, maxCols: maxCols)
        let rows = max(1, (tiles + cols - 1) / cols)
        var rects: [Rect] = []
        for t in 0..<tiles {
            let r = t / cols, c = t % cols
            // The last row's tiles share its width, so a lone tile is as wide as the area.
            let rowCount = r == rows - 1 ? tiles - r * cols : cols
            let x0 = area.x + area.width * c / rowCount, x1 = area.x + area.width * (c + 1) / rowCount
            let y0 = area.y + area.height * r / rows, y1 = area.y + area.height * (r + 1) / rows
            rects.append(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
        panes = (0..<shownCount).map { (first + $0, rects[$0]) }
        summary = tiles > shownCount ? rects.last : nil
        shown = first..<(first + shownCount)
    }
}
