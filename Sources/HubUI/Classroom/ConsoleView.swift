/// Draws the trainer's console: the tiles page (`tiles`), one trainee's mirrored screen
/// (`zoom`), the confirm dialog over either, and F1's help. Every clickable thing is in the
/// hit map as a `ConsoleHit`; the hint line, the buttons and help read `ConsoleKeys`.
enum ConsoleView {
    static func frame(_ m: ClassroomConsole, width: Int, height: Int) -> Frame {
        var c = Canvas(width: width, height: height, theme: m.theme)
        let g = ConsoleGlyphs.of(ascii: m.asciiSymbols)
        if m.helpOpen {
            help(m, &c, g)
        } else if let name = m.zoomed {
            zoom(m, name: name, &c, g)
        } else {
            tiles(m, &c, g)
        }
        if let dialog = m.dialog { confirm(m, dialog, &c, g) }
        if m.asciiSymbols { asciiEllipses(&c, mirrored: m.zoomed != nil && !m.helpOpen && m.dialog == nil) }
        return c.frame
    }

    // MARK: the tiles page

    static func tiles(_ m: ClassroomConsole, _ c: inout Canvas, _ g: ConsoleGlyphs) {
        let t = c.theme, w = c.grid.width, h = c.grid.height
        statusLine(m, &c, g, y: 0)
        if let notice = m.notice {
            c.text(notice, x: 1, y: 1, width: w - 2, style: t.warning)
        } else {
            c.text(m.joinLine, x: 1, y: 1, width: w - 2, style: t.dim)
        }
        buttons(m, on: .tiles, &c, y: 2)
        handsLine(m, &c, g, y: 3)
        let layout = ConsoleLayout(width: w, height: h)
        let first = m.page * layout.perPage
        let onPage = m.seats.dropFirst(first).prefix(layout.perPage)
        if m.seats.isEmpty {
            c.text("No trainee yet. They join with the line above, one device each.", x: 1, y: ConsoleLayout.rowsAbove + 1, width: w - 2, style: t.dim)
        }
        for (i, seat) in onPage.enumerated() {
            tile(m, seat, &c, g, layout.tile(i))
        }
        pageLine(m, layout, &c, g, y: h - 2)
        hintLine(on: .tiles, &c, y: h - 1)
    }

    /// ` Class NAME · 12:34 · the trainer leads: step 3 of 9 · 12 trainees` and the hands' count.
    static func statusLine(_ m: ClassroomConsole, _ c: inout Canvas, _ g: ConsoleGlyphs, y: Int) {
        let t = c.theme, w = c.grid.width
        c.grid.fill(Rect(x: 0, y: y, width: w, height: 1), style: t.statusBar)
        let here = m.seats.filter { if case .connected = $0.link { true } else { false } }.count
        let show = m.showing.map { " \(g.dot) showing \($0)" } ?? ""
        let left = " Class \(m.className) \(g.dot) \(ClassTime.clock(m.now)) \(g.dot) \(leadText(m))\(show) \(g.dot) \(here)/\(m.seats.count) here"
        let hands = m.hands.count
        let right = hands > 0 ? " \(g.hand) \(hands) " : ""
        let used = c.text(left, x: 0, y: y, width: w - TextWidth.of(right), style: t.statusBar)
        if hands > 0, used + TextWidth.of(right) <= w {
            c.text(right, x: w - TextWidth.of(right), y: y, width: TextWidth.of(right), style: t.statusAlert)
        }
    }

    /// What the class is doing, as its trainees' line says it.
    static func leadText(_ m: ClassroomConsole) -> String {
        let step = m.classStep, of = m.lessonSteps
        if m.held { return "on hold at step \(step) of \(of)" }
        if m.classTries { return "the class tries step \(step + 1) of \(of)" }
        return step == of ? "lesson done: step \(of) of \(of)" : "you lead: step \(step) of \(of)"
    }

    /// The screen's row of buttons, as the key table names them: `[n next step]`.
    static func buttons(_ m: ClassroomConsole, on screen: ConsoleScreen, _ c: inout Canvas, y: Int) {
        var x = 1
        let w = c.grid.width
        for action in ConsoleKeys.buttons(on: screen) {
            let label = "\(ConsoleKeys.keyName(action, on: screen)) \(buttonText(m, action, on: screen))"
            let width = TextWidth.of(label) + 2
            guard x + width <= w - 1 else { break }
            x += c.button(label, x: x, y: y, maxWidth: width, target: .console(.action(action))) + 1
        }
    }

    /// A button's words: the key table's help, with the trainee it acts on where it acts on one.
    static func buttonText(_ m: ClassroomConsole, _ action: ConsoleAction, on screen: ConsoleScreen) -> String {
        switch action {
        case .show where screen == .tiles: m.chosen.map { "show \($0)" } ?? ConsoleKeys.help(action, on: screen)
        case .show: "show"
        case .endShow: m.showing.map { "end show of \($0)" } ?? ConsoleKeys.help(action, on: screen)
        case .hold: m.held ? "resume" : "hold"
        default: ConsoleKeys.help(action, on: screen)
        }
    }

    /// `Hands, oldest first: ana 2m  bob 40s` (each name clickable: chooses them), or none.
    static func handsLine(_ m: ClassroomConsole, _ c: inout Canvas, _ g: ConsoleGlyphs, y: Int) {
        let t = c.theme, w = c.grid.width
        let hands = m.hands
        guard !hands.isEmpty else {
            c.text("No hand raised.", x: 1, y: y, width: w - 2, style: t.dim)
            return
        }
        let label = "\(g.hand) oldest first:"
        var x = 1 + c.text(label, x: 1, y: y, width: w - 2, style: t.warning) + 1
        for (i, seat) in hands.enumerated() {
            let entry = "\(seat.name) \(ClassTime.short(m.now - (seat.handRaisedAt ?? m.now)))"
            let rest = hands.count - i
            let more = "+\(rest) more"
            let fits = x + TextWidth.of(entry) + (rest > 1 ? TextWidth.of(more) + 2 : 0) <= w - 1
            guard fits else {
                c.text(more, x: x, y: y, width: w - 1 - x, style: t.dim)
                break
            }
            let used = c.text(entry, x: x, y: y, width: w - 1 - x, style: seat.name == m.chosen ? t.selection : t.text)
            c.hits.add(Rect(x: x, y: y, width: used, height: 1), .console(.hand(seat.name)))
            x += used + 2
        }
        let lower = "\(ConsoleKeys.keyName(.lowerHand, on: .tiles)) lower"
        if x + TextWidth.of(lower) + 2 <= w - 1 {
            c.button(lower, x: w - 3 - TextWidth.of(lower), y: y, maxWidth: TextWidth.of(lower) + 2, target: .console(.action(.lowerHand)))
        }
    }

    /// One trainee's tile: name and hand in the border, then how they are linked (and idle),
    /// where they are in the lesson (and how far behind), the device and its user, the leaks.
    static func tile(_ m: ClassroomConsole, _ seat: TraineeSeat, _ c: inout Canvas, _ g: ConsoleGlyphs, _ r: Rect) {
        let t = c.theme
        let chosen = seat.name == m.chosen
        let hand = seat.handRaisedAt != nil ? " \(g.hand)" : ""
        let shown = m.showing == seat.name ? " (shown)" : ""
        var border = chosen ? t.focusedBorder : t.border
        if case .crashed = seat.link { border = t.error }
        let inner = box(&c, r, style: border, title: seat.name + hand + shown, titleStyle: chosen ? t.selection : t.title, ascii: m.asciiSymbols)
        c.hits.add(r, .console(.seat(seat.name)))
        c.line(linkText(m, seat, g), in: inner, row: 0, style: linkStyle(seat.link, t))
        guard let s = seat.status else {
            if let kept = seat.keptStep {
                // A restarted class: the step the device file keeps; the rest comes when they rejoin.
                c.line("step \(kept) of \(m.lessonSteps)", in: inner, row: 1, style: t.text)
                c.line("as before the restart", in: inner, row: 2, style: t.dim)
            } else {
                c.line("waiting for the device", in: inner, row: 1, style: t.dim)
            }
            return
        }
        let behind = s.behind > 0 ? " \(g.dot) behind \(s.behind)" : ""
        c.line("step \(s.step) of \(s.steps)\(behind)", in: inner, row: 1, style: s.behind > 0 ? t.warning : t.text)
        c.line(s.user.map { "\(s.state): \($0)" } ?? s.state, in: inner, row: 2, style: t.text)
        if s.leaks > 0 {
            c.line("LEAK \(g.times)\(s.leaks)", in: inner, row: 3, style: t.leakBanner)
        } else {
            c.line("no leak", in: inner, row: 3, style: t.dim)
        }
    }

    static func linkText(_ m: ClassroomConsole, _ seat: TraineeSeat, _ g: ConsoleGlyphs) -> String {
        switch seat.link {
        case .joining: return "joining\(g.ellipsis)"
        case let .connected(since):
            let idle = m.now - seat.lastInputSecond
            return "here \(ClassTime.short(m.now - since))" + (idle >= 60 ? " \(g.dot) idle \(ClassTime.short(idle))" : "")
        case let .away(since): return "away \(ClassTime.short(m.now - since)), device kept"
        case let .crashed(since, reason): return "crashed \(ClassTime.short(m.now - since)): \(reason)"
        case let .notReading(since): return "not reading \(ClassTime.short(m.now - since))"
        }
    }

    static func linkStyle(_ link: SeatLink, _ t: Theme) -> CellStyle {
        switch link {
        case .connected: t.success
        case .joining, .away: t.dim
        case .crashed: t.error
        case .notReading: t.warning
        }
    }

    /// `◀ PgUp  page 2 of 4 · trainees 10–18 of 30  PgDn ▶`, each arrow clickable.
    static func pageLine(_ m: ClassroomConsole, _ layout: ConsoleLayout, _ c: inout Canvas, _ g: ConsoleGlyphs, y: Int) {
        let t = c.theme, w = c.grid.width
        guard m.seats.count > layout.perPage else {
            if !m.seats.isEmpty {
                c.text("\(m.seats.count) trainee\(m.seats.count == 1 ? "" : "s"), all shown", x: 1, y: y, width: w - 2, style: t.dim)
            }
            return
        }
        let first = m.page * layout.perPage + 1, last = min(m.seats.count, (m.page + 1) * layout.perPage)
        let previous = "\(g.previous) PgUp", next = "PgDn \(g.next)"
        let middle = "page \(m.page + 1) of \(m.pageCount) \(g.dot) trainees \(first)\(g.dash)\(last) of \(m.seats.count)"
        var x = 1
        let pw = c.text(previous, x: x, y: y, width: w - 2, style: m.page > 0 ? t.hintKey : t.dim)
        c.hits.add(Rect(x: x, y: y, width: pw, height: 1), .console(.action(.previousPage)))
        x += pw + 2
        x += c.text(middle, x: x, y: y, width: max(0, w - 1 - x), style: t.text) + 2
        let nw = c.text(next, x: x, y: y, width: max(0, w - 1 - x), style: m.page < m.pageCount - 1 ? t.hintKey : t.dim)
        c.hits.add(Rect(x: x, y: y, width: nw, height: 1), .console(.action(.nextPage)))
    }

    /// The bottom line: the key table's entries for `screen`, each clickable; where they do not
    /// all fit, the keys' names alone, then as many as fit (F1 lists them all).
    static func hintLine(on screen: ConsoleScreen, _ c: inout Canvas, y: Int, width: Int? = nil) {
        let t = c.theme, w = min(c.grid.width, width ?? c.grid.width)
        let hints = ConsoleKeys.hints(on: screen)
        let full = hints.reduce(0) { $0 + TextWidth.of($1.keys[0].displayName) + 1 + TextWidth.of($1.help) + 2 }
        let short = full > w - 2
        var x = 1
        for b in hints {
            let key = b.keys[0].displayName
            let help = short ? (b.action == .help ? "help" : "") : b.help
            let width = TextWidth.of(key) + (help.isEmpty ? 0 : 1 + TextWidth.of(help))
            guard x + width <= w - 1 else { break }
            c.text(key, x: x, y: y, width: TextWidth.of(key), style: t.hintKey)
            if !help.isEmpty { c.text(help, x: x + TextWidth.of(key) + 1, y: y, width: TextWidth.of(help), style: t.hint) }
            c.hits.add(Rect(x: x, y: y, width: width, height: 1), .console(.action(b.action)))
            x += width + (short ? 1 : 2)
        }
    }

    // MARK: one trainee's screen

    /// The trainee's screen cell for cell under one line saying whose it is, the buttons that
    /// act on them, and the hint line; ↑ ↓ scroll a screen taller than the room.
    static func zoom(_ m: ClassroomConsole, name: String, _ c: inout Canvas, _ g: ConsoleGlyphs) {
        let t = c.theme, w = c.grid.width, h = c.grid.height
        c.grid.fill(Rect(x: 0, y: 0, width: w, height: 1), style: t.statusBar)
        let seat = m.seats.first { $0.name == name }
        let where_ = seat?.status.map { " \(g.dot) step \($0.step) of \($0.steps)" } ?? ""
        let link = seat.map { " \(g.dot) " + linkText(m, $0, g) } ?? ""
        let shown = m.showing == name ? " \(g.dot) shown to the class" : ""
        let grid = m.mirrors[name]
        let room = Rect(x: 0, y: 2, width: w, height: ConsoleLayout.mirrorRows(height: h))
        let scroll = grid.map { min(m.zoomScroll, max(0, $0.height - room.height)) } ?? 0
        // A screen taller than the room: which rows show, and the keys that scroll (right-aligned).
        var rows = ""
        if let grid, grid.height > room.height {
            rows = " rows \(scroll + 1)\(g.dash)\(scroll + room.height) of \(grid.height) " + g.keys("\(ConsoleKeys.keyName(.up, on: .zoom))\(ConsoleKeys.keyName(.down, on: .zoom)) ")
        }
        c.text(" \(name)'s screen, read-only\(where_)\(link)\(shown)", x: 0, y: 0, width: w - TextWidth.of(rows), style: t.statusBar)
        if !rows.isEmpty { c.text(rows, x: w - TextWidth.of(rows), y: 0, width: TextWidth.of(rows), style: t.statusAlert) }
        buttons(m, on: .zoom, &c, y: 1)
        defer {
            // A key that could not act says why in place of the hint line, until the next key.
            if let notice = m.notice {
                c.grid.fill(Rect(x: 0, y: h - 1, width: w, height: 1))
                c.text(notice, x: 1, y: h - 1, width: w - 2, style: t.warning)
                c.hits.add(Rect(x: 0, y: h - 1, width: w, height: 1), .console(.inert))
            }
        }
        guard let grid else {
            c.text("Waiting for \(name)'s screen\(g.ellipsis)", x: 1, y: room.y + 1, width: w - 2, style: t.dim)
            hintLine(on: .zoom, &c, y: h - 1)
            return
        }
        for y in 0..<min(room.height, grid.height - scroll) {
            for x in 0..<min(w, grid.width) { c.grid[x, room.y + y] = grid[x, y + scroll] }
            // A wide character cut by the trainer's narrower screen leaves no half behind.
            if grid.width > w, w > 0, TextWidth.of(c.grid[w - 1, room.y + y].text) == 2 {
                c.grid[w - 1, room.y + y] = Cell(text: " ", style: c.grid[w - 1, room.y + y].style)
            }
        }
        hintLine(on: .zoom, &c, y: h - 1)
    }

    // MARK: the dialog

    /// What the dialog says: its title, sentence and yes button.
    static func wording(_ m: ClassroomConsole, _ dialog: ClassroomConsole.Dialog) -> (title: String, intro: String, yes: String) {
        switch dialog {
        case let .reset(name):
            return ("Reset \(name)'s device?",
                    "\(name)'s device goes back to the lesson's start: everything done on it is lost. \(name) stays in the class.", "Reset")
        case let .disconnect(name):
            return ("Disconnect \(name)?",
                    "\(name)'s session ends with a line; the device is kept, and \(name) can join again with the class code.", "Disconnect")
        case .quit:
            let here = m.seats.filter { if case .connected = $0.link { true } else { false } }.count
            return ("End the class?",
                    "Every trainee's session ends with a line (\(here) connected) and every device is saved.", "End class")
        }
    }

    /// The question alone between the status and hint lines, as the Hub's confirm dialog
    /// stands: a click beside it does nothing.
    static func confirm(_ m: ClassroomConsole, _ dialog: ClassroomConsole.Dialog, _ c: inout Canvas, _ g: ConsoleGlyphs) {
        let t = c.theme, w = c.grid.width, h = c.grid.height
        let body = Rect(x: 0, y: 1, width: w, height: max(0, h - 2))
        let words = wording(m, dialog)
        let width = min(64, w - 4)
        let intro = Canvas.wrap(words.intro, width: width - 4)
        let height = min(body.height, 2 + intro.count + 2)
        let r = Rect(x: (w - width) / 2, y: body.y + max(0, (body.height - height) / 2), width: width, height: height)
        c.grid.fill(body)
        c.hits.add(body, .console(.inert))
        let inner = box(&c, r, style: t.focusedBorder, title: words.title, titleStyle: t.heading, ascii: m.asciiSymbols)
        for (i, l) in intro.enumerated() { c.line(l, in: inner, row: i, indent: 1, style: t.text) }
        let y = inner.maxY - 1
        let yes = " \(words.yes) ", no = " Cancel "
        var x = inner.maxX - TextWidth.of(yes) - TextWidth.of(no) - 5
        let buttonsX = x
        x += c.button(yes, x: x, y: y, maxWidth: TextWidth.of(yes) + 2, target: .console(.action(.confirm))) + 1
        c.button(no, x: x, y: y, maxWidth: TextWidth.of(no) + 2, target: .console(.action(.cancel)))
        let keys = { (a: ConsoleAction) in ConsoleKeys.bindings.first { $0.action == a }?.keyNames ?? "" }
        c.text("\(keys(.confirm)) \(words.yes.lowercased()) \(g.dot) \(keys(.cancel)) cancel", x: inner.x + 1, y: y,
               width: max(0, buttonsX - inner.x - 2), style: t.dim)
        // The hint line answers the question too: the tiles' keys do nothing while it asks.
        c.grid.fill(Rect(x: 0, y: h - 1, width: w, height: 1))
        c.hits.add(Rect(x: 0, y: h - 1, width: w, height: 1), .console(.inert))
        hintLine(on: .dialog, &c, y: h - 1)
    }

    // MARK: help

    /// F1: every binding of the key table, where it works, and what the tiles say.
    static func help(_ m: ClassroomConsole, _ c: inout Canvas, _ g: ConsoleGlyphs) {
        let t = c.theme
        let screen = Rect(x: 0, y: 0, width: c.grid.width, height: c.grid.height)
        let inner = box(&c, screen, style: t.focusedBorder, title: g.keys("Console keys \(g.dot) F1 or Esc closes \(g.dot) \(ConsoleKeys.keyName(.up, on: .help)) \(ConsoleKeys.keyName(.down, on: .help)) scroll"),
                        titleStyle: t.heading, ascii: m.asciiSymbols)
        c.hits.add(screen, .console(.action(.help)))  // a click closes help; nothing beneath is hit
        var lines: [(String, String, String)] = []
        var seen: Set<String> = []
        for b in ConsoleKeys.bindings where b.screens != [.help] {
            // One line per key and meaning (↑ ↓ choose on the tiles and scroll a mirror).
            let id = b.keyNames + b.help
            guard seen.insert(id).inserted else { continue }
            lines.append((g.keys(b.keyNames), b.help, where_(b.screens)))
        }
        lines.append(("", "", ""))
        lines += legend(g).map { ("", $0, "") }
        let scroll = min(m.helpScroll, max(0, lines.count - inner.height))
        for (row, l) in lines.dropFirst(scroll).prefix(inner.height).enumerated() {
            let y = inner.y + row
            if l.0.isEmpty { c.text(l.1, x: inner.x + 1, y: y, width: inner.width - 2, style: t.dim); continue }
            c.text(l.0, x: inner.x + 1, y: y, width: 10, style: t.hintKey)
            c.text(l.1, x: inner.x + 12, y: y, width: 16, style: t.text)
            c.text(l.2, x: inner.x + 29, y: y, width: inner.width - 30, style: t.dim)
        }
    }

    static func where_(_ screens: Set<ConsoleScreen>) -> String {
        if screens == [.dialog] { return "in a question" }
        if screens.isSuperset(of: [.tiles, .zoom]) { return "tiles and a trainee's screen" }
        if screens.contains(.tiles) { return "tiles" }
        if screens.contains(.zoom) { return screens.contains(.help) ? "a trainee's screen, help" : "a trainee's screen" }
        return "help"
    }

    /// What the tiles' words mean, one line each within 76 columns.
    static func legend(_ g: ConsoleGlyphs) -> [String] {
        [
            "Mouse: click a tile to watch it, buttons, names in the hands line, PgUp/PgDn.",
            "here 12m  connected that long; idle 3m: no key for that long",
            "away  left or dropped; the device is kept for a rejoin",
            "behind 2  the class is 2 steps ahead; the trainee finishes their step first",
            "LEAK \(g.times)N  leaks this trainee's device raised; \(g.hand)  a raised hand",
        ]
    }

    // MARK: ASCII

    /// Text cut to fit ends in `…` (`TextWidth.truncate`); where the trainer's locale is not
    /// UTF-8 it ends in `.`. A mirrored trainee's screen keeps its own cells.
    static func asciiEllipses(_ c: inout Canvas, mirrored: Bool) {
        let h = c.grid.height
        for y in 0..<h where !mirrored || y < 2 || y == h - 1 {
            for x in 0..<c.grid.width where c.grid[x, y].text == "…" { c.grid[x, y].text = "." }
        }
    }

    // MARK: boxes

    /// `Canvas.box`, in ASCII where the trainer's locale is not UTF-8.
    static func box(_ c: inout Canvas, _ r: Rect, style: CellStyle, title: String, titleStyle: CellStyle, ascii: Bool) -> Rect {
        let inner = c.box(r, style: style, title: title, titleStyle: titleStyle)
        guard ascii, r.width >= 2, r.height >= 2 else { return inner }
        for x in r.x..<r.maxX {
            let corner = x == r.x || x == r.maxX - 1
            if corner || c.grid[x, r.y].text == "─" { c.grid.put(corner ? "+" : "-", x: x, y: r.y, style: style) }
            c.grid.put(corner ? "+" : "-", x: x, y: r.maxY - 1, style: style)
        }
        for y in (r.y + 1)..<(r.maxY - 1) {
            c.grid.put("|", x: r.x, y: y, style: style)
            c.grid.put("|", x: r.maxX - 1, y: y, style: style)
        }
        return inner
    }
}
