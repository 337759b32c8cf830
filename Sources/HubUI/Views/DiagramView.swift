import SessionEngine

/// `F3`: the profile's state machine as a picture, the QA coverage map. The states are boxes
/// in a column (the current one highlighted); a transition between neighbours is an arrow
/// between their boxes (down on the left, back up on the right), any other (several sources,
/// or a jump) a line on the right. Each arrow carries a letter; solid when the transition was
/// taken, dashed while not. Beside the picture, per source state, each transition by letter,
/// taken or still to try. Box drawing, or ASCII when the terminal is not UTF-8.
enum DiagramView {
    /// The characters the picture is drawn with.
    struct Glyphs {
        var h, v, hDashed, vDashed, topLeft, topRight, bottomLeft, bottomRight: Character
        var teeDown, teeUp, teeLeft, cross, arrowDown, arrowUp, arrowLeft: Character
        var taken, toTry, now, dot, times: String

        static let unicode = Glyphs(h: "─", v: "│", hDashed: "┄", vDashed: "┆", topLeft: "┌", topRight: "┐",
                                    bottomLeft: "└", bottomRight: "┘", teeDown: "┬", teeUp: "┴", teeLeft: "┤", cross: "┼",
                                    arrowDown: "▼", arrowUp: "▲", arrowLeft: "◀", taken: "✓", toTry: "✗", now: "▶",
                                    dot: "·", times: "×")
        static let ascii = Glyphs(h: "-", v: "|", hDashed: ".", vDashed: ":", topLeft: "+", topRight: "+",
                                  bottomLeft: "+", bottomRight: "+", teeDown: "+", teeUp: "+", teeLeft: "+", cross: "+",
                                  arrowDown: "v", arrowUp: "^", arrowLeft: "<", taken: "[x]", toTry: "[ ]", now: ">",
                                  dot: "-", times: "x")
    }

    /// One transition as drawn: its letter and where its arrow goes.
    struct Edge {
        enum Route: Equatable { case down, up, side(column: Int) }
        var spec: TransitionSpec
        var letter: Character
        var route: Route
    }

    /// The start of a faulted transition's coverage key (`CoverageKey.fault`).
    static let faultPrefix = "fault:"

    /// The states the profile's transitions name, in the engine's order.
    static func states(of profile: DeviceProfile) -> [DeviceState.Kind] {
        let named = Set(profile.transitions.flatMap { $0.from + [$0.to] })
        return DeviceState.Kind.allCases.filter(named.contains)
    }

    /// Each transition's letter and route: between neighbours on the column while that slot
    /// is free, else on a side line of its own.
    static func edges(of profile: DeviceProfile, states: [DeviceState.Kind]) -> [Edge] {
        var used = Set<String>(), sides = 0
        return profile.transitions.enumerated().map { i, spec in
            let letter = Character(UnicodeScalar(UInt8(97 + i % 26)))
            if spec.from.count == 1, let a = states.firstIndex(of: spec.from[0]), let b = states.firstIndex(of: spec.to), abs(a - b) == 1 {
                let slot = "\(min(a, b))\(b > a ? "down" : "up")"
                if used.insert(slot).inserted { return Edge(spec: spec, letter: letter, route: b > a ? .down : .up) }
            }
            sides += 1
            return Edge(spec: spec, letter: letter, route: .side(column: sides - 1))
        }
    }

    static func draw(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme, d = m.device
        let g = m.asciiDrawings ? Glyphs.ascii : Glyphs.unicode
        let title = "State diagram \(g.dot) \(d.profile.id.rawValue) \(g.dot) \(KeyTable.keyName(of: .diagram)) closes"
        let inner = c.box(r, style: t.focusedBorder, title: title, titleStyle: t.heading)
        if m.asciiDrawings { asciiBorder(r, &c, style: t.focusedBorder) }
        guard inner.height > 0 else { return }
        let states = states(of: d.profile)
        let edges = edges(of: d.profile, states: states)
        let taken = { (e: Edge) in d.snapshot.timesTaken(e.spec.id) > 0 }
        let covered = edges.filter(taken).count
        c.line("Now: \(d.state) \(g.dot) \(covered) of \(edges.count) transitions taken", in: inner, row: 0, style: t.title)
        let pictureWidth = picture(m, g, states, edges, &c, Rect(x: inner.x + 1, y: inner.y + 1, width: inner.width - 1, height: inner.height - 1))
        legend(m, g, states, edges, &c, Rect(x: inner.x + pictureWidth + 3, y: inner.y + 1,
                                               width: max(0, inner.width - pictureWidth - 3), height: inner.height - 1))
    }

    /// The view's own frame in ASCII (the title stays where `box` wrote it).
    private static func asciiBorder(_ r: Rect, _ c: inout Canvas, style: CellStyle) {
        guard r.width >= 2, r.height >= 2 else { return }
        for x in r.x..<r.maxX {
            let corner = x == r.x || x == r.maxX - 1
            if corner || c.grid[x, r.y].text == "─" { c.grid.put(corner ? "+" : "-", x: x, y: r.y, style: style) }
            c.grid.put(corner ? "+" : "-", x: x, y: r.maxY - 1, style: style)
        }
        for y in (r.y + 1)..<(r.maxY - 1) {
            c.grid.put("|", x: r.x, y: y, style: style)
            c.grid.put("|", x: r.maxX - 1, y: y, style: style)
        }
    }

    /// The boxes and arrows; returns the width used.
    private static func picture(_ m: HubModel, _ g: Glyphs, _ states: [DeviceState.Kind], _ edges: [Edge],
                                _ c: inout Canvas, _ r: Rect) -> Int {
        let t = c.theme, d = m.device
        let nameWidth = states.map { TextWidth.of($0.rawValue) }.max() ?? 0
        let boxWidth = nameWidth + 4
        let boxX = r.x + 2
        // Boxes three rows high with one row between them; closer when the area is short.
        let gap = r.height >= states.count * 4 - 1 ? 1 : 0
        let top = { (i: Int) in r.y + i * (3 + gap) }
        let downX = boxX + 3, upX = boxX + boxWidth - 4
        let available = Set(d.availableTransitions.map(\.id))
        func style(_ e: Edge) -> CellStyle {
            let taken = d.snapshot.timesTaken(e.spec.id) > 0
            var s = taken ? t.success : t.dim
            if available.contains(e.spec.id) { s.bold = true }
            return s
        }
        func put(_ ch: Character, _ x: Int, _ y: Int, _ s: CellStyle) {
            guard y >= r.y, y < r.maxY, x >= r.x, x < r.maxX else { return }
            c.grid.put(String(ch), x: x, y: y, style: s)
        }
        for (i, state) in states.enumerated() {
            let y = top(i)
            guard y + 2 < r.maxY else { break }
            let current = state == d.state.kind
            let border = current ? t.focusedBorder : t.border
            let h = String(repeating: g.h, count: boxWidth - 2)
            c.text(String(g.topLeft) + h + String(g.topRight), x: boxX, y: y, width: boxWidth, style: border)
            c.text(String(g.v), x: boxX, y: y + 1, width: 1, style: border)
            let label = current ? " \(state.rawValue) ".padding(boxWidth - 2) : " \(state.rawValue)".padding(boxWidth - 2)
            c.text(label, x: boxX + 1, y: y + 1, width: boxWidth - 2, style: current ? t.selection : t.text)
            c.text(String(g.v), x: boxX + boxWidth - 1, y: y + 1, width: 1, style: border)
            c.text(String(g.bottomLeft) + h + String(g.bottomRight), x: boxX, y: y + 2, width: boxWidth, style: border)
        }
        var width = boxWidth + 2
        for e in edges {
            let s = style(e)
            let taken = d.snapshot.timesTaken(e.spec.id) > 0
            let v = taken ? g.v : g.vDashed, hLine = taken ? g.h : g.hDashed
            switch e.route {
            case .down, .up:
                guard let from = states.firstIndex(of: e.spec.from[0]), let to = states.firstIndex(of: e.spec.to) else { continue }
                let upper = min(from, to)
                let x = e.route == .down ? downX : upX
                let bottomBorder = top(upper) + 2, topBorder = top(upper + 1)
                put(e.route == .down ? g.teeDown : g.arrowUp, x, bottomBorder, s)
                for y in (bottomBorder + 1)..<topBorder { put(v, x, y, s) }
                put(e.route == .down ? g.arrowDown : g.teeUp, x, topBorder, s)
                // The letter beside the arrow, in the gap (or on the border when there is none).
                put(e.letter, e.route == .down ? x - 2 : x + 2, gap > 0 ? bottomBorder + 1 : topBorder, s)
            case let .side(column):
                let x = boxX + boxWidth + 2 + 3 * column
                let rows = (e.spec.from + [e.spec.to]).compactMap { states.firstIndex(of: $0) }.map { top($0) + 1 }
                guard let first = rows.min(), let last = rows.max(), let target = states.firstIndex(of: e.spec.to) else { continue }
                for y in first...last { put(v, x, y, s) }
                for y in Set(rows) {
                    for hx in (boxX + boxWidth)..<x { put(hLine, hx, y, s) }
                    put(first == last ? g.teeLeft : y == first ? g.topRight : y == last ? g.bottomRight : g.teeLeft, x, y, s)
                }
                put(g.arrowLeft, boxX + boxWidth, top(target) + 1, s)
                put(e.letter, x + 1, top(target) + 1, s)
                width = max(width, x - boxX + 2)
            }
        }
        return width + 2
    }

    /// Per source state, each transition by letter: taken (how often) or still to try; the
    /// ones available now are marked.
    private static func legend(_ m: HubModel, _ g: Glyphs, _ states: [DeviceState.Kind], _ edges: [Edge],
                               _ c: inout Canvas, _ r: Rect) {
        let t = c.theme, d = m.device
        guard r.width > 8 else { return }
        let available = Set(d.availableTransitions.map(\.id))
        var row = 0
        let groups = states.map { state in (state, edges.filter { $0.spec.from.contains(state) }) }.filter { !$0.1.isEmpty }
        // When every transition's line does not fit above the key and the leak count (a profile
        // with many transitions at 80x24: Managed Home Screen's), the states the device is not
        // in shrink to one line of letters and marks; the state it is in keeps its labels.
        let compact = groups.reduce(0) { $0 + 1 + $1.1.count } > r.height - 3
        for (state, outgoing) in groups {
            let toTry = outgoing.filter { d.snapshot.timesTaken($0.spec.id) == 0 }.count
            let here = state == d.state.kind
            let head = "from \(state.rawValue) \(g.dot) " + (toTry > 0 ? "\(toTry) to try" : "all taken") + (here ? " (now)" : "")
            if compact && !here {
                let marks = outgoing.map { "\($0.letter)\(d.snapshot.timesTaken($0.spec.id) > 0 ? g.taken : g.toTry)" }
                // The marks say what is taken and what is left, so the count makes way for them.
                c.line("from \(state.rawValue): " + marks.joined(separator: " "), in: r, row: row, style: t.heading)
                row += 1
                continue
            }
            c.line(head, in: r, row: row, style: here ? t.title : t.heading)
            row += 1
            for e in outgoing {
                let count = d.snapshot.timesTaken(e.spec.id)
                let mark = count > 0 ? g.taken : g.toTry
                let now = here && available.contains(e.spec.id) ? g.now : " "
                let text = "\(now)\(e.letter) \(mark) \(e.spec.label)" + (count > 0 ? " \(g.times)\(count)" : "")
                c.line(text, in: r, row: row, indent: 1, style: count > 0 ? t.success : here ? t.text : t.dim)
                row += 1
            }
        }
        row += 1
        guard row < r.height else { return }
        // "exposed" is the header's count (`SharedDevice.exposedCount`), the same number.
        let leaks = "Leaks raised: \(d.snapshot.leakCount) \(g.dot) exposed: \(m.leakTally.exposures)"
        row = c.paragraph("\(g.now) available now \(g.dot) \(g.taken) taken \(g.dot) \(g.toTry) to try", in: r, row: row, style: t.dim)
        row = c.paragraph(leaks, in: r, row: row, style: t.text)
        // Coverage the engine records beside the transitions (a sign-out through the browser).
        let drawn = Set(edges.map { CoverageKey.transition($0.spec.id).key })
        let others = d.snapshot.coverage.filter { !drawn.contains($0.key) }.sorted { $0.key < $1.key }
        // Faulted transitions (`fault:drop:signOut`) on a line of their own, by kind then
        // transition, so QA reads which faults were tried where (Docs/faults.md).
        let faulted = others.filter { $0.key.hasPrefix(Self.faultPrefix) }
        let plain = others.filter { !$0.key.hasPrefix(Self.faultPrefix) }
        if !plain.isEmpty, row < r.height {
            row = c.paragraph("Also: " + plain.map { "\($0.key) \(g.times)\($0.value)" }.joined(separator: " \(g.dot) "), in: r, row: row,
                              style: t.dim, maxLines: max(1, r.height - row - (faulted.isEmpty ? 0 : 1)))
        }
        if !faulted.isEmpty, row < r.height {
            let tried = faulted.map { "\($0.key) \(g.times)\($0.value)" }.joined(separator: " \(g.dot) ")
            c.paragraph("Faults tried: " + tried, in: r, row: row, style: t.fault, maxLines: max(1, r.height - row))
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        let w = TextWidth.of(self)
        return w >= width ? self : String(repeating: " ", count: width - w) + self
    }
}
