/// `F1`: the whole key table (keys, help, where it applies), drawn from the same data that
/// handles the keys.
enum HelpView {
    static func draw(_ m: HubModel, _ c: inout Canvas, screen: Rect) {
        let t = c.theme
        let inner = c.box(screen, style: t.focusedBorder, title: "Keys · F1 or Esc closes · PgUp/PgDn scroll", titleStyle: t.heading)
        c.hits.add(screen, .command(.help))  // a click on help closes it; nothing beneath is hit
        // Bindings that work where help was opened from are marked and drawn brighter.
        var context = m.keyContext
        context.helpOpen = false
        // A lesson's keys are listed only while a lesson plays: elsewhere they do not exist.
        // A class's keys (the hand, leaving) only in a class.
        let listed = KeyTable.bindings.filter { context.lessonPlaying || !KeyBinding.lessonCommands.contains($0.command) }
            .filter { context.inClass || !KeyBinding.classCommands.contains($0.command) }
        var lines: [(String, String, String)] = listed.map { ($0.keyNames, $0.help, $0.scope) }
        lines.append(("", "", ""))
        lines.append(("", "• works here now.", ""))
        lines.append(("", "Letter shortcuts are off while a text field has focus.", ""))
        lines.append(("", "Mouse: click panes, fields, buttons and hint-line entries.", ""))
        lines.append(("", "", ""))
        lines += legend.map { ("", $0, "") }
        let active = listed.map { $0.isActive(in: context) } + Array(repeating: false, count: lines.count - listed.count)
        // Two columns where they hold every line; else one that scrolls, so no line is cut.
        let columns = inner.width >= 110 && (lines.count + 1) / 2 <= inner.height ? 2 : 1
        let colWidth = inner.width / columns
        let perColumn = max(1, columns == 2 ? (lines.count + 1) / 2 : inner.height)
        let scroll = columns == 2 && perColumn <= inner.height ? 0 : min(m.scrolls.help, max(0, lines.count - inner.height))
        for (i, l) in lines.enumerated().dropFirst(scroll) {
            let idx = i - scroll
            let col = idx / perColumn, row = idx % perColumn
            guard col < columns, row < inner.height else { continue }
            let x = inner.x + col * colWidth + 1
            // A note (no key) runs across the columns, drawn once: drawn in the help column too,
            // its tail showed beside itself ("• works here now. works here now.").
            if l.0.isEmpty {
                c.text(l.1, x: x, y: inner.y + row, width: colWidth - 2, style: t.dim)
                continue
            }
            if active[i] { c.text("•", x: x, y: inner.y + row, width: 1, style: t.hintKey) }
            c.text(l.0, x: x + 2, y: inner.y + row, width: 13, style: active[i] ? t.hintKey : t.dim)
            c.text(l.1, x: x + 16, y: inner.y + row, width: 22, style: active[i] ? t.text : t.dim)
            c.text(l.2, x: x + 39, y: inner.y + row, width: colWidth - 41, style: t.dim)
        }
    }

    /// What the screen's counts and marks mean, each where a trainer is asked about it first:
    /// one line each, at most 76 columns, so the 80-column help shows them whole.
    static let legend = [
        "What the marks mean:",
        "exposed: N  another user's items this device can read now, shown or kept (a)",
        "leaks: N  leaks raised this session; LEAK ×N  apps showing one now",
        "WILL LEAK ×N  apps sure to show another user's data at their next foreground",
        "●  online (o toggles; ○ OFFLINE when not)",
        "Pane history: oldest first, the latest at the bottom; +N earlier: f zooms",
        "✗ missed (why)  a notification the app did not get then, and why",
        "✗ no msauth query  msauth is not in the app's LSApplicationQueriesSchemes",
    ]
}
