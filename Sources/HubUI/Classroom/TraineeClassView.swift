/// What a class adds to a trainee's lesson screen: one line naming the class and what the
/// trainer is doing, in place of the narration panel's top border (the panel's buttons, which
/// are the trainer's in a class, give way to the trainee's own: the hand and leaving); another
/// trainee's screen shown by the trainer, cell for cell under a line saying whose; the line the
/// class ended with.
enum TraineeClassView {
    static func draw(_ m: HubModel, _ seat: TraineeClass, _ c: inout Canvas, lesson: Rect, strip: Bool) {
        let w = c.grid.width, h = c.grid.height
        guard w >= HubModel.minimumWidth, h >= HubModel.minimumHeight else { return }
        if let ended = seat.ended {
            endLine(ended, &c)
        } else if let shown = seat.shown {
            shownScreen(m, shown, &c)
        } else {
            let row = strip ? h - 2 : lesson.y
            guard lesson.height > 0 || strip else { return }
            classLine(m, seat, &c, y: row)
            if !strip, lesson.height >= 2 { panelButtons(m, seat, &c, lesson) }
        }
    }

    /// `ws1-shift-change · the trainer leads: watch (step 3 of 9)`: the class and what the
    /// trainer is doing, across the row.
    static func classLine(_ m: HubModel, _ seat: TraineeClass, _ c: inout Canvas, y: Int) {
        let t = c.theme, w = c.grid.width
        c.grid.fill(Rect(x: 0, y: y, width: w, height: 1), style: t.statusBar)
        let dot = m.asciiDrawings ? "-" : "·"
        let (what, alert) = seat.note.map { ($0, true) } ?? doing(m, seat)
        let used = c.text(" \(seat.className) \(dot) ", x: 0, y: y, width: w, style: t.statusBar)
        c.text(what + " ", x: used, y: y, width: max(0, w - used), style: alert ? t.statusAlert : t.statusBar)
    }

    /// What the trainer is doing, as this trainee lives it, and whether it needs their attention.
    static func doing(_ m: HubModel, _ seat: TraineeClass) -> (String, Bool) {
        let position = m.lesson?.position ?? 0, count = m.lesson?.count ?? 0
        let dash = m.asciiDrawings ? "-" : "—"
        let behind = seat.classStep - position
        let waiting = m.lesson?.isWaiting ?? false
        switch seat.lead {
        case .hold:
            return ("on hold: the trainer has paused the class", true)
        case _ where behind > 0:
            // Not yanked forward in the middle of their own turn: they finish it first.
            let finish = waiting ? ": finish your turn" : ""
            return ("class at step \(seat.classStep) \(dash) you are at step \(position) of \(count)\(finish)", true)
        case .tryIt where waiting:
            return ("your turn: step \(position + 1) of \(count)", true)
        case .tryIt:
            return ("your turn is done: step \(position) of \(count)", false)
        case .lead:
            return (position == count && count > 0 ? "the lesson is done: step \(count) of \(count)"
                        : "the trainer leads: watch (step \(position) of \(count))", false)
        }
    }

    /// `[F12 raise hand] [L leave]`, ending at `right`, clickable; returns their width.
    @discardableResult
    static func buttons(_ m: HubModel, _ seat: TraineeClass, _ c: inout Canvas, y: Int, right: Int, measureOnly: Bool) -> Int {
        let hand = m.asciiDrawings ? "[hand]" : "✋"
        let labels: [(String, UIIntent)] = [
            (seat.handRaised ? "\(hand) up: \(KeyTable.keyName(of: .raiseHand)) lowers" : "\(KeyTable.keyName(of: .raiseHand)) raise hand", .raiseHand),
            ("\(KeyTable.keyName(of: .leaveClass)) leave", .leaveClass),
        ]
        let total = labels.reduce(0) { $0 + TextWidth.of($1.0) + 3 }
        guard !measureOnly else { return total }
        var x = right - total + 1
        for (label, command) in labels {
            x += c.button(label, x: x, y: y, maxWidth: TextWidth.of(label) + 2, target: .command(command),
                          style: command == .raiseHand && seat.handRaised ? c.theme.statusAlert : nil) + 1
        }
        return total
    }

    /// The panel's bottom border with the trainee's buttons in place of the lesson's (which
    /// are the trainer's in a class), where the lesson's stood.
    static func panelButtons(_ m: HubModel, _ seat: TraineeClass, _ c: inout Canvas, _ panel: Rect) {
        let y = panel.maxY - 1
        let style = c.grid[panel.x, y].style
        let edge = c.grid[panel.x + 1, y].text == "-" ? "-" : "─"
        for x in (panel.x + 1)..<(panel.maxX - 1) { c.grid[x, y] = Cell(text: edge, style: style) }
        c.hits = c.hits.dropping { $0.rect.y == y && $0.rect.x > panel.x && $0.rect.maxX < panel.maxX }
        let width = buttons(m, seat, &c, y: y, right: 0, measureOnly: true)
        buttons(m, seat, &c, y: y, right: panel.x + 1 + width, measureOnly: false)
    }

    /// The screen the trainer shows the class: whose it is, then its cells as they are.
    static func shownScreen(_ m: HubModel, _ shown: TraineeClass.Shown, _ c: inout Canvas) {
        let t = c.theme, w = c.grid.width, h = c.grid.height
        c.grid.fill(c.grid.bounds)
        c.hits = HitMap()
        c.cursor = nil
        c.grid.fill(Rect(x: 0, y: 0, width: w, height: 1), style: t.statusBar)
        let seat = m.classroom
        let buttonsWidth = seat.map { buttons(m, $0, &c, y: 0, right: w - 1, measureOnly: true) } ?? 0
        c.text(" shown by the trainer: \(shown.name) (read-only)", x: 0, y: 0, width: w - buttonsWidth - 1, style: t.statusAlert)
        if let seat { buttons(m, seat, &c, y: 0, right: w - 1, measureOnly: false) }
        guard let grid = shown.grid else {
            c.text("Waiting for \(shown.name)'s screen.", x: 1, y: 2, width: w - 2, style: t.dim)
            return
        }
        for y in 0..<min(h - 1, grid.height) {
            for x in 0..<min(w, grid.width) { c.grid[x, y + 1] = grid[x, y] }
            if grid.width > w, TextWidth.of(c.grid[w - 1, y + 1].text) == 2 { c.grid[w - 1, y + 1] = Cell(text: " ", style: c.grid[w - 1, y + 1].style) }
        }
    }

    /// The class is over: its line alone in a box.
    static func endLine(_ line: String, _ c: inout Canvas) {
        let t = c.theme, w = c.grid.width, h = c.grid.height
        c.grid.fill(c.grid.bounds)
        c.hits = HitMap()
        c.cursor = nil
        let width = min(w - 4, max(40, TextWidth.of(line) + 4))
        let lines = Canvas.wrap(line, width: width - 4) + ["", "Your device is saved."]
        let r = Rect(x: (w - width) / 2, y: max(0, (h - lines.count - 2) / 2), width: width, height: lines.count + 2)
        let inner = c.box(r, style: t.focusedBorder, title: "The class is over", titleStyle: t.heading)
        for (i, l) in lines.enumerated() { c.line(l, in: inner, row: i, indent: 1, style: i < lines.count - 1 ? t.text : t.dim) }
    }
}
