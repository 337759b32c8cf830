import SessionEngine

/// The device's event log, newest at the bottom, scrollable.
enum EventLogView {
    static func draw(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme
        let entries = m.device.log.entries
        let inner = c.box(r, style: t.focusedBorder, title: "Event log · \(entries.count) entries · PgUp/PgDn, End newest")
        guard inner.height > 0 else { return }
        let scroll = min(m.logScroll, max(0, entries.count - inner.height))
        let end = entries.count - scroll
        let start = max(0, end - inner.height)
        let wide = inner.width >= 60
        for (row, e) in entries[start..<end].enumerated() {
            let kind = wide ? e.kind.rawValue.padding(12) : ""
            let used = c.line(e.time.description, in: inner, row: row, style: t.dim)
            if wide { c.line(kind, in: inner, row: row, indent: used + 1, style: style(of: e.kind, t)) }
            c.line(e.text, in: inner, row: row, indent: used + 1 + (wide ? 12 : 0), style: style(of: e.kind, t, text: true))
        }
    }

    static func style(of kind: LogEntry.Kind, _ t: Theme, text: Bool = false) -> CellStyle {
        switch kind {
        case .leak: t.leakBanner
        case .refused: t.error
        case .exposure: t.warning
        case .callback, .notification: t.heading
        case .delivery: text ? t.text : t.heading
        case .resolved: t.success
        case .event: t.text
        case .call, .lifecycle, .data: text ? t.text : t.dim
        }
    }
}

extension String {
    func padding(_ width: Int) -> String {
        let w = TextWidth.of(self)
        return w >= width ? self : self + String(repeating: " ", count: width - w)
    }
}
