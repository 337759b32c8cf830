import SessionEngine

/// One app's pane: lifecycle, user, items coloured by owner, the last callbacks,
/// notifications and calls, and overlays for blocked, locked, pending, held and LEAK.
enum PaneView {
    static func draw(_ m: HubModel, _ app: AppRuntime, _ c: inout Canvas, _ r: Rect, focused: Bool) {
        let t = c.theme, d = m.device
        let leak = d.findings.first { $0.app == app.id && $0.severity == .visibleLeak }
        let exposure = d.findings.first { $0.app == app.id && $0.severity == .atRestExposure }
        let borderStyle = leak != nil ? t.error : focused ? t.focusedBorder : t.border
        // The SDK joins the title when it fits there, else it goes on the user row.
        let full = "\(app.definition.name) · \(app.definition.sdk.label) · \(app.lifecycle.rawValue)"
        let sdkInTitle = TextWidth.of(full) + 4 <= r.width
        let short = "\(app.definition.name) · \(app.lifecycle.rawValue)"
        let titleStyle = leak != nil ? t.leakBanner : focused ? t.focusedBorder : t.title
        // The lifecycle is never cut: when `name · lifecycle` does not fit the border, the name
        // goes left and the lifecycle right, the border between them.
        let splitTitle = !sdkInTitle && TextWidth.of(short) > r.width - 2
        let inner = c.box(r, style: borderStyle, title: splitTitle ? nil : sdkInTitle ? full : short, titleStyle: titleStyle)
        if splitTitle { title(app, &c, r, style: titleStyle) }
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
            for l in heldRows(first, more: held.count - 1, width: inner.width, twoRows: inner.height >= 7) { bottom.append((l, t.overlay)) }
        } else if d.isPending(app) {
            bottom.append((inner.width >= 24 ? "pending: not yet noticed" : "pending (not noticed)", t.overlay))
        }

        let userRow = top.count
        // Tall panes say what the app demonstrates (its catalogue summary), for developers.
        let summaryLines = inner.height >= 14 ? Canvas.wrap(app.definition.summary, width: inner.width).prefix(inner.height >= 16 ? 2 : 1) : []
        for (i, l) in summaryLines.enumerated() {
            let last = i == summaryLines.count - 1 && TextWidth.of(summaryLines.joined(separator: " ")) < TextWidth.of(app.definition.summary)
            c.line(last ? TextWidth.truncate(l + " …", to: inner.width) : l, in: inner, row: userRow + 1 + i, style: t.dim)
        }
        let itemsTop = userRow + 1 + summaryLines.count
        let block = d.block(of: app)
        // The log gets most of the room (it is what developers read); the items keep a third,
        // and a blocked app's overlay the rows that say why (one in a short pane).
        let free = inner.height - bottom.count - itemsTop
        // A short pane of a blocked app that has no user puts the overlay on the user row, so
        // the callback that explains the block (`sharedDeviceNotCheckedOut`) fits whole.
        let overlayOnUserRow = block == .blockedUntilRelaunch && app.currentUser == nil && free < 5
        var itemRows = overlayOnUserRow ? 0 : block != nil ? min(free >= 5 ? 2 : 1, free) : max(1, free / 3)
        var (logRows, whole) = PaneLogView.layoutRows(app.log, width: inner.width, limit: min(10, free - itemRows))
        // The items' last row gives way before the newest callback is cut.
        if !whole, block == nil, itemRows == 1 {
            itemRows = 0
            (logRows, whole) = PaneLogView.layoutRows(app.log, width: inner.width, limit: min(10, free))
        }
        let itemsEnd = inner.height - bottom.count - logRows.count
        for (i, line) in top.enumerated() { c.line(line.0, in: inner, row: i, style: line.1) }
        if !overlayOnUserRow { userLine(m, app, &c, inner, row: userRow, sdk: !sdkInTitle) }
        let itemRange = itemsTop..<max(itemsTop, itemsEnd)
        // A blocked or locked app shows no UI: the overlay takes the place of its items.
        if let block, overlayOnUserRow {
            blockOverlay(block, &c, inner, rows: userRow..<userRow + 1)
        } else if let block {
            blockOverlay(block, &c, inner, rows: itemRange.isEmpty ? itemsTop..<min(inner.height, itemsTop + 1) : itemRange)
        } else {
            items(m, app, &c, inner, rows: itemRange)
        }
        PaneLogView.draw(logRows, &c, inner, from: max(itemsEnd, itemsTop))
        for (i, line) in bottom.enumerated() {
            c.grid.fill(Rect(x: inner.x, y: inner.y + inner.height - bottom.count + i, width: inner.width, height: 1), style: line.1)
            c.line(line.0, in: inner, row: inner.height - bottom.count + i, style: line.1)
        }
        if focused { buttons(m, app, &c, r) }
    }

    /// What step mode holds for the app, whole: on two rows where the pane has room, else on
    /// one, shorter (the Hub column lists it in full).
    private static func heldRows(_ delivery: Delivery, more: Int, width: Int, twoRows: Bool) -> [String] {
        let detail = delivery.label.dropPrefix(delivery.app + ": ")
        let suffix = more > 0 ? " (+\(more))" : ""
        let full = "held: " + detail + suffix
        if TextWidth.of(full) <= width { return [full] }
        if twoRows, case let lines = TextWrap.lines(full, width: width), lines.count <= 2 { return lines }
        let short = "held: " + detail[..<(detail.firstRange(of: " (")?.lowerBound ?? detail.endIndex)] + suffix
        if TextWidth.of(short) <= width { return [short] }
        return [TextWidth.truncate(delivery.kind == .accountChanged ? "held: notification" + suffix : short, to: width)]
    }

    /// `Name──lifecycle` in the top border of a narrow pane; the name gives way, with `…`.
    private static func title(_ app: AppRuntime, _ c: inout Canvas, _ r: Rect, style: CellStyle) {
        let lifecycle = app.lifecycle.rawValue
        let room = r.width - 2 - TextWidth.of(lifecycle) - 1
        guard room >= 1 else {
            c.text(lifecycle, x: r.x + 1, y: r.y, width: r.width - 2, style: style)
            return
        }
        c.text(TextWidth.truncate(app.definition.name, to: room), x: r.x + 1, y: r.y, width: room, style: style)
        c.text(lifecycle, x: r.maxX - 1 - TextWidth.of(lifecycle), y: r.y, width: TextWidth.of(lifecycle), style: style)
    }

    private static func owners(_ f: LeakFinding) -> String {
        f.owners.map { "\($0.name)'s" }.joined(separator: ", ")
    }

    private static func userLine(_ m: HubModel, _ app: AppRuntime, _ c: inout Canvas, _ r: Rect, row: Int, sdk showSDK: Bool) {
        let t = c.theme
        let sdk = showSDK ? app.definition.sdk.label : ""
        let sdkWidth = showSDK ? TextWidth.of(sdk) : 0
        if let user = app.currentUser {
            c.line("user: \(user)", in: Rect(x: r.x, y: r.y, width: r.width - sdkWidth - 1, height: r.height), row: row,
                   style: HubPages.ownerStyle(m, user))
        } else {
            c.line("user: —", in: r, row: row, style: t.dim)
        }
        if showSDK && r.width > sdkWidth + 8 { c.line(sdk, in: r, row: row, indent: r.width - sdkWidth, style: t.dim) }
    }

    private static func items(_ m: HubModel, _ app: AppRuntime, _ c: inout Canvas, _ r: Rect, rows: Range<Int>) {
        let t = c.theme
        // Users' items first: they are what a wipe or a leak is about.
        let all = m.device.visibleItems(of: app)
        let visible = all.filter { $0.item.owner != nil } + all.filter { $0.item.owner == nil }
        guard !rows.isEmpty else { return }
        if visible.isEmpty {
            let sealed = app.storage.count
            c.line(sealed > 0 ? "(no readable items; \(sealed) stored)" : "(no items)", in: r, row: rows.lowerBound, style: t.dim)
            return
        }
        let room = rows.count
        func look(_ entry: (item: StoredItem, text: String)) -> (String, CellStyle) {
            if let owner = entry.item.owner {
                return (t.tagsOwners ? "[\(owner)] \(entry.text)" : "• \(entry.text)", m.theme.owner(m.device.tenant.colourIndex(of: owner)))
            }
            return (t.tagsOwners ? "[common] \(entry.text)" : "◦ \(entry.text)", t.dim)
        }
        // One row: the first item and how many more, rather than a bare count.
        if room == 1, visible.count > 1 {
            let more = " +\(visible.count - 1)"
            let (text, style) = look(visible[0])
            let used = c.line(TextWidth.truncate(text, to: r.width - TextWidth.of(more)), in: r, row: rows.lowerBound, style: style)
            c.line(more, in: r, row: rows.lowerBound, indent: used, style: t.dim)
            return
        }
        let shown = visible.count > room ? room - 1 : visible.count
        for (i, entry) in visible.prefix(shown).enumerated() {
            let (text, style) = look(entry)
            c.line(text, in: r, row: rows.lowerBound + i, style: style)
        }
        if visible.count > shown { c.line("+\(visible.count - shown) more", in: r, row: rows.lowerBound + shown, style: t.dim) }
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
        // One row: the first two lines together when they fit (`BLOCKED until relaunch`).
        let joined = lines.prefix(2).joined(separator: " ")
        let shown = rows.count == 1 && TextWidth.of(joined) <= r.width ? [joined] : Array(lines.prefix(rows.count))
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
