import SessionEngine

/// Managed Home Screen's notice before the automatic sign-out (Microsoft Learn, configure the
/// Microsoft Managed Home Screen app for Android Enterprise: `enable_auto_signout`,
/// `inactive_time_to_signout`, `auto_signout_time_to_give_user_notice`): a dialog on the
/// device's screen, over whatever it shows, whose seconds tick on the simulator clock, and
/// [Stay signed in]. It is drawn in the device column, so the panes beside it stay in view.
enum CountdownDialogView {
    static func draw(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        guard let left = m.autoSignOutSecondsLeft, r.height > 0 else { return }
        let t = c.theme, d = m.device
        // The dialog covers the page under it: nothing hidden behind it can be clicked.
        c.grid.fill(r)
        c.hits.add(r, .command(.focusHub))
        // The frame wakes when the number changes, so the seconds tick on an idle screen.
        if let tick = d.secondsUntilCountdownTick, tick > 0 { c.changes(at: d.now.adding(seconds: tick)) }
        c.line("Automatic sign-out", in: r, row: 0, style: t.warning)
        c.line("Are you still there?", in: r, row: 1, style: t.heading)
        var row = c.paragraph("You will be signed out in \(left) s", in: r, row: 3, style: t.error)
        let idle = formatDuration(seconds: m.autoSignOutIdleTime)
        row = c.paragraph("No input for \(idle): every app on the device signs out.", in: r, row: row + 1, style: t.dim)
        let w = c.button(" Stay signed in ", x: r.x, y: r.y + row + 1, maxWidth: r.width, target: .command(.device(.dismissAutoSignOut)))
        c.line(KeyTable.keyName(of: .device(.dismissAutoSignOut)), in: r, row: row + 1, indent: w + 1, style: t.dim)
    }
}
