import SessionEngine

/// The managed apps, one pane each, tiled to fit; the page holding the focused app when
/// they do not all fit, and a summary tile for the rest.
enum PanesView {
    static func draw(_ m: HubModel, _ c: inout Canvas, _ area: Rect) {
        let apps = m.device.apps
        guard !apps.isEmpty else {
            empty(m, &c, area)
            return
        }
        let focusedIndex = m.focus.appID.flatMap { id in apps.firstIndex { $0.id == id } }
        let tiling = PaneTiling(count: apps.count, area: area, focused: focusedIndex)
        for (index, rect) in tiling.panes {
            PaneView.draw(m, apps[index], &c, rect, focused: index == focusedIndex)
        }
        if let s = tiling.summary { summary(m, &c, s, shown: tiling.shown) }
    }

    private static func empty(_ m: HubModel, _ c: inout Canvas, _ area: Rect) {
        let inner = c.box(area, style: c.theme.border, title: "Managed apps")
        let d = m.device
        let text = d.state == .unenrolled
            ? "No managed apps yet: enrollment installs \(d.snapshot.appSet.map(\.name).joinedText(separator: ", "))."
            : "Apps are being pushed to the device…"
        c.paragraph(text, in: inner, row: 1, indent: 1, style: c.theme.dim)
    }

    /// The apps that do not fit: counts by lifecycle and where the leaks and will-leaks are.
    private static func summary(_ m: HubModel, _ c: inout Canvas, _ r: Rect, shown: Range<Int>) {
        let apps = m.device.apps
        let hidden = apps.count - shown.count
        let inner = c.box(r, style: c.theme.border, title: "\(hidden) more apps")
        var counts: [AppLifecycle: Int] = [:]
        for (i, app) in apps.enumerated() where !shown.contains(i) { counts[app.lifecycle, default: 0] += 1 }
        var row = 0
        c.line("Showing \(shown.lowerBound + 1)–\(shown.upperBound) of \(apps.count)", in: inner, row: row, style: c.theme.text)
        row += 1
        for l in AppLifecycle.allCases where counts[l] != nil {
            c.line("\(l.rawValue): \(counts[l]!)", in: inner, row: row, indent: 1, style: c.theme.dim)
            row += 1
        }
        let leaking = Set(m.device.findings.filter { $0.severity == .visibleLeak }.map(\.app))
        let hiddenLeaks = apps.enumerated().filter { !shown.contains($0.offset) && leaking.contains($0.element.id) }.map(\.element.id)
        if !hiddenLeaks.isEmpty {
            c.line("LEAK in " + hiddenLeaks.prefix(3).joinedText(separator: ", ") + (hiddenLeaks.count > 3 ? "…" : ""),
                   in: inner, row: row, style: c.theme.leakBanner)
            row += 1
        }
        let willLeak = apps.enumerated().filter { !shown.contains($0.offset) && m.device.verdict(of: $0.element).kind == .willLeak }.map(\.element.id)
        if !willLeak.isEmpty {
            c.line("WILL LEAK in " + willLeak.prefix(3).joinedText(separator: ", ") + (willLeak.count > 3 ? "…" : ""),
                   in: inner, row: row, style: c.theme.statusAlert)
            row += 1
        }
        c.line("Tab pages through them", in: inner, row: row, style: c.theme.dim)
        let next = shown.upperBound < apps.count ? shown.upperBound : 0
        c.hits.add(r, .pane(apps[next].id))
    }
}
