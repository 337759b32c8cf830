import SessionEngine

/// An app's log entries as rows, each whole: API names wrap at a camel-case boundary or
/// after `_`, never cut. The zoomed pane draws its history with it; the pane's compact
/// history (`PaneHistory`) uses its rows and its wording.
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

    /// `prior: cou1, current: cou2` as `cou1 → cou2`; a single account as it is.
    static func accounts(_ detail: String) -> String {
        guard detail.hasPrefix("prior: "), let comma = detail.firstRange(of: ", current: ") else { return detail }
        return detail[detail.index(detail.startIndex, offsetBy: 7)..<comma.lowerBound] + " → " + detail[comma.upperBound...]
    }

    /// The entry as text: `←` for what the app received, `→` for what it called, `·` for
    /// what it did with its data.
    static func describe(_ e: AppLogEntry) -> (String, Kind) {
        switch e.kind {
        // getCurrentAccountAsync's callbacks as MSAL for Android names them, their accounts in
        // the parentheses: `onAccountLoaded(cou1)`, `onAccountChanged(cou1 → cou2)`.
        case .callback where e.name == API.onAccountLoaded || e.name == API.onAccountChanged:
            ("← \(e.name)(\(accounts(e.detail)))", .callback)
        case .callback: ("← \(e.name)" + (e.detail.isEmpty ? "" : " \(e.detail)"), .callback)
        // Android's broadcast carries its BROADCAST_TYPE (`CURRENT_ACCOUNT_CHANGED (GLOBAL_SIGN_OUT)`).
        case .notification: ("← \(e.name)" + (e.detail.isEmpty ? "" : " (\(e.detail))"), .callback)
        case .missed: ("✗ missed \(e.name) (\(e.detail))", .missed)
        case .call: ("→ \(e.name) \(e.detail)", .call)
        case .data: ("· \(e.detail.isEmpty ? e.name : e.detail)", .data)
        case .lifecycle: ("· \(e.name)" + (e.detail.isEmpty ? "" : " (\(e.detail))"), .data)
        case .process: ("! \(e.name): \(e.detail)", .missed)
        case .output: ("> \(e.detail)", .data)
        case .fault: ("! fault: \(e.detail)", .missed)
        }
    }
}
