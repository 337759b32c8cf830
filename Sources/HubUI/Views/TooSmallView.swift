/// Below the minimum size: say so plainly, and recover when the terminal grows.
enum TooSmallView {
    static func draw(_ c: inout Canvas, width: Int, height: Int) {
        let message = "terminal too small (\(width)x\(height), need \(HubModel.minimumWidth)x\(HubModel.minimumHeight))"
        let area = c.grid.bounds
        let lines = Canvas.wrap(message, width: width)
        let top = max(0, (height - lines.count) / 2)
        for (i, l) in lines.enumerated() { c.centred(l, in: area, row: top + i, style: c.theme.title) }
        if height > lines.count + 1 { c.centred("F10 quits", in: area, row: top + lines.count, style: c.theme.dim) }
    }
}
