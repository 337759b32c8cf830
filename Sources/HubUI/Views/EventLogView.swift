import SessionEngine

/// The device's event log, newest at the bottom, scrollable, filtered by app, user and kind
/// (the filter bar on its first row; each filter is clickable and has a key).
enum EventLogView {
    static func draw(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let all = m.eventLogLines
        // Unfiltered, the log is drawn from where it is kept: no copy of every entry per frame.
        // Filtered, the lines that pass are found once for what the log holds (`ScrollLayout`),
        // not on every key: each test reads the line's text.
        if m.eventLog.filter.isActive {
            let kept: [Int]
            if case let .eventLog(positions)? = m.keptRows(.eventLog, width: 0) { kept = positions } else { kept = filtered(m) }
            draw(kept.lazy.map { all[$0] }, of: all.count + m.eventLog.earlierUnread, m, &c, r)
        } else {
            draw(all, of: all.count + m.eventLog.earlierUnread, m, &c, r)
        }
    }

    /// The positions of the lines the filter lets through.
    static func filtered(_ m: HubModel) -> [Int] {
        let all = m.eventLogLines
        let out = all.indices.filter { m.eventLog.filter.matches(all[$0]) }
        LayoutWork.tell(.rows(all.count))
        return out
    }

    private static func draw<Entries: RandomAccessCollection<LogEntry>>(_ entries: Entries, of total: Int, _ m: HubModel,
                                                                        _ c: inout Canvas, _ r: Rect) where Entries.Index == Int {
        let t = c.theme
        let count = m.eventLog.filter.isActive ? "\(entries.count) of \(total)" : "\(total)"
        let box = c.box(r, style: t.focusedBorder, title: "Event log · \(count) entries · PgUp/PgDn, End newest")
        guard box.height > 2 else { return }
        let barRows = filterBar(m, &c, Rect(x: box.x, y: box.y, width: box.width, height: 2))
        let inner = Rect(x: box.x, y: box.y + barRows, width: box.width, height: box.height - barRows)
        let wide = inner.width >= 60
        // Text starts after the time (and the kind where wide); long entries wrap under it
        // (API names break at their boundaries, never cut), so older entries give way.
        // The kind column is one wider than the longest kind: `notification` ran into its text.
        let kindWidth = (LogEntry.Kind.allCases.map { TextWidth.of($0.rawValue) }.max() ?? 11) + 1
        let indent = TextWidth.of(SimInstant.shiftStart.description) + 1 + (wide ? kindWidth : 0)
        func wrapped(_ e: LogEntry) -> [String] { TextWrap.lines(e.text, width: inner.width - indent, hanging: 2) }
        // Scrolled to the top, the oldest entry is on the first row.
        var firstPage = 0, firstPageRows = 0
        for e in entries {
            firstPageRows += wrapped(e).count
            if firstPageRows > inner.height { break }
            firstPage += 1
        }
        let scroll = min(m.eventLog.scroll, max(0, entries.count - firstPage))
        var blocks: [(entry: LogEntry, lines: [String])] = []
        var used = 0
        for e in entries[..<(entries.count - scroll)].reversed() {
            let lines = wrapped(e)
            if used + lines.count > inner.height {
                if blocks.isEmpty { blocks.append((e, Array(lines.prefix(inner.height)))) }
                break
            }
            blocks.append((e, lines))
            used += lines.count
        }
        blocks.reverse()
        // Scrolled to the oldest entries, the page is filled with the newer ones below them (the
        // last one cut) rather than left blank at the top.
        var next = entries.count - scroll
        while used < inner.height, next < entries.count {
            let lines = wrapped(entries[next])
            blocks.append((entries[next], Array(lines.prefix(inner.height - used))))
            used += min(lines.count, inner.height - used)
            next += 1
        }
        // The newest entry sits on the bottom row, as in a terminal.
        var row = inner.height - blocks.reduce(0) { $0 + $1.lines.count }
        for (e, lines) in blocks {
            c.line(e.time.description, in: inner, row: row, style: t.dim)
            if wide { c.line(e.kind.rawValue.padding(kindWidth), in: inner, row: row, indent: indent - kindWidth, style: style(of: e.kind, t)) }
            for (n, l) in lines.enumerated() {
                c.line(l, in: inner, row: row + n, indent: indent + (n == 0 ? 0 : 2), style: style(of: e.kind, t, text: true))
            }
            row += lines.count
        }
    }

    /// `A app: all · U user: all · K kind: all · a audit`: each a button that cycles its filter.
    /// The three filters always show whole: when they do not fit one row (a pane's id and
    /// `notification` at 80 columns), the kind goes to a second row; the audit's chip, which
    /// the hint line also offers, only where there is room. Returns the rows used.
    @discardableResult
    static func filterBar(_ m: HubModel, _ c: inout Canvas, _ r: Rect) -> Int {
        let f = m.eventLog.filter
        let chips: [(String, String, UIIntent)] = [
            ("A", "app: \(f.app ?? "all")", .filterApp), ("U", "user: \(f.user?.name ?? "all")", .filterUser),
            ("K", "kind: \(f.kind.rawValue)", .filterKind), ("a", "audit (leak causes)", .audit),
        ]
        var x = r.x, y = r.y
        for (key, label, command) in chips {
            let w = TextWidth.of(key) + 1 + TextWidth.of(label)
            if x + w > r.maxX {
                guard command != .audit, y + 1 < r.maxY, x > r.x else { break }
                x = r.x; y += 1
            }
            c.text(key, x: x, y: y, width: 1, style: c.theme.hintKey)
            c.text(label, x: x + 2, y: y, width: w - 2, style: command == .audit || label.hasSuffix(": all") ? c.theme.dim : c.theme.heading)
            c.hits.add(Rect(x: x, y: y, width: w, height: 1), .command(command))
            x += w + 3
        }
        return y - r.y + 1
    }

    static func style(of kind: LogEntry.Kind, _ t: Theme, text: Bool = false) -> CellStyle {
        switch kind {
        case .leak: t.leakBanner
        case .refused, .storage: t.error
        case .exposure: t.warning
        case .callback, .notification: t.heading
        case .delivery: text ? t.text : t.heading
        case .resolved: t.success
        case .event: t.text
        case .call, .lifecycle, .data: text ? t.text : t.dim
        // An injected fault has a look of its own, never a leak's or an error's: a reader
        // tells what QA did on purpose from what went wrong by itself.
        case .fault: t.fault
        }
    }
}

extension String {
    func padding(_ width: Int) -> String {
        let w = TextWidth.of(self)
        return w >= width ? self : self + String(repeating: " ", count: width - w)
    }
}
