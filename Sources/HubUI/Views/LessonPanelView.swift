/// The lesson's narration panel, across the whole width above the hint line: the step just
/// done (title, what to watch, why, the reference), then one line for what comes next — the
/// next step, the class's turn, or what the class did instead — and the buttons in its
/// bottom border. At 80x24 it takes 7 rows: three of narration.
enum LessonPanelView {
    static func draw(_ lesson: LessonPanel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme
        guard r.height >= 4, r.width >= 20 else { return }
        let waiting = lesson.isWaiting
        let heading = "\(lesson.lessonTitle) · step \(shownStep(lesson))/\(lesson.count)"
        let inner = c.box(r, style: waiting ? t.focusedBorder : t.border, title: heading, titleStyle: t.heading)
        c.line(lesson.title, in: inner, row: 0, indent: 1, style: t.title)
        // The narration: as many lines as the panel has between the title and the status line.
        let room = inner.height - 2
        let lines = lesson.narrationLines(width: inner.width - 2)
        for (i, line) in lines.prefix(room).enumerated() {
            let last = i == room - 1 && lines.count > room
            c.line(last ? TextWidth.truncate(line + " …", to: inner.width - 2) : line, in: inner, row: 1 + i, indent: 1,
                   style: line.hasPrefix("Watch:") || line.hasPrefix("Look for:") || line.hasPrefix("To do:") ? t.text : t.dim)
        }
        let (status, style) = statusLine(lesson, theme: t)
        c.line(status, in: inner, row: inner.height - 1, indent: 1, style: style)
        drawButtons(lesson, &c, y: r.maxY - 1, from: r.x + 2, to: r.maxX - 2)
    }

    /// The panel in one row, under a page that needs the rest of the screen (a confirmation or
    /// help at 80x24): where the lesson stands and what comes next (or what was refused), so
    /// the class still sees who leads and the trainer which key goes on.
    static func drawStrip(_ lesson: LessonPanel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme
        guard r.height >= 1, r.width >= 20 else { return }
        c.grid.fill(r, style: t.statusBar)
        let (status, style) = statusLine(lesson, theme: t)
        // A refusal names the step itself, and needs the whole row.
        let head = lesson.hold == nil ? "\(lesson.isRace ? "Race" : "Lesson") step \(shownStep(lesson))/\(lesson.count) · " : ""
        let x = r.x + 1
        let w = c.text(head, x: x, y: r.y, width: r.width - 2, style: t.heading)
        c.text(status, x: x + w, y: r.y, width: max(0, r.width - 2 - w), style: lesson.hold != nil || lesson.isWaiting ? style : t.statusBar)
    }

    /// The one line about what comes next, and its style.
    static func statusLine(_ lesson: LessonPanel, theme t: Theme) -> (String, CellStyle) {
        if let hold = lesson.hold { return (hold, t.warning) }
        switch lesson.mode {
        case .showing:
            guard let next = lesson.next else { return (endLine(lesson), t.success) }
            if lesson.nextTry != nil { return ("Next, \(lesson.isRace ? "your" : "the class's") turn: \(next)", t.text) }
            return ("Next: \(next)", t.text)
        case let .waiting(keys, done, count):
            // Where the class stands in the step, then the keys for its next action.
            let progress = count > 1 ? ", \(done) of \(count) done" : ""
            return ("\(lesson.isRace ? "Your" : "Class's") turn\(progress): \(keys)", t.warning)
        case let .offTrack(message):
            return (message, t.error)
        case .finished:
            return (endLine(lesson), t.success)
        }
    }

    /// The step the panel is about: the one just done, or on the class's turn the one they do.
    static func shownStep(_ lesson: LessonPanel) -> Int { lesson.isWaiting ? lesson.position + 1 : lesson.position }

    static func endLine(_ lesson: LessonPanel) -> String {
        lesson.isRace ? "End of the race: [ steps back, q quits." : "End of the lesson: [ steps back, q quits."
    }

    /// [Back] [Next] [Let them try] (or [Show them] while the class has the keys), each as its key.
    static func drawButtons(_ lesson: LessonPanel, _ c: inout Canvas, y: Int, from x0: Int, to x1: Int) {
        var x = x0
        func button(_ label: String, _ command: UIIntent) {
            guard x < x1 else { return }
            x += c.button(" \(label) ", x: x, y: y, maxWidth: x1 - x, target: .command(command)) + 1
        }
        if lesson.canGoBack { button("◀ Back", .lessonBack) }
        if lesson.isWaiting {
            button(lesson.isRace ? "Show me ▶" : "Show them ▶", .lessonShow)
        } else if lesson.canGoOn {
            button("Next ▶", .lessonNext)
            if lesson.nextTryable { button("Let them try", .lessonTry) }
        }
    }
}
