import SessionEngine

/// One app's pane on the whole screen: who it shows, its verdict in a sentence, then (scrolling)
/// every item it can read and its whole history, oldest first (as the pane and the event log), each entry with its time and
/// detail. `↑`/`↓`, `PgUp`/`PgDn`, `Home`/`End` and the wheel scroll; the last page ends on the
/// last row, never past it.
enum ZoomView {
    /// A body row: text, where it starts, and how it is drawn.
    struct Row: Equatable {
        enum Look: Equatable { case heading, text, dim, owner(UserID), log(PaneLogView.Kind) }
        var text: String
        var indent = 0
        var look: Look
        var time: String? = nil
    }

    /// The zoom's box: between the status line and the hint line, the whole width.
    static func area(width: Int, height: Int, lessonRows: Int = 0) -> Rect {
        Rect(x: 0, y: 1, width: width, height: max(0, height - 2 - lessonRows))
    }

    /// The body's rows in all, and how many show at once, for the model's size.
    static func extent(_ m: HubModel) -> (rows: Int, visible: Int) {
        guard let app = m.zoom.app.flatMap({ m.device.app($0) }) else { return (0, 0) }
        let inner = innerRect(m, app, area(width: m.width, height: m.height, lessonRows: m.lessonRows))
        return (body(m, app, width: inner.body.width).count, inner.body.height)
    }

    static func draw(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        guard let app = m.zoom.app.flatMap({ m.device.app($0) }) else { return }
        let t = c.theme
        let v = m.device.verdict(of: app)
        let title = "\(app.definition.name) · \(app.definition.sdk.label) · \(app.lifecycle.rawValue) · zoomed"
        let inner = c.box(r, style: v.kind == .leak ? t.error : t.focusedBorder, title: title, titleStyle: v.kind == .leak ? t.leakBanner : t.heading)
        c.hits.add(Rect(x: r.x, y: r.y, width: r.width, height: 1), .command(.zoomPane))
        guard inner.height > 2 else { return }
        let parts = innerRect(m, app, r)
        for (i, line) in header(m, app, v, width: inner.width).enumerated() {
            let style: CellStyle
            switch line.1 {
            case .verdict: style = PaneView.verdictStyle(v.kind, t)
            case .token: style = TokenText.forms(m.device.tokenStatus(of: app.id), app: app).map { TokenText.style($0.look, t) } ?? t.text
            case .problem: style = t.error
            case .user: style = userStyle(m, app, t)
            case .fault: style = t.fault
            }
            c.line(line.0, in: inner, row: i, style: style)
        }
        let rows = body(m, app, width: parts.body.width)
        let last = max(0, rows.count - parts.body.height)
        let first = min(m.zoom.scroll, last)
        for (i, row) in rows.dropFirst(first).prefix(parts.body.height).enumerated() {
            if let time = row.time { c.line(time, in: parts.body, row: i, style: t.dim) }
            c.line(row.text, in: parts.body, row: i, indent: row.indent, style: style(row.look, m, t))
        }
        let position = rows.isEmpty ? "" : " rows \(first + 1)–\(min(rows.count, first + parts.body.height)) of \(rows.count) "
        let help = " ↑↓ PgUp/PgDn scroll · f or Esc back "
        c.text(help, x: r.x + 1, y: r.maxY - 1, width: max(0, r.width - 2 - TextWidth.of(position)), style: t.dim)
        c.text(position, x: r.maxX - 1 - TextWidth.of(position), y: r.maxY - 1, width: TextWidth.of(position), style: t.dim)
    }

    private enum HeaderLook { case user, token, problem, verdict, fault }

    private static func header(_ m: HubModel, _ app: AppRuntime, _ v: AppVerdict, width: Int) -> [(String, HeaderLook)] {
        let user = "user: \(app.currentUser?.name ?? "—") · " + app.definition.summary
        // The token's whole sentence (the pane has room for a few words): the rule broken in full.
        var token = TokenText.sentence(m.device.tokenStatus(of: app.id), app: app).map { Canvas.wrap($0, width: width).prefix(2).map { ($0, HeaderLook.token) } } ?? []
        // Every rule its set-up breaks, whole (the SSO map lists them all).
        for p in m.device.misconfigurations(of: app.id) { token += Canvas.wrap("✗ \(p)", width: width).prefix(2).map { ($0, HeaderLook.problem) } }
        // The first line wraps like the others: a long summary was cut at the box's edge, even
        // on the whole screen.
        return Canvas.wrap(user, width: width).prefix(3).map { ($0, HeaderLook.user) } + token + faultLines(m, app, width: width)
            + Canvas.wrap(v.sentence, width: width).prefix(2).map { ($0, .verdict) }
    }

    /// The faults armed on the app and what the last ones that fired did, whole: the pane has
    /// room for a badge only (Docs/faults.md).
    private static func faultLines(_ m: HubModel, _ app: AppRuntime, width: Int) -> [(String, HeaderLook)] {
        let mark = m.asciiDrawings ? "!" : "⚡"
        let armed = m.device.armedFaults(of: app.id).map { "\(mark) \($0.name) armed at \($0.armedAt): fires at the app's next delivery or wipe" }
        let fired = m.device.faultEffects(of: app.id).suffix(2).map { "\(mark) \($0.explanation) (\($0.firedAt)): \($0.consequence)" }
        return (armed + fired).flatMap { Canvas.wrap($0, width: width).prefix(3).map { ($0, HeaderLook.fault) } }
    }

    private static func innerRect(_ m: HubModel, _ app: AppRuntime, _ r: Rect) -> (header: Int, body: Rect) {
        let inner = Rect(x: r.x + 1, y: r.y + 1, width: max(0, r.width - 2), height: max(0, r.height - 2))
        let h = min(inner.height, header(m, app, m.device.verdict(of: app), width: inner.width).count + 1)
        return (h, Rect(x: inner.x, y: inner.y + h, width: inner.width, height: inner.height - h))
    }

    /// Items, then the whole history oldest first: the rows kept with the model when they are
    /// for what the device is now (`ScrollLayout`), or laid out afresh.
    static func body(_ m: HubModel, _ app: AppRuntime, width: Int) -> [Row] {
        if case let .zoom(kept)? = m.keptRows(.zoom, width: width) { return kept }
        return layOut(m, app, width: width)
    }

    static func layOut(_ m: HubModel, _ app: AppRuntime, width: Int) -> [Row] {
        let out = layOutRows(m, app, width: width)
        LayoutWork.tell(.rows(out.count))
        return out
    }

    private static func layOutRows(_ m: HubModel, _ app: AppRuntime, width: Int) -> [Row] {
        let readable = m.device.visibleItems(of: app)
        var rows = [Row(text: "Items it shows (\(readable.count) of \(app.storage.count) stored)", look: .heading)]
        for entry in readable.filter({ $0.item.owner != nil }) + readable.filter({ $0.item.owner == nil }) {
            let owner = entry.item.owner
            let tag = owner.map { "[\($0)] " } ?? "[common] "
            for (n, l) in TextWrap.lines(tag + entry.text + " (\(entry.item.dataClass.rawValue))", width: width - 2, hanging: 2).enumerated() {
                rows.append(Row(text: l, indent: n == 0 ? 2 : 4, look: owner.map { .owner($0) } ?? .dim))
            }
        }
        let entries = app.log
        rows.append(Row(text: "", look: .text))
        rows.append(Row(text: "History, oldest first (\(entries.count) entries)", look: .heading))
        for e in entries {
            for r in PaneLogView.layout([e], width: width) {
                rows.append(Row(text: r.text, indent: r.indent, look: .log(r.kind), time: r.time))
            }
        }
        return rows
    }

    private static func style(_ look: Row.Look, _ m: HubModel, _ t: Theme) -> CellStyle {
        switch look {
        case .heading: t.heading
        case .text: t.text
        case .dim: t.dim
        case let .owner(u): HubPages.ownerStyle(m, u)
        case let .log(kind):
            switch kind {
            case .callback: t.heading
            case .missed: t.warning
            case .call: t.text
            case .time, .data: t.dim
            }
        }
    }

    private static func userStyle(_ m: HubModel, _ app: AppRuntime, _ t: Theme) -> CellStyle {
        app.currentUser.map { HubPages.ownerStyle(m, $0) } ?? t.text
    }
}

extension HubModel {
    /// The zoomed pane's scrollable rows in all and how many show at the model's size.
    public var zoomExtent: (rows: Int, visible: Int) { ZoomView.extent(self) }
}
