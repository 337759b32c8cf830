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
        let (all, title) = content(m, width: max(0, r.width - 2))
        let leaks = title.leaks
        let inner = c.box(r, style: leaks > 0 ? t.error : t.focusedBorder, title: title.text, titleStyle: leaks > 0 ? t.leakBanner : t.heading)
        guard inner.height > 0 else { return }
        let first = min(m.scrolls.audit, max(0, all.count - inner.height))
        for (i, row) in all.dropFirst(first).prefix(inner.height).enumerated() {
            c.line(row.text, in: inner, row: i, indent: row.indent, style: style(row.look, m, t))
        }
        c.text(" ↑↓ PgUp/PgDn scroll · a or Esc back ", x: r.x + 1, y: r.maxY - 1, width: r.width - 2, style: t.dim)
    }

    enum Look { case heading, text, dim, shown, owner(UserID), verdict(AppVerdict.Kind) }
    struct Row { var text: String; var indent = 0; var look: Look }

    /// Every row at `width` columns: the ones kept with the model when they are for what the
    /// device is now (`ScrollLayout`), or laid out afresh.
    private static func rows(_ m: HubModel, width: Int) -> [Row] { content(m, width: width).rows }

    /// The rows and the title, kept or afresh (the title goes through every app's items).
    static func content(_ m: HubModel, width: Int) -> (rows: [Row], title: Title) {
        if case let .audit(kept, title)? = m.keptRows(.audit, width: width) { return (kept, title) }
        return (layOut(m, width: width), title(m))
    }

    /// The box's title, and how many apps leak (it turns red).
    struct Title {
        var text: String
        var leaks: Int
    }

    static func title(_ m: HubModel) -> Title {
        let tally = m.leakTally
        let exposures = tally.exposures
        return Title(text: "Audit · \(exposures) exposed item\(exposures == 1 ? "" : "s") · LEAK \(tally.leaks) · will leak \(tally.willLeaks)",
                     leaks: tally.leaks)
    }

    static func layOut(_ m: HubModel, width: Int) -> [Row] {
        let out = layOutRows(m, width: width)
        LayoutWork.tell(.rows(out.count))
        return out
    }

    private static func layOutRows(_ m: HubModel, width: Int) -> [Row] {
        let d = m.device
        var out: [Row] = []
        func add(_ text: String, indent: Int = 0, _ look: Look) {
            for (n, l) in TextWrap.lines(text, width: max(1, width - indent), hanging: 2).enumerated() {
                out.append(Row(text: l, indent: indent + (n == 0 ? 0 : 2), look: look))
            }
        }
        let exposures = d.exposures
        add("Exposed: another user's data this device can read now, shown (LEAK) or kept", .heading)
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
