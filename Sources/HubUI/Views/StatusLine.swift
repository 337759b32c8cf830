import SessionEngine

/// The top line: profile, device, online/offline, simulator clock, signed-in user, leaks,
/// step mode. The connectivity and step-mode segments are buttons.
enum StatusLine {
    static func draw(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme
        c.grid.fill(r, style: t.statusBar)
        let d = m.device
        typealias Segment = (text: String, style: CellStyle, target: HitTarget?)
        var segments: [Segment] = r.width >= 100 ? [("hubsim", t.statusBar, nil)] : []
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
        // Leaks now, apps certain to leak, and exposed items (the audit, a, lists them). The
        // words never change with the width: a narrower line first shortens `● online` to its
        // dot (online is the usual state; `○ OFFLINE`, the alarm, stays whole), so the device
        // name and `exposed: n` both fit at 80 columns; then it drops whole fields, the least
        // needed first — the device name (the Hub column shows it), the leaks raised so far,
        // the exposed count (the audit has it), then the apps that will leak.
        // Counted once per device change (`leakTally`), not per frame: at 10,000 apps the
        // counts were most of a frame.
        let tally = m.leakTally
        let (visible, willLeak) = (tally.leaks, tally.willLeaks)
        let total = d.snapshot.leakCount
        let exposed = tally.exposures
        var leakParts: [(text: String, drop: Int)] = [(visible > 0 ? "LEAK ×\(visible)" : "leaks: \(total)", 0)]
        if visible > 0 { leakParts.append(("(\(total) raised)", 2)) }
        if willLeak > 0 { leakParts.append(("WILL LEAK ×\(willLeak)", 4)) }
        if exposed > 0 { leakParts.append(("exposed: \(exposed)", 3)) }
        if d.deliveryMode == .held {
            segments.append(("STEP: \(d.heldDeliveries.count) held", t.statusAlert, .command(.toggleStepMode)))
        }
        func leakText() -> String {
            leakParts.map(\.text).enumerated().map { i, p in i == 0 || p.hasPrefix("(") ? p : "· " + p }.joined(separator: " ")
        }
        func length() -> Int { segments.reduce(0) { $0 + TextWidth.of($1.text) } + TextWidth.of(leakText()) + 3 * segments.count + 2 }
        for level in 0...4 where length() > r.width {
            if level == 0, let i = segments.firstIndex(where: { $0.text == "● online" }) { segments[i].text = "●" }
            if level == 1, let i = segments.firstIndex(where: { $0.text == d.name }) { segments.remove(at: i) }
            if level > 0 { leakParts.removeAll { $0.drop == level } }
        }
        let leakSegment: Segment = (leakText(), visible + willLeak > 0 ? t.statusAlert : t.statusBar, .command(.audit))
        let step = d.deliveryMode == .held ? segments.popLast() : nil
        segments.append(leakSegment)
        if let step { segments.append(step) }
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
