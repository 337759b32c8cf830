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
                        lesson: LessonPanel? = nil) -> Wording {
        let user = d.state.user?.name
        switch confirmation.kind {
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
                               intro: "\(session) device stays enrolled and checked in. Not broadcast: each app learns as of a check-in.",
                               yes: "Wipe", forecast: true)
            case let .signOut(from, browser):
                let whereFrom = from == .broker ? "the broker" : d.app(from.description)?.definition.name ?? from.description
                let how = browser ? " through the browser (signoutFromBrowser)" : ""
                return Wording(title: "Sign \(user ?? "the account") out of every app?",
                               intro: "Global sign-out from \(whereFrom)\(how): removes the account and tokens, not the apps' data.",
                               yes: "Sign out", forecast: true)
            case let .removeAccount(id):
                let app = d.app(id)
                let name = app?.definition.name ?? id
                let account = app?.token?.account?.name ?? "the account"
                let group = app?.definition.sso?.tokenCacheGroup ?? "?"
                let others = RemoveAccountForecast.affected(by: id, on: d).map { d.app($0)?.definition.name ?? $0 }
                return Wording(title: "Remove \(account) from \(name)?",
                               intro: "removeAccount in \(name) deletes \(account)'s tokens of the whole keychain group \(group), "
                                   + "shared with \(others.joined(separator: ", ")) (003's warning).",
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
        let words = wording(confirmation, on: d, keepsDevice: m.keepsDevice, saveProblem: m.saveProblem, lesson: m.lesson)
        let width = min(76, body.width - 4)
        let introLines = Canvas.wrap(words.intro, width: width - 4).count
        // Borders, the intro, a blank row, each app's forecast as wrapped, a blank row, the buttons.
        let nameWidth = min(14, d.apps.map { TextWidth.of($0.definition.name) }.max() ?? 0) + 1
        let forecastLines = !words.forecast ? 0 : d.apps.reduce(0) { sum, app in
            sum + Canvas.wrap(forecastText(app, on: d, for: confirmation.action ?? .logOut), width: width - 2 - nameWidth - 2).count
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
        if words.forecast, let action = confirmation.action {
            forecast(action, d, &c, inner, row: row)
        }
        let y = inner.y + inner.height - 1
        let yes = " \(words.yes) "
        var x = inner.maxX - TextWidth.of(yes) - 13
        let buttonsX = x
        x += c.button(yes, x: x, y: y, maxWidth: TextWidth.of(yes) + 2, target: .command(.confirmAction)) + 1
        c.button(" Cancel ", x: x, y: y, maxWidth: 10, target: .command(.back))
        // The keys that answer it here: while a lesson leads, Enter is the lesson's next step.
        let context = m.keyContext
        let keys = { (command: UICommand) in
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

    /// What `app` will do after `action`: a session's end, or a remove in one app.
    static func forecastText(_ app: AppRuntime, on d: SharedDevice, for action: DeviceAction) -> String {
        if case let .removeAccount(id) = action { return RemoveAccountForecast.describe(app, removing: id, on: d) }
        return AccountChangeForecast.describe(app, on: d, for: action)
    }

    /// Each app's name and what it will do, wrapped beside the name; the rest counted when
    /// they do not fit.
    private static func forecast(_ action: DeviceAction, _ d: SharedDevice, _ c: inout Canvas, _ inner: Rect, row start: Int) {
        let t = c.theme
        var row = start
        let nameWidth = min(14, d.apps.map { TextWidth.of($0.definition.name) }.max() ?? 0) + 1
        let last = inner.height - 2
        for (i, app) in d.apps.enumerated() {
            if row >= last { break }
            if row == last - 1 && i < d.apps.count - 1 {
                c.line("+\(d.apps.count - i) more apps", in: inner, row: row, indent: 1, style: t.dim)
                break
            }
            c.line(app.definition.name, in: inner, row: row, indent: 1, style: t.title)
            let lines = Canvas.wrap(forecastText(app, on: d, for: action), width: inner.width - nameWidth - 2)
            for (j, l) in lines.prefix(max(1, last - row)).enumerated() {
                c.line(l, in: inner, row: row + j, indent: nameWidth + 1, style: t.text)
            }
            row += max(1, min(lines.count, last - row))
        }
    }
}
