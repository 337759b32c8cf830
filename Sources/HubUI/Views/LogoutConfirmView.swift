import SessionEngine

/// The logout confirmation: a dialog that says what checking in means and what each app
/// will do, since check-in is not broadcast.
enum LogoutConfirmView {
    static func draw(_ m: HubModel, _ c: inout Canvas, screen: Rect) {
        let t = c.theme, d = m.device
        guard let user = d.state.user else { return }
        let width = min(76, screen.width - 4)
        let height = min(screen.height - 4, 8 + d.apps.count * 2)
        let r = Rect(x: (screen.width - width) / 2, y: max(1, (screen.height - height) / 2), width: width, height: height)
        // The dialog stands alone between the status and hint lines: cut words of the Hub
        // column and pane borders peeking around it would read as part of it. A click beside
        // it does what a click on it does (nothing hidden behind can be hit).
        let body = Rect(x: 0, y: 1, width: screen.width, height: max(0, screen.height - 2))
        c.grid.fill(body)
        c.hits.add(body, .command(.focusHub))
        let inner = c.box(r, style: t.focusedBorder, title: "Log out \(user)?", titleStyle: t.heading)
        c.hits.add(r, .command(.focusHub))
        var row = c.paragraph("The device will be checked in (staged). Check-in is not broadcast: each app learns on its own terms.",
                              in: inner, row: 0, indent: 1, style: t.text)
        row += 1
        let nameWidth = min(14, d.apps.map { TextWidth.of($0.definition.name) }.max() ?? 0) + 1
        let last = inner.height - 2
        for (i, app) in d.apps.enumerated() {
            if row >= last { break }
            if row == last - 1 && i < d.apps.count - 1 {
                c.line("+\(d.apps.count - i) more apps", in: inner, row: row, indent: 1, style: t.dim)
                row += 1
                break
            }
            c.line(app.definition.name, in: inner, row: row, indent: 1, style: t.title)
            let lines = Canvas.wrap(AccountChangeForecast.describe(app, on: d), width: inner.width - nameWidth - 2)
            for (j, l) in lines.prefix(max(1, last - row)).enumerated() {
                c.line(l, in: inner, row: row + j, indent: nameWidth + 1, style: t.text)
            }
            row += max(1, min(lines.count, last - row))
        }
        let y = inner.y + inner.height - 1
        var x = inner.maxX - 24
        x += c.button(" Log out ", x: x, y: y, maxWidth: 11, target: .command(.confirmLogout)) + 2
        c.button(" Cancel ", x: x, y: y, maxWidth: 10, target: .command(.back))
        let confirmKeys = KeyTable.bindings.first { $0.command == .confirmLogout }?.keyNames.replacing(" ", with: "/") ?? ""
        c.line("\(confirmKeys) log out · \(KeyTable.keyName(of: .back)) back", in: inner, row: inner.height - 1, indent: 1, style: t.dim)
    }
}
