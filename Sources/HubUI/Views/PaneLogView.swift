import SessionEngine

/// The log at the foot of an app pane: what app developers come to read. The newest
/// callbacks, notifications and calls come first (what the app did with its data fills any
/// room left), each shown whole: API names wrap at a camel-case boundary or after `_`,
/// never cut. Fewer entries are shown rather than cut ones.
///
/// Times are the simulator clock as the status line shows it (`08:00:30`), so a reader links
/// an entry to the clock at a glance; an `mm:ss` form would read as a duration. A pane wide
/// enough for the time and the longest API name on one row keeps the time at the start of
/// each entry; a narrower one gives the time a row of its own, once for the entries of the
/// same instant, so the API names keep the whole width.
enum PaneLogView {
    /// One row as drawn: an optional time at the left edge, then text from `indent`.
    struct Row: Equatable {
        var time: String?
        var text: String
        var indent: Int
        var kind: Kind
    }

    enum Kind: Equatable { case time, callback, call, data, missed }

    /// The narrowest pane that keeps the time on the entry's own row: `08:00:00 ← ` and the
    /// longest API name.
    static let inlineTimeWidth = 11 + [API.didWipeCurrentUserData, API.didDetectUserChange, API.didFinishInitialCheck,
                                       API.accountChangedNotification, API.getCurrentAccount].map(TextWidth.of).max()!
    /// Continuation rows start under the API name, past the arrow.
    static let hanging = 2

    /// The rows for `log` in `width` columns, at most `limit` of them.
    static func rows(_ log: [AppLogEntry], width: Int, limit: Int) -> [Row] { layoutRows(log, width: width, limit: limit).rows }

    /// The rows, and whether the API names shown are whole (false when even the newest entry's
    /// name had to be cut).
    static func layoutRows(_ log: [AppLogEntry], width: Int, limit: Int) -> (rows: [Row], whole: Bool) {
        guard width > 0, limit > 0 else { return ([], log.isEmpty) }
        let important = log.indices.reversed().filter { [.callback, .notification, .call].contains(log[$0].kind) }
        let data = log.indices.reversed().filter { log[$0].kind == .data }
        var picked: [Int] = []
        var best: [Row] = []
        // Newest first; the first entry that does not fit ends the search, so what is shown is
        // always the most recent run of each kind.
        for list in [important, data] {
            for i in list {
                let rows = layout((picked + [i]).sorted().map { log[$0] }, width: width)
                guard rows.count <= limit else { break }
                picked.append(i)
                best = rows
            }
            if picked.isEmpty, let newest = list.first { return lastResort(log[newest], width: width, limit: limit) }
        }
        return (best, true)
    }

    /// Draws `rows` from `row` of `r`.
    static func draw(_ rows: [Row], _ c: inout Canvas, _ r: Rect, from row: Int) {
        let t = c.theme
        for (i, line) in rows.enumerated() {
            if let time = line.time { c.line(time, in: r, row: row + i, style: t.dim) }
            let style: CellStyle
            switch line.kind {
            case .time, .data: style = t.dim
            case .callback: style = t.heading
            case .call: style = t.text
            case .missed: style = t.warning
            }
            c.line(line.text, in: r, row: row + i, indent: line.indent, style: style)
        }
    }

    /// Entries in order, each whole, with their times.
    static func layout(_ entries: [AppLogEntry], width: Int, times: Bool = true) -> [Row] {
        var rows: [Row] = []
        var lastTime: SimInstant?
        let inline = times && width >= inlineTimeWidth
        for e in entries {
            let (text, kind) = describe(e)
            let time = e.time.description
            if inline {
                let indent = TextWidth.of(time) + 1
                for (n, l) in TextWrap.lines(text, width: width - indent, hanging: hanging).enumerated() {
                    rows.append(Row(time: n == 0 ? time : nil, text: l, indent: n == 0 ? indent : indent + hanging, kind: kind))
                }
                continue
            }
            if times, e.time != lastTime { rows.append(Row(time: nil, text: time, indent: 0, kind: .time)) }
            lastTime = e.time
            for (n, l) in TextWrap.lines(text, width: width, hanging: hanging).enumerated() {
                rows.append(Row(time: nil, text: l, indent: n == 0 ? 0 : hanging, kind: kind))
            }
        }
        return rows
    }

    /// Not even the newest entry fits with its time: it goes without it; then without its
    /// detail (the name whole, `…` for the rest); only then is it cut.
    private static func lastResort(_ e: AppLogEntry, width: Int, limit: Int) -> (rows: [Row], whole: Bool) {
        let all = layout([e], width: width, times: false)
        if all.count <= limit { return (all, true) }
        var bare = e
        bare.detail = ""
        if e.kind == .callback || e.kind == .call {
            var named = layout([bare], width: width, times: false)
            if let last = named.last, TextWidth.of(last.text) + 2 <= width - last.indent {
                named[named.count - 1].text += " …"
            } else if let last = named.last {
                named.append(Row(time: nil, text: "…", indent: hanging, kind: last.kind))
            }
            if named.count <= limit { return (named, true) }
        }
        var rows = Array(all.prefix(limit))
        let last = rows[limit - 1]
        rows[limit - 1].text = TextWidth.truncate(last.text + " …", to: width - last.indent)
        return (rows, false)
    }

    /// The entry as text: `←` for what the app received, `→` for what it called, `·` for
    /// what it did with its data.
    static func describe(_ e: AppLogEntry) -> (String, Kind) {
        switch e.kind {
        case .callback: ("← \(e.name)" + (e.detail.isEmpty ? "" : " \(e.detail)"), .callback)
        case .notification: ("← \(e.name)", .callback)
        case .missed: ("✗ missed \(e.name) (\(e.detail))", .missed)
        case .call: ("→ \(e.name) \(e.detail)", .call)
        case .data: ("· \(e.detail.isEmpty ? e.name : e.detail)", .data)
        case .lifecycle: ("· \(e.name)" + (e.detail.isEmpty ? "" : " (\(e.detail))"), .data)
        }
    }
}
