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
        let focusedIndex = m.focus.appID.flatMap { m.device.position(of: $0) }
        let tiling = PaneTiling(count: apps.count, area: area, focused: focusedIndex)
        for (index, rect) in tiling.panes {
            PaneView.draw(m, apps[index], &c, rect, focused: index == focusedIndex)
        }
        if let s = tiling.summary { summary(m, &c, s, shown: tiling.shown) }
    }

    /// How the panes tile the screen at `width`x`height` (nil without apps or room for them).
    static func tiling(_ m: HubModel, width: Int, height: Int) -> PaneTiling? {
        guard !m.device.apps.isEmpty else { return nil }
        let area = ScreenLayout(width: width, height: height, lessonRows: m.lesson == nil ? 0 : LessonPanel.rows(forHeight: height)).main
        return PaneTiling(count: m.device.apps.count, area: area, focused: m.focus.appID.flatMap { m.device.position(of: $0) })
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
    /// Read from the counts over every app kept per device revision (`leakTally`), less the
    /// apps shown: the tile costs what it shows, however many apps it stands for.
    private static func summary(_ m: HubModel, _ c: inout Canvas, _ r: Rect, shown: Range<Int>) {
        let apps = m.device.apps
        let tally = m.leakTally
        let hidden = apps.count - shown.count
        let inner = c.box(r, style: c.theme.border, title: "\(hidden) more apps")
        var counts = tally.lifecycles
        for i in shown { counts[apps[i].lifecycle, default: 0] -= 1 }
        var row = 0
        c.line("Showing \(shown.lowerBound + 1)–\(shown.upperBound) of \(apps.count)", in: inner, row: row, style: c.theme.text)
        row += 1
        for l in AppLifecycle.allCases where (counts[l] ?? 0) > 0 {
            c.line("\(l.rawValue): \(counts[l]!)", in: inner, row: row, indent: 1, style: c.theme.dim)
            row += 1
        }
        // The first three hidden ones of each, and whether there are more: the positions are
        // in order, so at most the shown ones and four more are looked at.
        func firstHidden(_ positions: [Int]) -> [AppID] {
            var out: [AppID] = []
            for p in positions where !shown.contains(p) {
                out.append(apps[p].id)
                if out.count == 4 { break }
            }
            return out
        }
        let hiddenLeaks = firstHidden(tally.leaking)
        if !hiddenLeaks.isEmpty {
            c.line("LEAK in " + hiddenLeaks.prefix(3).joinedText(separator: ", ") + (hiddenLeaks.count > 3 ? "…" : ""),
                   in: inner, row: row, style: c.theme.leakBanner)
            row += 1
        }
        let willLeak = firstHidden(tally.willLeaking)
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
