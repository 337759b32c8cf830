import SessionEngine

/// One app's pane: lifecycle, user, items coloured by owner, the last callbacks,
/// notifications and calls, and overlays for blocked, locked, pending, held and LEAK.
enum PaneView {
    static func draw(_ m: HubModel, _ app: AppRuntime, _ c: inout Canvas, _ r: Rect, focused: Bool) {
        let t = c.theme, d = m.device
        let leak = d.findings.first { $0.app == app.id && $0.severity == .visibleLeak }
        let exposure = d.findings.first { $0.app == app.id && $0.severity == .atRestExposure }
        let borderStyle = leak != nil ? t.error : focused ? t.focusedBorder : t.border
        let inner = c.box(r, style: borderStyle, title: "\(app.definition.name) · \(app.lifecycle.rawValue)",
                          titleStyle: leak != nil ? t.leakBanner : focused ? t.focusedBorder : t.title)
        c.hits.add(r, .pane(app.id))
        guard inner.height > 0 else { return }

        var top: [(String, CellStyle)] = []
        if let leak {
            top.append((inner.width >= 30 ? "LEAK: \(owners(leak)) data shown (\(leak.itemCount))" : "LEAK: \(owners(leak)) data ×\(leak.itemCount)", t.leakBanner))
        }
        if let n = m.notice, n.place == .pane(app.id) {
            for l in Canvas.wrap(n.text, width: inner.width).prefix(2) { top.append((l, t.error)) }
        }
        if let exposure {
            let who = exposure.owners.map(\.name).joined(separator: ", ")
            top.append((inner.width >= 40 ? "exposure: \(exposure.itemCount) plaintext item(s) of \(who) kept"
                                          : "exposure: \(who) ×\(exposure.itemCount)", t.warning))
        }
        var bottom: [(String, CellStyle)] = []
        let held = d.heldDeliveries.filter { $0.app == app.id }
        if let first = held.first {
            bottom.append(("held: " + first.label.dropPrefix(app.id + ": ") + (held.count > 1 ? " (+\(held.count - 1))" : ""), t.overlay))
        } else if d.isPending(app) {
            bottom.append((inner.width >= 24 ? "pending: not yet noticed" : "pending (not noticed)", t.overlay))
        }

        let userRow = top.count
        let logRows = max(1, min(6, (inner.height - 1 - top.count - bottom.count) / 2))
        let itemsTop = userRow + 1
        let itemsEnd = inner.height - bottom.count - logRows
        for (i, line) in top.enumerated() { c.line(line.0, in: inner, row: i, style: line.1) }
        userLine(m, app, &c, inner, row: userRow)
        let itemRows = itemsTop..<max(itemsTop, itemsEnd)
        // A blocked or locked app shows no UI: the overlay takes the place of its items.
        if let block = d.block(of: app) {
            blockOverlay(block, &c, inner, rows: itemRows.isEmpty ? itemsTop..<min(inner.height, itemsTop + 1) : itemRows)
        } else {
            items(m, app, &c, inner, rows: itemRows)
        }
        log(app, &c, inner, rows: max(itemsEnd, itemsTop)..<(inner.height - bottom.count))
        for (i, line) in bottom.enumerated() {
            c.grid.fill(Rect(x: inner.x, y: inner.y + inner.height - bottom.count + i, width: inner.width, height: 1), style: line.1)
            c.line(line.0, in: inner, row: inner.height - bottom.count + i, style: line.1)
        }
        if focused { buttons(m, app, &c, r) }
    }

    private static func owners(_ f: LeakFinding) -> String {
        f.owners.map { "\($0.name)'s" }.joined(separator: ", ")
    }

    private static func userLine(_ m: HubModel, _ app: AppRuntime, _ c: inout Canvas, _ r: Rect, row: Int) {
        let t = c.theme
        let sdk = app.definition.sdk.label
        let sdkWidth = TextWidth.of(sdk)
        if let user = app.currentUser {
            c.line("user: \(user)", in: Rect(x: r.x, y: r.y, width: r.width - sdkWidth - 1, height: r.height), row: row,
                   style: HubPages.ownerStyle(m, user))
        } else {
            c.line("user: —", in: r, row: row, style: t.dim)
        }
        if r.width > sdkWidth + 8 { c.line(sdk, in: r, row: row, indent: r.width - sdkWidth, style: t.dim) }
    }

    private static func items(_ m: HubModel, _ app: AppRuntime, _ c: inout Canvas, _ r: Rect, rows: Range<Int>) {
        let t = c.theme
        // Users' items first: they are what a wipe or a leak is about.
        let all = app.visibleItems
        let visible = all.filter { $0.item.owner != nil } + all.filter { $0.item.owner == nil }
        guard !rows.isEmpty else { return }
        if visible.isEmpty {
            let sealed = app.storage.count
            c.line(sealed > 0 ? "(no readable items; \(sealed) stored)" : "(no items)", in: r, row: rows.lowerBound, style: t.dim)
            return
        }
        let room = rows.count
        let shown = visible.count > room ? room - 1 : visible.count
        for (i, entry) in visible.prefix(shown).enumerated() {
            let style: CellStyle
            let text: String
            if let owner = entry.item.owner {
                style = m.theme.owner(m.device.tenant.colourIndex(of: owner))
                text = t.tagsOwners ? "[\(owner)] \(entry.text)" : "• \(entry.text)"
            } else {
                style = t.dim
                text = t.tagsOwners ? "[common] \(entry.text)" : "◦ \(entry.text)"
            }
            c.line(text, in: r, row: rows.lowerBound + i, style: style)
        }
        if visible.count > shown { c.line("+\(visible.count - shown) more", in: r, row: rows.lowerBound + shown, style: t.dim) }
    }

    /// The newest callbacks, notifications, calls and data events, oldest first.
    private static func log(_ app: AppRuntime, _ c: inout Canvas, _ r: Rect, rows: Range<Int>) {
        let t = c.theme
        guard !rows.isEmpty else { return }
        // Callbacks, notifications and calls first; what the app did with its data fills the rest.
        var picked: [Int] = []
        for i in app.log.indices.reversed() where [.callback, .notification, .call].contains(app.log[i].kind) {
            if picked.count == rows.count { break }
            picked.append(i)
        }
        for i in app.log.indices.reversed() where app.log[i].kind == .data {
            if picked.count == rows.count { break }
            picked.append(i)
        }
        let wide = r.width >= 34
        for (i, e) in picked.sorted().map({ app.log[$0] }).enumerated() {
            let time = wide ? e.time.description : String(e.time.description.dropFirst(3))
            let text: String
            let style: CellStyle
            switch e.kind {
            case .callback: text = "← \(e.name)" + (e.detail.isEmpty ? "" : " \(e.detail)"); style = t.heading
            case .notification: text = "← \(e.name)"; style = t.heading
            case .call: text = "→ \(e.name) \(e.detail)"; style = t.text
            case .data, .lifecycle: text = "· \(e.detail.isEmpty ? e.name : e.detail)"; style = t.dim
            }
            c.line(time, in: r, row: rows.lowerBound + i, style: t.dim)
            c.line(text, in: r, row: rows.lowerBound + i, indent: TextWidth.of(time) + 1, style: style)
        }
    }

    /// A box across the pane's middle saying why the UI cannot be used.
    private static func blockOverlay(_ block: AppBlock, _ c: inout Canvas, _ r: Rect, rows: Range<Int>) {
        let lines: [String]
        switch block {
        case .checkedIn: lines = ["BLOCKED", "device checked in"]
        case .blockedUntilRelaunch: lines = ["BLOCKED", "until relaunch", "(started checked in)"]
        case .locked: lines = ["LOCKED", "unlock in the Hub"]
        }
        guard !rows.isEmpty else { return }
        let area = Rect(x: r.x, y: r.y + rows.lowerBound, width: r.width, height: rows.count)
        c.grid.fill(area, style: c.theme.overlay)
        let shown = Array(lines.prefix(rows.count))
        let top = (rows.count - shown.count) / 2
        for (i, l) in shown.enumerated() { c.centred(l, in: area, row: top + i, style: c.theme.overlay) }
    }

    /// Action buttons in the focused pane's bottom border.
    private static func buttons(_ m: HubModel, _ app: AppRuntime, _ c: inout Canvas, _ r: Rect) {
        // Short labels so the four lifecycle buttons fit the narrowest pane; every action is
        // also a clickable entry of the hint line.
        var list: [(String, UICommand)] = [("run", .launchApp), ("bg", .backgroundApp), ("susp", .suspendApp), ("end", .terminateApp)]
        let ctx = m.keyContext
        if ctx.profile == .entraIOS {
            if ctx.signedIn { list.append(("sign out", .appSignOut)) } else if ctx.enrolled { list.append(("sign in", .appSignIn)) }
        }
        if ctx.enrolled { list.append(("hub", .openHub)) }
        var x = r.x + 1
        let y = r.maxY - 1
        for (label, command) in list {
            let w = TextWidth.of(label) + 2
            if x + w > r.maxX - 1 { break }
            c.button(label, x: x, y: y, maxWidth: w, target: "\(command.rawValue)@\(app.id)")
            x += w
        }
    }
}

extension String {
    func dropPrefix(_ p: String) -> String { hasPrefix(p) ? String(dropFirst(p.count)) : self }
}
