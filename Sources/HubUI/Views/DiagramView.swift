import SessionEngine

/// The state diagram: the current state, the transitions available now, and how often each
/// was taken (coverage), from the profile's transitions and the snapshot's coverage.
enum DiagramView {
    static func draw(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme, d = m.device
        let inner = c.box(r, style: t.focusedBorder, title: "State diagram · \(d.profile.id.rawValue)")
        guard inner.height > 0 else { return }
        c.line("Current state: \(d.state)", in: inner, row: 0, style: t.title)
        // The states in a row, wrapping between states (never inside a name).
        var x = inner.x, stateRow = 1
        for (i, kind) in DeviceState.Kind.allCases.enumerated() {
            let current = kind == d.state.kind
            let name = current ? "[\(kind.rawValue)]" : kind.rawValue
            let separator = i > 0 ? " · " : ""
            if i > 0, x + TextWidth.of(separator + name) > inner.maxX { x = inner.x; stateRow += 1 }
            else if i > 0 { x += c.text(separator, x: x, y: inner.y + stateRow, width: inner.maxX - x, style: t.dim) }
            x += c.text(name, x: x, y: inner.y + stateRow, width: inner.maxX - x, style: current ? t.selection : t.dim)
        }
        let tableTop = stateRow + 2
        let labelWidth = min(28, inner.width / 2)
        let showFrom = inner.width >= 70
        c.line("  transition", in: inner, row: tableTop, style: t.heading)
        c.line(showFrom ? "from → to" : "→ to", in: inner, row: tableTop, indent: labelWidth + 2, style: t.heading)
        c.line("taken", in: inner, row: tableTop, indent: inner.width - 5, style: t.heading)
        let available = Set(d.availableTransitions.map(\.id))
        var row = tableTop + 1
        for spec in d.profile.transitions where row < inner.height {
            let now = available.contains(spec.id)
            let count = d.snapshot.coverage[spec.id] ?? 0
            let style = now ? t.title : count > 0 ? t.text : t.dim
            c.line((now ? "▶ " : "  ") + spec.label, in: inner, row: row, style: style)
            c.line((showFrom ? spec.from.map(\.rawValue).joined(separator: "/") + " " : "") + "→ " + spec.to.rawValue,
                   in: Rect(x: inner.x, y: inner.y, width: inner.width - 6, height: inner.height), row: row, indent: labelWidth + 2, style: style)
            c.line(String(count).leftPadded(5), in: inner, row: row, indent: inner.width - 5, style: count > 0 ? t.success : t.dim)
            row += 1
        }
        let ids = Set(d.profile.transitions.map(\.id))
        let taken = d.profile.transitions.filter { (d.snapshot.coverage[$0.id] ?? 0) > 0 }.count
        row += 1
        row = c.paragraph("▶ available now · coverage: \(taken) of \(ids.count) transitions taken", in: inner, row: row, style: t.text)
        let others = d.snapshot.coverage.filter { !ids.contains($0.key) }.sorted { $0.key < $1.key }
        if !others.isEmpty {
            let text = "Also covered: " + others.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
            row = c.paragraph(text, in: inner, row: row, style: t.dim, maxLines: max(1, inner.height - row - 1))
        }
        c.line("Leaks raised: \(d.snapshot.leakCount) · exposures: \(d.snapshot.exposureCount)", in: inner, row: row, style: t.text)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        let w = TextWidth.of(self)
        return w >= width ? self : String(repeating: " ", count: width - w) + self
    }
}
