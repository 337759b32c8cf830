import SessionEngine

/// The audit (`a`): every item of another user the device can read now (an exposure) with
/// its app, whose data it is, since when and why the app kept it, shown leaks first; then each
/// app's verdict. Scrolls like the zoomed pane.
enum AuditView {
    static func area(_ m: HubModel) -> Rect { ZoomView.area(width: m.width, height: m.height, lessonRows: m.lessonRows) }

    static func extent(_ m: HubModel) -> (rows: Int, visible: Int) {
        let r = area(m)
        return (rows(m, width: max(0, r.width - 2)).count, max(0, r.height - 2))
    }

    static func draw(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme
        let (leaks, willLeaks) = m.device.leakCounts
        let exposures = m.device.exposures
        let title = "Audit · \(exposures.count) exposed item\(exposures.count == 1 ? "" : "s") · LEAK \(leaks) · will leak \(willLeaks)"
        let inner = c.box(r, style: leaks > 0 ? t.error : t.focusedBorder, title: title, titleStyle: leaks > 0 ? t.leakBanner : t.heading)
        guard inner.height > 0 else { return }
        let all = rows(m, width: inner.width)
        let first = min(m.auditScroll, max(0, all.count - inner.height))
        for (i, row) in all.dropFirst(first).prefix(inner.height).enumerated() {
            c.line(row.text, in: inner, row: i, indent: row.indent, style: style(row.look, m, t))
        }
        c.text(" ↑↓ PgUp/PgDn scroll · a or Esc back ", x: r.x + 1, y: r.maxY - 1, width: r.width - 2, style: t.dim)
    }

    private enum Look { case heading, text, dim, shown, owner(UserID), verdict(AppVerdict.Kind) }
    private struct Row { var text: String; var indent = 0; var look: Look }

    private static func rows(_ m: HubModel, width: Int) -> [Row] {
        let d = m.device
        var out: [Row] = []
        func add(_ text: String, indent: Int = 0, _ look: Look) {
            for (n, l) in TextWrap.lines(text, width: max(1, width - indent), hanging: 2).enumerated() {
                out.append(Row(text: l, indent: indent + (n == 0 ? 0 : 2), look: look))
            }
        }
        let exposures = d.exposures
        add("Exposures: the previous users' data this device can read now", .heading)
        if exposures.isEmpty { add("none", indent: 2, .dim) }
        for e in exposures {
            let since = e.since.map { "since \($0)" } ?? "kept"
            add("\(e.shown ? "LEAK" : "kept") · \(e.app) · \(e.text)", indent: 2, e.shown ? .shown : .owner(e.owner))
            add("\(e.owner)'s data, \(since): \(e.why)", indent: 4, .dim)
        }
        out.append(Row(text: "", look: .text))
        add("Verdicts: what each app made of the last account change", .heading)
        for (id, v) in d.verdicts {
            add("\(id): \(v.sentence)", indent: 2, .verdict(v.kind))
        }
        return out
    }

    private static func style(_ look: Look, _ m: HubModel, _ t: Theme) -> CellStyle {
        switch look {
        case .heading: t.heading
        case .text: t.text
        case .dim: t.dim
        case .shown: t.leakBanner
        case let .owner(u): HubPages.ownerStyle(m, u)
        case let .verdict(k): PaneView.verdictStyle(k, t)
        }
    }
}
