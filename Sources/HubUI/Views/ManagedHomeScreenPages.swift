import SessionEngine

/// Managed Home Screen's pages in the device column (android-mhs): its sign-in screen, the
/// session PIN to set, the home grid of the allowed apps with the sign-out button, and the
/// screensaver (Microsoft Learn, configure the Microsoft Managed Home Screen app for Android
/// Enterprise). Signing in and out through it is Entra's global sign-in and sign-out.
enum ManagedHomeScreenPages {
    /// A tile of the home grid: the app's name in its border, its lifecycle inside.
    static let tileWidth = 13
    static let tileHeight = 3

    static func signIn(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme, d = m.device
        c.line("\(RunningTime.clock(d.now, &c))  \(d.name)", in: r, row: 0, style: t.dim)
        c.line("Sign in", in: r, row: 1, style: t.heading)
        var row = c.paragraph("Sign in once: every shared-mode app on this device uses your account.", in: r, row: 2, style: t.dim)
        if let domain = ManagedHomeScreenText.domain(d) {
            row = c.paragraph("A bare name gets \(domain) added.", in: r, row: row, style: t.dim)
        }
        row = HubPages.fields(m, &c, r, row: row + 1, button: "Sign in")
        row = HubPages.notice(m, &c, r, row: row + 1)
        HubPages.attempts(m, &c, r, row: row)
    }

    static func setPIN(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme, d = m.device
        guard let user = d.state.user else { return }
        c.line("Signed in as \(user)", in: r, row: 0, style: HubPages.ownerStyle(m, user))
        c.line("Create a session PIN", in: r, row: 1, style: t.heading)
        var row = c.paragraph(ManagedHomeScreenText.pinRule(d), in: r, row: 2, style: t.text)
        row = c.paragraph("It unlocks the screensaver while you are signed in and is cleared when you sign out.",
                          in: r, row: row, style: t.dim)
        row = HubPages.fields(m, &c, r, row: row + 1, button: "Set PIN")
        HubPages.notice(m, &c, r, row: row + 1)
    }

    static func home(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme, d = m.device
        guard let user = d.state.user else { return }
        c.line("\(RunningTime.clock(d.now, &c))  \(d.name)", in: r, row: 0, style: t.dim)
        c.line("\(user) · " + RunningTime.elapsed(d.sessionLength ?? 0, now: d.now, &c), in: r, row: 1, style: HubPages.ownerStyle(m, user))
        if let left = m.secondsUntilAutoSignOutNotice {
            c.line("Auto sign-out notice in " + RunningTime.countdown(left, now: d.now, &c), in: r, row: 2, style: t.dim)
        }
        var row = HubPages.notice(m, &c, r, row: 3)
        if row > 3 { row += 1 }
        // The grid of tiles, as many rows as fit above the sign-out button.
        let columns = HubModel.tileColumns(width: r.width)
        let rowsFit = max(0, (r.height - 2 - row) / tileHeight)
        let shown = min(m.tiles.count, rowsFit * columns)
        for (i, app) in m.tiles.prefix(shown).enumerated() {
            let x = r.x + (i % columns) * (tileWidth + 1), y = r.y + row + (i / columns) * tileHeight
            tile(app, chosen: i == m.hubColumn.tileSelection && m.focus == .hub, &c, Rect(x: x, y: y, width: tileWidth, height: tileHeight))
        }
        if shown < m.tiles.count {
            c.line("+\(m.tiles.count - shown) more: Tab to their panes", in: r, row: row + rowsFit * tileHeight, style: t.dim)
        }
        let w = c.button(" Sign out ", x: r.x, y: r.maxY - 1, maxWidth: r.width, target: .command(.brokerSignOut))
        c.line(KeyTable.keyName(of: .brokerSignOut), in: r, row: r.height - 1, indent: w + 1, style: t.dim)
    }

    /// One tile: a click opens the app, as a tap on its icon does.
    static func tile(_ app: AppRuntime, chosen: Bool, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme
        let style = chosen ? t.focusedBorder : t.border
        // The chosen tile is marked in text too (`▸Chat`), not by colour alone: in a class's
        // monochrome projection or with NO_COLOR the arrows' choice must still show.
        let inner = c.box(r, style: style, title: (chosen ? "▸" : "") + app.definition.name, titleStyle: chosen ? t.selection : t.title)
        c.line(app.lifecycle.rawValue, in: inner, row: 0, style: t.dim)
        c.hits.add(r, .appCommand(.launchApp, app: app.id))
    }

    static func screensaver(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme, d = m.device
        let hhmm = RunningTime.clock(d.now, &c)
        var top = 1
        if r.width >= BigClock.width(of: hhmm) + 2 && r.height >= 30 {
            for (i, line) in BigClock.rows(hhmm).enumerated() { c.centred(line, in: r, row: i + 1, style: t.heading) }
            top = BigClock.height + 2
        }
        c.centred(hhmm, in: r, row: top, style: t.heading)
        c.centred("Screensaver", in: r, row: top + 1, style: t.title)
        if let user = d.state.user { c.centred("\(user) is still signed in", in: r, row: top + 2, style: t.dim) }
        c.hits.add(r, .command(.wakeScreensaver))
        guard m.mhsHasPIN else {
            c.centred("Press Enter to resume", in: r, row: top + 4, style: t.text)
            return
        }
        var row = HubPages.fields(m, &c, r, row: top + 4, button: "Resume")
        row = HubPages.notice(m, &c, r, row: row + 1)
        // The refusal of a wrong PIN says the attempts left; without one on screen, this line does.
        if m.notice == nil, let left = m.sessionPINAttemptsLeft, let limit = m.sessionPINAttemptLimit, left < limit {
            c.paragraph("Attempts left: \(left) of \(limit); then you are signed out.", in: r, row: row, style: t.warning)
        }
    }
}
