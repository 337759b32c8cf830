import SessionEngine

/// The top line: profile, device, online/offline, simulator clock, signed-in user, leaks,
/// step mode. The connectivity and step-mode segments are buttons.
enum StatusLine {
    static func draw(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme
        c.grid.fill(r, style: t.statusBar)
        let d = m.device
        var segments: [(text: String, style: CellStyle, target: HitTarget?)] = r.width >= 100 ? [("hubsim", t.statusBar, nil)] : []
        // First, so that no width cuts it: the device on screen is not what its file holds.
        if let problem = m.saveProblem {
            segments.append(("NOT SAVED: \(problem.reason) (since \(problem.since))", t.statusAlert, nil))
        }
        segments += [
            (d.profile.id.rawValue, t.statusBar, nil),
            (d.name, t.statusBar, nil),
            (d.online ? "● online" : "○ OFFLINE", d.online ? t.statusBar : t.statusAlert, .command(.toggleOnline)),
            (RunningTime.clock(d.now, &c), t.statusBar, nil),
            ("user: " + (d.state.user?.name ?? "—"), t.statusBar, nil),
        ]
        // Leaks now, apps certain to leak, and exposed items (the audit, a, lists them), as
        // long as the line has room: the device name gives way first, then words.
        let tally = m.leakTally
        let (visible, willLeak) = (tally.leaks, tally.willLeaks)
        let total = d.snapshot.leakCount
        let exposed = tally.exposures
        let leakWord = visible > 0 ? "LEAK ×\(visible)" + (r.width >= 100 ? " (\(total) raised)" : "") : "leaks: \(total)"
        let candidates = [
            leakWord + (willLeak > 0 ? " · WILL LEAK ×\(willLeak)" : "") + (exposed > 0 ? " · exposed: \(exposed)" : ""),
            leakWord + (willLeak > 0 ? " · WILL LEAK ×\(willLeak)" : "") + (exposed > 0 ? " · exp \(exposed)" : ""),
            (visible > 0 ? "LEAK \(visible)" : "leaks \(total)") + (willLeak > 0 ? " · WILL \(willLeak)" : "") + (exposed > 0 ? " · exp \(exposed)" : ""),
        ]
        let others = segments.filter { $0.text != d.name }.reduce(0) { $0 + TextWidth.of($1.text) + 3 } + 2
            + (d.deliveryMode == .held ? TextWidth.of("STEP: \(d.heldDeliveries.count) held") + 3 : 0)
        let leakText = candidates.first { others + TextWidth.of($0) <= r.width } ?? candidates.last!
        segments.append((leakText, visible + willLeak > 0 ? t.statusAlert : t.statusBar, .command(.audit)))
        if d.deliveryMode == .held {
            segments.append(("STEP: \(d.heldDeliveries.count) held", t.statusAlert, .command(.toggleStepMode)))
        }
        // The device name gives way first when the line is too long (the Hub column shows it):
        // it goes altogether rather than be cut (`sha…`).
        let length = segments.reduce(0) { $0 + TextWidth.of($1.text) } + 3 * (segments.count - 1) + 2
        if length > r.width, let i = segments.firstIndex(where: { $0.text == d.name }) { segments.remove(at: i) }
        var x = r.x + 1
        for (i, s) in segments.enumerated() {
            if i > 0 { x += c.text(" │ ", x: x, y: r.y, width: r.maxX - x, style: t.statusBar) }
            let w = c.text(s.text, x: x, y: r.y, width: r.maxX - x, style: s.style)
            if let target = s.target { c.hits.add(Rect(x: x, y: r.y, width: w, height: 1), target) }
            x += w
            if x >= r.maxX { break }
        }
    }
}
