import SessionEngine

/// The faults menu (Docs/faults.md), drawn over the panes (or the zoomed pane) it belongs to:
/// each kind of fault with its summary whole, `[-][+]` beside a duration, then the app's armed
/// faults with a `[disarm]` each. Every row and button is clickable; the keys are the hint
/// line's. Where the rows do not all fit, the ones around the chosen row show.
enum FaultMenuView {
    /// One row of the drawing: the menu row it belongs to and what it shows.
    private struct Line {
        enum Part { case kind(FaultKind), summary(String), armed(ArmedFault), disarm(Int), note(String) }
        var row: Int?
        var part: Part
    }

    static func draw(_ m: HubModel, _ c: inout Canvas, area: Rect) {
        guard let menu = m.faults.menu, area.width >= 24, area.height >= 5 else { return }
        let t = c.theme, d = m.device
        let rows = menu.rows(on: d)
        let selection = min(menu.selection, max(0, rows.count - 1))
        let name = m.appName(menu.app)
        let labelWidth = FaultKind.menuKinds.map { TextWidth.of(menu.fault($0).label) }.max() ?? 0
        let innerWidth = area.width - 2
        let buttons = 7 // `[-][+] `
        let summaryX = 2 + labelWidth + 1 + buttons
        // The summary beside its label where every summary fits there; else on the rows below.
        let beside = FaultKind.menuKinds.allSatisfy { TextWidth.of($0.summary) <= innerWidth - summaryX }
        var lines: [Line] = []
        for (i, row) in rows.enumerated() {
            switch row {
            case let .arm(kind):
                lines.append(Line(row: i, part: .kind(kind)))
                if !beside {
                    lines += TextWrap.lines(kind.summary, width: innerWidth - 4).map { Line(row: i, part: .summary($0)) }
                }
            case .disarmAll:
                let armed = d.armedFaults(of: menu.app)
                lines.append(Line(row: nil, part: .note("Armed on \(name), in the order they fire:")))
                lines += armed.map { Line(row: nil, part: .armed($0)) }
                lines.append(Line(row: i, part: .disarm(armed.count)))
            }
        }
        if !rows.contains(.disarmAll) {
            lines.append(Line(row: nil, part: .note("Nothing armed on \(name).")))
        }
        // The menu stands alone at the top of its area, as tall as its lines: a click beside it
        // closes it (`HubModel.click`).
        let box = Rect(x: area.x, y: area.y, width: area.width, height: min(area.height, lines.count + 2))
        c.grid.fill(box)
        let inner = c.box(box, style: t.focusedBorder, title: "Faults for \(name) · each fires once", titleStyle: t.heading)
        c.hits.add(box, .faultMenu(.inside))
        let close = "close"
        let closeWidth = TextWidth.of(close) + 2
        if box.width > closeWidth + 20 {
            c.button(close, x: box.maxX - 2 - closeWidth, y: box.maxY - 1, maxWidth: closeWidth, target: .faultMenu(.close))
        }
        // The window of lines that holds the chosen row.
        let chosen = lines.indices.filter { lines[$0].row == selection }
        var first = 0
        if lines.count > inner.height, let last = chosen.last, let top = chosen.first {
            first = min(max(0, last - inner.height + 1), top)
            first = min(first, lines.count - inner.height)
        }
        for (n, line) in lines.dropFirst(first).prefix(inner.height).enumerated() {
            let y = inner.y + n
            let selected = line.row == selection
            switch line.part {
            case let .kind(kind):
                let fault = menu.fault(kind)
                let marker = selected ? (m.asciiDrawings ? ">" : "▸") : " "
                c.text(marker, x: inner.x, y: y, width: 1, style: t.hintKey)
                c.text(fault.label.padding(labelWidth), x: inner.x + 2, y: y, width: labelWidth, style: selected ? t.selection : t.text)
                if beside { c.text(kind.summary, x: inner.x + summaryX, y: y, width: inner.width - summaryX, style: t.dim) }
                c.hits.add(Rect(x: inner.x, y: y, width: inner.width, height: 1), .faultMenu(.row(line.row ?? 0)))
                if kind.needsSeconds {
                    let x = inner.x + 2 + labelWidth + 1
                    c.button("-", x: x, y: y, maxWidth: 3, target: .faultMenu(.shorter(kind)))
                    c.button("+", x: x + 3, y: y, maxWidth: 3, target: .faultMenu(.longer(kind)))
                }
            case let .summary(text):
                c.text(text, x: inner.x + 4, y: y, width: inner.width - 4, style: t.dim)
                c.hits.add(Rect(x: inner.x, y: y, width: inner.width, height: 1), .faultMenu(.row(line.row ?? 0)))
            case let .note(text):
                c.text(text, x: inner.x + 1, y: y, width: inner.width - 1, style: t.heading)
            case let .armed(fault):
                c.text("\(mark(m)) #\(fault.id) \(fault.fault.label) · armed \(fault.armedAt)", x: inner.x + 2, y: y, width: inner.width - 2,
                       style: t.fault)
            case let .disarm(count):
                let button = "disarm"
                let buttonWidth = TextWidth.of(button) + 2
                let marker = selected ? (m.asciiDrawings ? ">" : "▸") : " "
                c.text(marker, x: inner.x, y: y, width: 1, style: t.hintKey)
                let text = count == 1 ? "disarm it" : "disarm all \(count)"
                c.text(text, x: inner.x + 2, y: y, width: inner.width - 3 - buttonWidth, style: selected ? t.selection : t.text)
                c.hits.add(Rect(x: inner.x, y: y, width: inner.width, height: 1), .faultMenu(.row(line.row ?? 0)))
                c.button(button, x: inner.maxX - buttonWidth, y: y, maxWidth: buttonWidth, target: .faultMenu(.row(line.row ?? 0)))
            }
        }
    }

    /// The fault mark, `!` where the terminal is not UTF-8.
    static func mark(_ m: HubModel) -> String { m.asciiDrawings ? "!" : "⚡" }

    /// Where the menu goes: over the panes at 80x24 (the Hub column stays in sight), over the
    /// zoomed pane when one is zoomed; never wider than its longest row needs.
    static func area(_ m: HubModel, layout: ScreenLayout, zoom: Rect) -> Rect {
        let base = m.view == .zoom ? zoom : layout.main
        let width = min(base.width, 84)
        return Rect(x: base.x + (base.width - width) / 2, y: base.y, width: width, height: base.height)
    }
}
