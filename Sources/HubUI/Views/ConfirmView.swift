import SessionEngine

/// The forecast-and-confirm dialog, one for every step that cannot be taken back: the Hub's
/// log out, the console's enterprise wipe, a global sign-out (from the broker or an app, with
/// or without the browser) and quitting mid-walk. It says what the step means and, for the
/// device's actions, what each app will do, since none of them is seen by every app at once.
enum ConfirmView {
    /// What the dialog says: its title, the sentence under it, its yes button, and whether it
    /// lists each app's fate.
    struct Wording: Equatable {
        var title: String
        var intro: String
        var yes: String
        var forecast: Bool
    }

    static func wording(_ confirmation: Confirmation, on d: SharedDevice, keepsDevice: Bool, saveProblem: SaveProblem? = nil,
                        lesson: LessonPanel? = nil, inClass: Bool = false) -> Wording {
        let user = d.state.user?.name
        switch confirmation.kind {
        case .quit where inClass:
            // A class keeps each trainee's device in its folder: leaving loses nothing.
            let at = lesson.map { "You are at step \($0.position) of \($0.count). " } ?? ""
            return Wording(title: "Leave the class?",
                           intro: at + "Your device is kept: join again with the same name to carry on from here.",
                           yes: "Leave", forecast: false)
        case .quit where lesson != nil:
            let at = lesson.map { "At step \($0.position) of \($0.count). " } ?? ""
            return Wording(title: "Quit the lesson?",
                           intro: at + "The lesson's device lives in memory only: next time the lesson starts again from step 0.",
                           yes: "Quit", forecast: false)
        case .quit:
            let intro: String
            if !keepsDevice {
                intro = "This device is --ephemeral: quitting ends the walk and nothing of it is kept."
            } else if let problem = saveProblem {
                // Never "saved as it is" while the last save failed.
                intro = "NOT SAVED since \(problem.since) (\(problem.reason)): quitting now loses every change since then. "
                    + "To keep them, cancel, free space, and quit once the status line no longer says NOT SAVED "
                    + "(hubsim retries at every change and every \(Int(HubModel.saveRetryInterval)) s)."
            } else {
                intro = "The device is saved as it is: run hubsim again to carry on from here."
            }
            return Wording(title: "Quit hubsim?", intro: intro, yes: "Quit", forecast: false)
        case let .device(action):
            switch action {
            case .enterpriseWipe:
                let session = user.map { "Ends \($0)'s session; the" } ?? "The"
                return Wording(title: "Enterprise wipe?",
                               intro: "\(session) device stays enrolled and checked in. Not broadcast: an app's SDK finds out when it next checks.",
                               yes: "Wipe", forecast: true)
            case let .removeSharedDeviceConfiguration(part):
                let stays = d.isSharedDeviceMode ? "the device stays in shared device mode (a known issue of the Authenticator) until it is reset and registered again"
                    : "the device was registered without shared device mode and stays so"
                return Wording(title: "MDM: remove \(part.label)?",
                               intro: "The MDM removes it from the registered device; \(stays).", yes: "Remove", forecast: false)
            case let .signOut(from, _) where !d.isSharedDeviceMode:
                let whereFrom = from == .broker ? "the Authenticator" : d.app(from.description)?.definition.name ?? from.description
                return Wording(title: "Sign \(user ?? "the account") out of \(whereFrom)?",
                               intro: "Not in shared device mode (\(d.notInSharedDeviceModeBecause?.tag ?? "")): no sign-out is global; "
                                   + "every other app keeps the account and its tokens.",
                               yes: "Sign out", forecast: true)
            case let .signOut(from, _) where d.profile.platform == .android:
                // Android: the broker broadcasts to running apps whose receiver was registered at
                // run time (Microsoft Learn, shared device mode for Android).
                let whereFrom = from == .broker ? (d.profile.launcher == .managedHomeScreen ? "Managed Home Screen" : "the broker")
                    : d.app(from.description)?.definition.name ?? from.description
                return Wording(title: "Sign \(user ?? "the account") out of every app?",
                               intro: "Global sign-out from \(whereFrom): removes the account and tokens, not the apps' data, and broadcasts "
                                   + "\(API.currentAccountChangedBroadcast) (\(BroadcastType.globalSignOut.rawValue)) to running apps with a runtime receiver.",
                               yes: "Sign out", forecast: true)
            case let .signOut(from, browser):
                let whereFrom = from == .broker ? "the broker" : d.app(from.description)?.definition.name ?? from.description
                let how = browser ? " through the browser (signoutFromBrowser)" : ""
                return Wording(title: "Sign \(user ?? "the account") out of every app?",
                               intro: "Global sign-out from \(whereFrom)\(how): removes the account and tokens, not the apps' data, "
                                   + "and posts \(API.accountChangedNotification) (the notification below).",
                               yes: "Sign out", forecast: true)
            case .removeAccountFromSettings:
                // A known issue of MSAL for Android: removing the account in Settings sends no
                // broadcast; apps find it gone when they next call getCurrentAccountAsync.
                return Wording(title: "Remove \(user ?? "the account") in Settings?",
                               intro: "Settings > Accounts removes the work account and its tokens, but sends no broadcast: "
                                   + "running apps keep showing \(user ?? "it") until they call \(API.getCurrentAccountAsync).",
                               yes: "Remove", forecast: true)
            case let .removeAccount(id):
                let app = d.app(id)
                let name = app?.definition.name ?? id
                let account = app?.token?.account?.name ?? "the account"
                let group = app?.definition.sso?.tokenCacheGroup ?? "?"
                // The apps whose token the rehearsed remove took, besides the one removing.
                let others = (confirmation.forecast?.apps ?? []).filter { $0.app != id && $0.step.token != $0.step.tokenBefore }.map(\.name)
                let shared = others.isEmpty ? "" : ", shared with \(others.joinedText(separator: ", ")) (003's warning)"
                return Wording(title: "Remove \(account) from \(name)?",
                               intro: "removeAccount in \(name) deletes \(account)'s tokens of the whole keychain group \(group)\(shared).",
                               yes: "Remove", forecast: true)
            default:
                return Wording(title: "Log out \(user ?? "")?",
                               intro: "The device will be checked in (staged). Check-in is not broadcast: each app learns on its own terms.",
                               yes: "Log out", forecast: true)
            }
        }
    }

    /// Draws the dialog alone in `body` (the screen between the status and hint lines, less
    /// what a playing lesson keeps of its panel).
    static func draw(_ m: HubModel, _ c: inout Canvas, body: Rect) {
        let t = c.theme, d = m.device
        guard let confirmation = m.confirmation else { return }
        var words = wording(confirmation, on: d, keepsDevice: m.keepsDevice, saveProblem: m.saveProblem, lesson: m.lesson,
                            inClass: m.classroom != nil)
        // A step the rehearsal refused does nothing to any app: the reason replaces the list.
        if let refusal = confirmation.forecast?.refusal {
            words.intro += " As things are, it is refused: \(refusal)."
            words.forecast = false
        }
        let width = min(76, body.width - 4)
        let introLines = Canvas.wrap(words.intro, width: width - 4).count
        // Borders, the intro, a blank row, each app's forecast as wrapped, a blank row, the buttons.
        let apps = words.forecast ? confirmation.forecast?.apps ?? [] : []
        let action = confirmation.forecast?.action ?? .logOut
        let nameWidth = Self.nameWidth(apps)
        let forecastLines = apps.reduce(0) { sum, app in
            sum + Canvas.wrap(ForecastText.sentence(app, action: action), width: width - 2 - nameWidth - 2).count
        }
        let wanted = 2 + introLines + 1 + forecastLines + (words.forecast ? 1 : 0) + 1
        let height = min(body.height - 2, wanted)
        let r = Rect(x: body.x + (body.width - width) / 2, y: body.y + max(0, (body.height - height) / 2), width: width, height: height)
        // The dialog stands alone between the status and hint lines: cut words of the Hub
        // column and pane borders peeking around it would read as part of it. A click beside
        // it does nothing (nothing hidden behind can be hit).
        c.grid.fill(body)
        c.hits.add(body, .command(.focusField))
        let inner = c.box(r, style: t.focusedBorder, title: words.title, titleStyle: t.heading)
        var row = c.paragraph(words.intro, in: inner, row: 0, indent: 1, style: t.text)
        row += 1
        if !apps.isEmpty { forecast(apps, action, from: m.scrolls.confirm, &c, inner, row: row) }
        let y = inner.y + inner.height - 1
        let yes = " \(words.yes) "
        var x = inner.maxX - TextWidth.of(yes) - 13
        let buttonsX = x
        x += c.button(yes, x: x, y: y, maxWidth: TextWidth.of(yes) + 2, target: .command(.confirmAction)) + 1
        c.button(" Cancel ", x: x, y: y, maxWidth: 10, target: .command(.back))
        // The keys that answer it here: while a lesson leads, Enter is the lesson's next step.
        let context = m.keyContext
        let keys = { (command: UIIntent) in
            guard let b = KeyTable.bindings.first(where: { $0.command == command && $0.scope == "confirmation" }) else { return "" }
            return b.keys.filter { KeyTable.binding(for: $0, in: context)?.command == command }.map(\.displayName).joined(separator: "/")
        }
        // While a lesson leads, the page is answered by the class at its turn (its yes and no
        // are no keys then).
        let answer = keys(.confirmAction).isEmpty
            ? "→ goes on; the class answers at its turn (d)"
            : "\(keys(.confirmAction)) \(words.yes.lowercased()) · \(keys(.back)) cancel"
        c.text(answer, x: inner.x + 1, y: y, width: max(0, buttonsX - inner.x - 2), style: t.dim)
    }

    /// The column of app names: the longest name, up to 14 columns, and a space.
    static func nameWidth(_ apps: [AppForecast]) -> Int { min(14, apps.map { TextWidth.of($0.name) }.max() ?? 0) + 1 }

    /// Each app's name and what the rehearsal of the step did to it, wrapped beside the
    /// name. When they do not all fit, whole sentences are shown while they fit and the rest
    /// counted (`+2 more apps: ↓`): a sentence cut short could say something untrue. From
    /// `first` on (↓ ↑, the wheel, or a click on either count line scrolls by whole apps).
    private static func forecast(_ apps: [AppForecast], _ action: DeviceAction, from first: Int, _ c: inout Canvas, _ inner: Rect, row start: Int) {
        let t = c.theme
        let nameWidth = Self.nameWidth(apps)
        let end = inner.height - 2
        let blocks = apps.map { Canvas.wrap(ForecastText.sentence($0, action: action), width: inner.width - nameWidth - 2) }
        let allFit = start + blocks.reduce(0) { $0 + $1.count } <= end
        // Scrolled no further than needed for the last app to show.
        var skip = allFit ? 0 : min(first, apps.count - 1)
        while skip > 0, start + 1 + blocks[(skip - 1)...].reduce(0, { $0 + $1.count }) <= end { skip -= 1 }
        var row = start
        if skip > 0 {
            c.line("↑ \(skip) more app\(skip == 1 ? "" : "s") above: ↑", in: inner, row: row, indent: 1, style: t.dim)
            c.hits.add(Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1), .command(.lineUp))
            row += 1
        }
        for (i, (app, lines)) in zip(apps, blocks).enumerated() where i >= skip {
            if !allFit && row + lines.count > end - 1 && !(i == apps.count - 1 && row + lines.count <= end) {
                let rest = apps.count - i
                if row < end {
                    c.line("+\(rest) more app\(rest == 1 ? "" : "s"): ↓", in: inner, row: row, indent: 1, style: t.dim)
                    c.hits.add(Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1), .command(.lineDown))
                }
                break
            }
            c.line(app.name, in: inner, row: row, indent: 1, style: t.title)
            for (j, l) in lines.enumerated() { c.line(l, in: inner, row: row + j, indent: nameWidth + 1, style: t.text) }
            row += lines.count
        }
    }
}
