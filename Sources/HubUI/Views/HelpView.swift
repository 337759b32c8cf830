/// `F1`: the whole key table (keys, help, where it applies), drawn from the same data that
/// handles the keys.
enum HelpView {
    static func draw(_ m: HubModel, _ c: inout Canvas, screen: Rect) {
        let t = c.theme
        let inner = c.box(screen, style: t.focusedBorder, title: "Keys · F1 or Esc closes · PgUp/PgDn scroll", titleStyle: t.heading)
        var lines: [(String, String, String)] = KeyTable.bindings.map { ($0.keyNames, $0.help, $0.scope) }
        lines.append(("", "", ""))
        lines.append(("", "Letter shortcuts are off while a text field has focus.", ""))
        lines.append(("", "Mouse: click panes, fields, buttons and hint-line entries.", ""))
        let columns = inner.width >= 110 ? 2 : 1
        let colWidth = inner.width / columns
        let perColumn = max(1, columns == 2 ? (lines.count + 1) / 2 : inner.height)
        let scroll = columns == 2 && perColumn <= inner.height ? 0 : min(m.helpScroll, max(0, lines.count - inner.height))
        for (i, l) in lines.enumerated().dropFirst(scroll) {
            let idx = i - scroll
            let col = idx / perColumn, row = idx % perColumn
            guard col < columns, row < inner.height else { continue }
            let x = inner.x + col * colWidth + 1
            c.text(l.0, x: x, y: inner.y + row, width: 14, style: t.hintKey)
            c.text(l.1, x: x + 15, y: inner.y + row, width: 22, style: t.text)
            c.text(l.2, x: x + 38, y: inner.y + row, width: colWidth - 40, style: t.dim)
            if l.0.isEmpty { c.text(l.1, x: x, y: inner.y + row, width: colWidth - 2, style: t.dim) }
        }
    }
}
