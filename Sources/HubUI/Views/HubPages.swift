import SessionEngine

/// The pages of the Hub column, one function each.
enum HubPages {
    static func enroll(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme
        c.line("Enroll this device", in: r, row: 0, style: t.heading)
        var row = c.paragraph("Sign in with a staging user: the device becomes a shared device.", in: r, row: 1, style: t.dim)
        row = fields(m, &c, r, row: row + 1, button: "Enroll")
        row = notice(m, &c, r, row: row + 1)
        attempts(m, &c, r, row: row)
    }

    static func installing(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme
        guard case let .enrolling(p) = m.device.state else { return }
        c.line("Enrolling: installing profile", in: r, row: 0, style: t.heading)
        c.line("Step \(min(p.completed + 1, p.steps.count)) of \(p.steps.count)", in: r, row: 1, style: t.dim)
        let barWidth = max(1, r.width - 2)
        let done = p.steps.isEmpty ? barWidth : barWidth * p.completed / p.steps.count
        c.line(String(repeating: "█", count: done) + String(repeating: "░", count: barWidth - done), in: r, row: 2, style: t.success)
        if !m.hubColumn.typeAhead.isEmpty {
            let n = m.hubColumn.typeAhead.count
            c.line("Typed ahead: \(n) key\(n == 1 ? "" : "s"), kept", in: r, row: 3, style: t.warning)
        }
        // Long step names wrap under themselves; the window keeps the current step in view.
        let listTop = 4, rows = max(0, r.height - listTop)
        let blocks = p.steps.map { TextWrap.lines($0, width: r.width - 2, hanging: 0) }
        var first = max(0, min(p.completed - rows / 2, p.steps.count - rows))
        func fits(from start: Int) -> Int {
            var used = 0, end = start
            while end < blocks.count, used + blocks[end].count <= rows { used += blocks[end].count; end += 1 }
            return end
        }
        while first < p.completed, fits(from: first) <= min(p.completed, p.steps.count - 1) { first += 1 }
        var row = listTop
        for i in first..<fits(from: first) {
            let mark = i < p.completed ? "✓ " : i == p.completed ? "▸ " : "  "
            let style = i < p.completed ? t.success : i == p.completed ? t.title : t.dim
            for (n, l) in blocks[i].enumerated() {
                c.line((n == 0 ? mark : "  ") + l, in: r, row: row, style: style)
                row += 1
            }
        }
    }

    static func lockScreen(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme, d = m.device
        var top = 0
        let hhmm = RunningTime.clock(d.now, &c)
        if r.width >= BigClock.width(of: hhmm) + 2 && r.height >= 30 {
            for (i, line) in BigClock.rows(hhmm).enumerated() { c.centred(line, in: r, row: i + 1, style: t.heading) }
            top = BigClock.height + 2
        }
        c.centred(hhmm, in: r, row: top, style: t.heading)
        c.centred(d.name, in: r, row: top + 1, style: t.title)
        c.centred("Checked in (staged)", in: r, row: top + 2, style: t.dim)
        var row = fields(m, &c, r, row: top + 4, button: m.form.field(.passcode) == nil ? "Check out" : "Set passcode")
        row = notice(m, &c, r, row: row + 1)
        attempts(m, &c, r, row: row)
    }

    static func home(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme, d = m.device
        guard let user = d.state.user else { return }
        c.line("\(RunningTime.clock(d.now, &c))  \(d.name)", in: r, row: 0, style: t.dim)
        c.line("Checked out to \(user)", in: r, row: 1, style: ownerStyle(m, user))
        if let name = d.tenant.user(user)?.displayName { c.line(name, in: r, row: 2, style: t.text) }
        c.line("Session " + RunningTime.elapsed(d.sessionLength ?? 0, now: d.now, &c), in: r, row: 3, style: t.text)
        if let left = d.secondsUntilInactivityLock {
            c.line("Inactivity lock in " + RunningTime.countdown(left, now: d.now, &c), in: r, row: 4, style: t.dim)
        }
        let menuRow = r.height - 1
        var row = notice(m, &c, r, row: 6)
        if row > 6 { row += 1 }
        c.line("Apps", in: r, row: row, style: t.heading)
        let slots = max(0, menuRow - row - 2)
        for (i, app) in d.apps.prefix(slots).enumerated() {
            c.line(app.definition.name, in: r, row: row + 1 + i, indent: 1, style: t.text)
            c.line(app.lifecycle.rawValue, in: r, row: row + 1 + i, indent: 14, style: t.dim)
            c.hits.add(Rect(x: r.x, y: r.y + row + 1 + i, width: r.width, height: 1), .pane(app.id))
        }
        if d.apps.count > slots, slots > 0 {
            c.line("+\(d.apps.count - slots + 1) more", in: r, row: row + slots, indent: 1, style: t.dim)
        }
        c.button(" Menu: Log Out… ", x: r.x, y: r.y + menuRow, maxWidth: r.width, target: .command(.openMenu))
    }

    static func menu(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme
        guard let user = m.device.state.user else { return }
        c.line("Account", in: r, row: 0, style: t.heading)
        c.line("\(user) · session \(RunningTime.elapsed(m.device.sessionLength ?? 0, now: m.device.now, &c))", in: r, row: 1, style: ownerStyle(m, user))
        for (i, item) in HubModel.menuItems.enumerated() {
            let selected = i == m.hubColumn.menuSelection
            let w = c.line((selected ? "▸ " : "  ") + item, in: r, row: 3 + i, style: selected ? t.selection : t.text)
            c.hits.add(Rect(x: r.x, y: r.y + 3 + i, width: max(w, r.width), height: 1), .menuItem(i))
        }
        if m.device.snapshot.enrollment?.mode == .singleUser {
            c.paragraph("A Single User Device, assigned to \(user) for good: Log Out will be refused.", in: r, row: 6, style: t.warning)
        } else {
            c.paragraph("Log Out checks the device in: the next worker checks it out.", in: r, row: 6, style: t.dim)
        }
    }

    static func unlock(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme, d = m.device
        guard let user = d.state.user else { return }
        c.centred("LOCKED", in: r, row: 0, style: t.error)
        c.centred("\(user) · no input for \(formatDuration(seconds: d.policy.inactivityTimeout))", in: r, row: 1, style: t.text)
        var row = c.paragraph("App UIs are locked. Check-in requires unlock.", in: r, row: 2, style: t.dim)
        row = fields(m, &c, r, row: row + 1, button: "Unlock")
        row = notice(m, &c, r, row: row + 1)
        attempts(m, &c, r, row: row, user: user)
    }

    static func brokerSignIn(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme, d = m.device
        let shared = deviceMode(m, &c, r)
        // Android asks `isSharedDevice()` where iOS reads the device information (Microsoft
        // Learn, shared device mode for Android).
        c.line(d.profile.platform == .android ? "\(API.isSharedDevice)(): \(d.isRegisteredInSharedMode)"
                                             : "\(API.getDeviceInformation): \(d.deviceMode)", in: r, row: 1, style: t.dim)
        c.line("No account signed in", in: r, row: shared ? 2 : 3, style: t.text)
        var row = 4
        let signIn = shared ? "Global sign-in" : "Sign-in"
        if case let .app(id) = m.entra.signInSource {
            row = c.paragraph("\(signIn) from \(m.appName(id)) (interactive token request)", in: r, row: row, style: t.warning)
        } else {
            c.line(signIn, in: r, row: row, style: t.title)
            row += 1
        }
        row = fields(m, &c, r, row: row, button: "Sign in")
        row = notice(m, &c, r, row: row + 1)
        attempts(m, &c, r, row: row)
    }

    static func brokerSignedIn(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme, d = m.device
        guard let user = d.state.user else { return }
        let shared = deviceMode(m, &c, r, whyRow: 4)
        c.line("Current account: \(user)", in: r, row: 1, style: ownerStyle(m, user))
        c.line((d.tenant.user(user)?.displayName ?? "") + " · " + RunningTime.elapsed(d.sessionLength ?? 0, now: d.now, &c), in: r, row: 2, style: t.text)
        c.line("Previous account: " + (d.snapshot.previousAccount?.name ?? "—"), in: r, row: 3, style: t.dim)
        if d.profile.platform == .android {
            // MSAL for Android signs out without a browser option; what Android adds is the
            // work account in the system's Settings, whose removal sends no broadcast.
            let w = c.button(" Settings: remove account ", x: r.x, y: r.y + 5, maxWidth: r.width, target: .command(.device(.removeAccountFromSettings)))
            c.line(KeyTable.keyName(of: .device(.removeAccountFromSettings)), in: r, row: 5, indent: w + 1, style: t.dim)
            c.line("  (sends no broadcast)", in: r, row: 6, style: t.dim)
        } else {
            let box = m.entra.signOutViaBrowser ? "[x]" : "[ ]"
            let w = c.line("\(box) sign out from browser", in: r, row: 5, style: t.text)
            c.hits.add(Rect(x: r.x, y: r.y + 5, width: w, height: 1), .command(.toggleBrowserSignOut))
            c.line("    (signoutFromBrowser)", in: r, row: 6, style: t.dim)
        }
        c.button(shared ? " Sign out (global) " : " Sign out ", x: r.x, y: r.y + 8, maxWidth: r.width, target: .command(.brokerSignOut))
        var row = c.paragraph(shared ? "Removes the account and tokens for every app, not their data."
                                     : "Signs out of the Authenticator only: every app keeps the account.", in: r, row: 10, style: t.dim)
        row = notice(m, &c, r, row: row + 1)
        // What each app would do if the account were signed out now: the sign-out rehearsed
        // on a copy of the device (the step only: the column has a few words per app).
        guard r.height - row >= 3 else { return }
        c.line("If signed out now:", in: r, row: row + 1, style: t.title)
        row += 2
        let forecast = StepForecast(.signOut(from: .broker, browser: m.entra.signOutViaBrowser), on: d, nextChances: false)
        for app in forecast.apps where row < r.height {
            c.line(app.name, in: r, row: row, style: t.text)
            let forms = ForecastText.briefForms(app), width = r.width - 9
            c.line(forms.first { TextWidth.of($0) <= width } ?? TextWidth.truncate(forms.last!, to: width), in: r, row: row, indent: 9, style: t.dim)
            row += 1
        }
    }

    /// The broker page's heading: the device's mode, and on `whyRow` (the row under the device
    /// information) why it is not what the MDM set-up promises, in one line that fits the
    /// column: the rule of 002 its registration broke, or the configuration removed since
    /// (the known issue, Docs/decisions.md). Returns whether the device is in shared device mode.
    @discardableResult
    static func deviceMode(_ m: HubModel, _ c: inout Canvas, _ r: Rect, whyRow: Int = 2) -> Bool {
        let t = c.theme, d = m.device
        if let rule = d.notInSharedDeviceModeBecause {
            c.line("Not in shared device mode", in: r, row: 0, style: t.warning)
            c.line(rule.tag, in: r, row: whyRow, style: t.warning)
            return false
        }
        c.line("Shared device mode", in: r, row: 0, style: t.heading)
        if d.sharedModeRegistration?.removedAfterRegistration.isEmpty == false {
            c.line("config removed, still shared", in: r, row: whyRow == 2 ? 3 : whyRow, style: t.warning)
        }
        return true
    }

    /// An interactive token request (003): the broker's sign-in while the app waits in the
    /// background, or the app's own embedded prompt. Esc (or Cancel) cancels it.
    static func tokenPrompt(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme, d = m.device
        guard let p = d.pendingTokenRequest else { return }
        let name = m.appName(p.app)
        let sso = d.app(p.app)?.definition.sso
        var row: Int
        switch p.place {
        case .broker where p.phase == .accountChooser:
            // Android: the broker's account chooser is drawn over the calling app, which stays
            // in front; there is no switch to the Authenticator (Microsoft Learn, MSAL for
            // Android, shared device mode). Its pane shows the chooser over it too.
            c.line("Choose an account for \(name)", in: r, row: 0, style: t.heading)
            row = c.paragraph("The Authenticator's account chooser, drawn over \(name): it stays in front, no app switch.",
                              in: r, row: 1, style: t.dim)
            if p.isGlobalSignIn {
                row = c.paragraph("Shared device mode: this sign-in is the device's, for every app.", in: r, row: row, style: t.warning)
            }
            if let offered = p.accounts.first {
                row = c.paragraph("Holds \(offered): pick it, no password.", in: r, row: row, style: t.success)
            }
        case .broker:
            c.line("Sign in for \(name)", in: r, row: 0, style: t.heading)
            row = c.paragraph("\(name) is in the background; the broker returns to it through \(sso?.redirectURI ?? "its redirect URI").",
                              in: r, row: 1, style: t.dim)
            if p.isGlobalSignIn {
                row = c.paragraph("Shared device mode: this sign-in is the device's, for every app.", in: r, row: row, style: t.warning)
            }
            if let offered = p.accounts.first {
                row = c.paragraph("Holds \(offered): pick it, no password.", in: r, row: row, style: t.success)
            }
        case .inApp:
            c.line("\(name) asks you to sign in", in: r, row: 0, style: t.heading)
            let why = p.fellBack.map { "Broker check failed (\(TokenText.short($0))): the SDK fell back to the embedded flow." }
                ?? "Embedded flow (\(sso?.credentialMode.sdkName ?? "")): the broker is not called."
            row = c.paragraph(why, in: r, row: 1, style: p.fellBack == nil ? t.dim : t.warning)
        }
        row = fields(m, &c, r, row: row + 1, button: p.accounts.isEmpty ? "Sign in" : "Continue")
        if row < r.height {
            c.button(" Cancel ", x: r.x, y: r.y + row, maxWidth: r.width, target: .command(.back))
            c.line("Esc", in: r, row: row, indent: 11, style: t.dim)
            row += 1
        }
        row = notice(m, &c, r, row: row + 1)
        attempts(m, &c, r, row: row)
    }

    // MARK: shared parts

    /// The form's fields (label above a masked or plain input) and its submit button;
    /// returns the next free row.
    static func fields(_ m: HubModel, _ c: inout Canvas, _ r: Rect, row start: Int, button: String) -> Int {
        let t = c.theme
        let form = m.form
        var row = start
        let typing = m.keyContext.textFieldFocused
        for (i, field) in form.fields.enumerated() where row + 1 < r.height {
            let active = i == form.active && typing
            // The field being typed in is marked on its label and drawn in the plain style:
            // each keystroke then costs the terminal only its own character (a styled field
            // costs ~24 bytes more per key, set and reset around every dot).
            c.line(active ? "› \(field.label)" : field.label, in: r, row: row, style: active ? t.activeField : t.dim)
            // The label is part of the field: a click on it puts the cursor in the box below.
            c.hits.add(Rect(x: r.x, y: r.y + row, width: r.width, height: 1), .field(field.id))
            let boxWidth = max(4, r.width)
            let shown = TextWidth.truncate(field.display, to: boxWidth - 1)
            let y = r.y + row + 1
            c.grid.fill(Rect(x: r.x, y: y, width: boxWidth, height: 1), with: "_", style: active ? t.text : t.field)
            c.text(shown, x: r.x, y: y, width: boxWidth, style: active ? t.text : t.field)
            c.hits.add(Rect(x: r.x, y: y, width: boxWidth, height: 1), .field(field.id))
            if active && m.helpOpen == false && m.confirmation == nil {
                c.cursor = (x: r.x + min(TextWidth.of(shown), boxWidth - 1), y: y)
            }
            row += 2
        }
        if row < r.height {
            c.button(" \(button) ", x: r.x, y: r.y + row, maxWidth: r.width, target: .command(.submitField))
            row += 1
        }
        return row
    }

    /// The notice for the Hub (a refusal's reason, or a confirmation); returns the next free row.
    /// A failed credential check says only why here: its numbers are the attempts line's.
    @discardableResult
    static func notice(_ m: HubModel, _ c: inout Canvas, _ r: Rect, row: Int) -> Int {
        guard let n = m.notice, n.place == .hub else { return row }
        let text = n.refusal?.credentialFailure.map { reason($0.reason) } ?? n.text
        return c.paragraph(text, in: r, row: row, style: n.kind == .error ? c.theme.error : c.theme.success, maxLines: 4)
    }

    static func reason(_ reason: CredentialFailure.Reason) -> String {
        switch reason {
        case .wrongCredentials: "Wrong user name or password."
        case .wrongPasscode: "Wrong passcode."
        case .lockedOut: "Too many failed attempts."
        }
    }

    /// Attempts left for the user being typed (or `user`), and a running lockout, from the
    /// device's count (so typing another name shows that name's count, not the last refusal's).
    static func attempts(_ m: HubModel, _ c: inout Canvas, _ r: Rect, row: Int, user: UserID? = nil) {
        let typed = m.form.field(.user)?.text ?? ""
        guard let who = user ?? (typed.isEmpty ? nil : UserID(typed)) else { return }
        let a = m.device.attempts(of: who)
        let limit = m.device.policy.failedAttemptLimit
        if let until = a.lockedUntil {
            c.paragraph("\(who) is locked out until \(until).", in: r, row: row, style: c.theme.error)
        } else if a.left < limit {
            c.line("Attempts left for \(who): \(a.left) of \(limit)", in: r, row: row, style: c.theme.warning)
        }
    }

    static func ownerStyle(_ m: HubModel, _ user: UserID) -> CellStyle {
        var s = m.theme.owner(m.device.tenant.colourIndex(of: user))
        s.bold = true
        return s
    }
}
