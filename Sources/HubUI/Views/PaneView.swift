import SessionEngine

/// One app's pane: lifecycle, user, items coloured by owner, the last callbacks,
/// notifications, calls and misses (oldest first, the latest on the verdict, `+N earlier` in the bottom border), overlays for
/// blocked and locked, and at the bottom the app's verdict (received, will notice, missed,
/// not integrated, WILL LEAK, LEAK) or what step mode holds for it.
enum PaneView {
    /// A line of text and its style.
    typealias Line = (text: String, style: CellStyle)

    /// The pane: its border, then each part in its rows (see `PaneLayout`), drawn in an order
    /// where later parts win: status lines, user, items or overlay, log, bottom lines, buttons.
    static func draw(_ m: HubModel, _ app: AppRuntime, _ c: inout Canvas, _ r: Rect, focused: Bool) {
        let d = m.device
        // What the device works out over other apps, kept per device revision (`PaneFacts`).
        let facts = m.paneFacts(of: app)
        let leak = facts.leak
        let (inner, sdkInTitle) = border(app, &c, r, leak: leak != nil, focused: focused)
        c.hits.add(r, .pane(app.id))
        guard inner.height > 0 else { return }
        // A short pane keeps its rows for the items: the exposure goes on the user row instead.
        let exposureOnUserRow = inner.height < 8
        let badge = faultBadge(facts.armed, width: inner.width, ascii: m.asciiDrawings)
            ?? facts.fired.map { firedBadge($0, width: inner.width, ascii: m.asciiDrawings) }
        let badgeLines: [Line] = badge.map { [($0, c.theme.fault)] } ?? []
        let top = badgeLines + statusLines(m, app, facts, width: inner.width, height: inner.height, theme: c.theme, exposure: !exposureOnUserRow)
        let bottom = verdictLines(facts, inner: inner, theme: c.theme)
        let block = d.block(of: app)
        let layout = PaneLayout(app, block: block, inner: inner, topLines: top.count, bottomLines: bottom.count)
        for (i, l) in layout.summary.enumerated() { c.line(l, in: inner, row: layout.user + 1 + i, style: c.theme.dim) }
        for (i, line) in top.enumerated() { c.line(line.text, in: inner, row: i, style: line.style) }
        if !layout.overlayOnUserRow {
            userLine(m, app, &c, inner, row: layout.user, sdk: !sdkInTitle, exposure: exposureOnUserRow ? exposureTag(facts) : nil)
        }
        if let block {
            blockOverlay(block, &c, inner, rows: overlayRows(layout, inner: inner))
        } else {
            items(m, app, &c, inner, rows: layout.items)
        }
        PaneLogView.draw(layout.log, &c, inner, from: layout.logTop)
        bottomLines(bottom, &c, inner)
        accountChooser(m, app, &c, inner)
        // The badge opens the faults menu, where each armed fault can be disarmed.
        if badge != nil { c.hits.add(Rect(x: inner.x, y: inner.y, width: inner.width, height: 1), .appCommand(.faultsMenu, app: app.id)) }
        // The title and the count of hidden entries zoom the pane.
        c.hits.add(Rect(x: r.x, y: r.y, width: r.width, height: 1), .appCommand(.zoomPane, app: app.id))
        let more = layout.hidden > 0 ? hiddenCount(layout.hidden, app, &c, r, short: focused && r.width < 40) : 0
        if focused { buttons(m, app, &c, r, reserve: more) }
    }

    /// Android: the Authenticator's account chooser over the app that asked, which stays in
    /// front (no switch to the broker): a box over the pane's body; its form is in the device
    /// column, which has the keyboard.
    private static func accountChooser(_ m: HubModel, _ app: AppRuntime, _ c: inout Canvas, _ inner: Rect) {
        guard let p = m.device.pendingTokenRequest, p.app == app.id, p.phase == .accountChooser, inner.height >= 4 else { return }
        let t = c.theme
        let box = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: min(5, inner.height - 1))
        let body = c.box(box, style: t.focusedBorder, title: SharedDevice.brokerAppName, titleStyle: t.heading)
        c.line("account chooser", in: body, row: 0, style: t.text)
        c.line(p.accounts.first.map { "offers \($0)" } ?? "← sign in at left", in: body, row: 1, style: t.dim)
        if body.height > 2 { c.line("Esc cancels", in: body, row: 2, style: t.dim) }
    }

    /// ` +3 earlier ` at the right of the bottom border (` +3 ` where a narrow focused pane
    /// needs the border for its buttons); returns the columns it took.
    private static func hiddenCount(_ hidden: Int, _ app: AppRuntime, _ c: inout Canvas, _ r: Rect, short: Bool) -> Int {
        let label = r.width >= 20 && !short ? " +\(hidden) earlier " : " +\(hidden) "
        let w = TextWidth.of(label)
        guard w + 2 <= r.width else { return 0 }
        let x = r.maxX - 1 - w
        c.text(label, x: x, y: r.maxY - 1, width: w, style: c.theme.hintKey)
        c.hits.add(Rect(x: x, y: r.maxY - 1, width: w, height: 1), .appCommand(.zoomPane, app: app.id))
        return w
    }

    /// The box and its title; returns the inside and whether the SDK went into the title.
    /// The SDK joins the title when it fits there, else it goes on the user row.
    private static func border(_ app: AppRuntime, _ c: inout Canvas, _ r: Rect, leak: Bool, focused: Bool) -> (inner: Rect, sdkInTitle: Bool) {
        let t = c.theme
        let borderStyle = leak ? t.error : focused ? t.focusedBorder : t.border
        let titleStyle = leak ? t.leakBanner : focused ? t.focusedBorder : t.title
        let full = "\(app.definition.name) · \(app.definition.sdk.label) · \(app.lifecycle.rawValue)"
        let spaced = "\(app.definition.name) · \(app.lifecycle.rawValue)"
        // Without the spaces before the separator goes: `Inventory·not running` still reads as
        // two things, `Inventory──not running` ran them into the border.
        let short = TextWidth.of(spaced) <= r.width - 2 ? spaced : "\(app.definition.name)·\(app.lifecycle.rawValue)"
        let sdkInTitle = TextWidth.of(full) + 4 <= r.width
        // The lifecycle is never cut: when `name·lifecycle` does not fit the border, the name
        // goes left (shortened) and the lifecycle right, a separator between them.
        let splitTitle = !sdkInTitle && TextWidth.of(short) > r.width - 2
        let inner = c.box(r, style: borderStyle, title: splitTitle ? nil : sdkInTitle ? full : short, titleStyle: titleStyle)
        if splitTitle { title(app, &c, r, style: titleStyle) }
        return (inner, sdkInTitle)
    }

    /// The faults armed on the app (`⚡ fault armed:` and each one's number and label), in the
    /// widest form the pane has room for (`⚡ armed: drop +1` in the narrowest); `!` for the mark
    /// where the terminal is not UTF-8. Gone once they fired: the verdict says what they did.
    static func faultBadge(_ armed: [ArmedFault], width: Int, ascii: Bool) -> String? {
        guard let first = armed.first, width > 0 else { return nil }
        let mark = ascii ? "!" : "⚡"
        let more = armed.count > 1 ? " +\(armed.count - 1)" : ""
        let forms = ["\(mark) fault armed: " + armed.map { "#\($0.id) \($0.fault.label)" }.joinedText(separator: ", "),
                     "\(mark) armed: " + armed.map(\.fault.label).joinedText(separator: ", "),
                     "\(mark) armed: \(first.fault.label)\(more)", "\(mark)\(first.fault.label)\(more)"]
        return forms.first { TextWidth.of($0) <= width } ?? TextWidth.truncate(forms.last!, to: width)
    }

    /// The last fault that fired on the app, once none is armed: `⚡ injected`, its name and the
    /// transition it hit, down to `⚡ injected drop` in the narrowest pane. It stays, as the pane's history
    /// does, so what follows on the pane reads as the fault's doing, not as a bug of the app.
    static func firedBadge(_ effect: FaultEffect, width: Int, ascii: Bool) -> String {
        let mark = ascii ? "!" : "⚡"
        let at = effect.during.map { " at \($0.rawValue)" } ?? ""
        let kind = effect.kind.rawValue
        let forms = ["\(mark) injected \(effect.fault.name)\(at)", "\(mark) injected \(kind)\(at)", "\(mark) injected \(kind)", "\(mark)injected"]
        return forms.first { TextWidth.of($0) <= width } ?? TextWidth.truncate(forms.last!, to: width)
    }

    /// The lines under the border: a refusal shown in this pane, an at-rest exposure. (A LEAK
    /// is the verdict at the bottom, with the red border.)
    private static func statusLines(_ m: HubModel, _ app: AppRuntime, _ facts: PaneFacts, width: Int, height: Int, theme t: Theme,
                                    exposure showExposure: Bool) -> [Line] {
        var lines: [Line] = externalLines(app, width: width, room: height >= 16 ? 3 : height >= 10 ? 2 : 1, theme: t)
        // Where its token came from, or why the last request failed (apps using the identity SDK).
        // A short pane keeps its rows for the history while the app has not asked and breaks no rule.
        let status = facts.tokenStatus, problems = facts.misconfigurations
        if status != .none || !problems.isEmpty || showExposure,
           let (text, look) = TokenText.line(status, app: app, problems: problems, width: width) {
            lines.append((text, TokenText.style(look, t)))
        }
        // Android: `isSharedDevice()` was read when the app's process was made and is not read
        // again until the app is started anew (a known issue of MSAL for Android): a value that
        // no longer holds is shown, so the stale branch the app takes is visible.
        let d = m.device
        if app.lifecycle.isRunning, d.isSharedDeviceStale(of: app), let line = d.isSharedDeviceLine(of: app) {
            let read = d.isSharedDevice(of: app)
            let forms = [line, "\(API.isSharedDevice)(): \(read) (stale)", "\(API.isSharedDevice)() stale"]
            lines.append((forms.first { TextWidth.of($0) <= width } ?? forms.last!, t.warning))
        }
        if let n = m.notice, n.place == .pane(app.id) {
            // Whole where it fits in three rows; a longer one says it was cut (the event log has it whole).
            let wrapped = Canvas.wrap(n.text, width: width)
            for (i, l) in wrapped.prefix(3).enumerated() {
                let cut = i == 2 && wrapped.count > 3
                lines.append((cut ? TextWidth.truncate(l + " …", to: width) : l, t.error))
            }
        }
        if showExposure, let exposure = facts.exposure {
            lines.append((width >= 40 ? "exposure: " + keptWhat(exposure, long: true) + " kept"
                                      : "exposure: " + keptWhat(exposure, long: false, gap: " "), t.warning))
        }
        return lines
    }

    /// A developer's program (Docs/bridge-protocol.md): that it is external and its process id,
    /// the last line of standard error once it ended, and the lines it says are on its screen
    /// (`screen/show`), as many as `room` allows. Its health in words is the verdict at the bottom.
    static func externalLines(_ app: AppRuntime, width: Int, room: Int, theme t: Theme) -> [Line] {
        guard app.definition.isExternal else { return [] }
        let process = app.process
        var lines: [Line] = []
        switch process?.health {
        case let .exited(status, lastLines)?:
            let tail = lastLines.last.map { ": \($0)" } ?? ""
            lines.append((TextWidth.truncate("ext · \(status)\(tail)", to: width), process?.exitsInARow ?? 0 > 0 ? t.warning : t.dim))
        case .faulted?:
            lines.append(("ext · stopped", t.warning))
        default:
            if let pid = process?.pid {
                lines.append((TextWidth.truncate("ext pid \(pid)" + (process?.health == .starting ? " · starting" : ""), to: width), t.dim))
            } else {
                lines.append(("ext · not started", t.dim))
            }
        }
        if let shown = process?.screen?.lines, app.lifecycle.isRunning {
            for text in shown.prefix(room) { lines.append((TextWidth.truncate("» " + text, to: width), .plain)) }
        }
        return lines
    }

    /// The lines at the bottom: what step mode holds for the app, else its verdict.
    private static func verdictLines(_ facts: PaneFacts, inner: Rect, theme t: Theme) -> [Line] {
        let held = facts.held
        if let first = held.first {
            return heldRows(first, more: held.count - 1, width: inner.width, twoRows: inner.height >= 7).map { ($0, t.overlay) }
        }
        let v = facts.verdict
        let forms = verdictForms(v, fault: facts.explaining)
        let text = forms.first { TextWidth.of($0) <= inner.width } ?? TextWidth.truncate(forms.last!, to: inner.width)
        return [(text, verdictStyle(v.kind, t))]
    }

    static func verdictStyle(_ kind: AppVerdict.Kind, _ t: Theme) -> CellStyle {
        switch kind {
        case .leak: t.leakBanner
        case .willLeak: t.statusAlert
        case .missed: t.warning
        case .willNotice, .held: t.overlay
        case .received: t.success
        case .notIntegrated, .notStarted, .started: t.dim
        case .notTold: t.warning
        case .blocked: t.overlay
        case .hung, .crashed, .faulted: t.statusAlert
        }
    }

    /// What a callback, notification or call is called where its API name does not fit.
    private static func shortName(_ api: String) -> String {
        switch api {
        case API.didWipeCurrentUserData: "wipe"
        case API.didDetectUserChange: "user change"
        case API.accountChangedNotification: "ACCOUNT_CHANGED"
        case API.currentAccountChangedBroadcast: "ACCOUNT_CHANGED"
        case let name where name.hasPrefix(API.didFinishInitialCheck): "initial check"
        default: api
        }
    }

    /// The verdict from the longest wording to the shortest (the narrowest pane has 22 columns).
    /// A (will-)leak an injected fault explains, or a crash it caused, says so in every form, down
    /// to `LEAK · injected`: the pane never cuts the word that tells a fault from a bug
    /// (Docs/faults.md).
    static func verdictForms(_ v: AppVerdict, fault: FaultEffect?) -> [String] {
        let plain = verdictForms(v)
        guard let fault else { return plain }
        let kind = fault.kind.rawValue
        if v.kind == .crashed {
            return ["CRASHED: \(v.cause ?? fault.explanation)", "CRASHED · injected \(fault.fault.name)", "CRASHED · injected \(kind)",
                    "CRASHED · injected"]
        }
        guard v.isLeakOrWillLeak else { return plain }
        let head = v.kind == .leak ? "LEAK" : "WILL LEAK"
        return plain.dropLast().flatMap { ["\($0) · injected \(fault.fault.name)", "\($0) · injected \(kind)"] }
            + ["\(head) · injected \(kind)", "\(head) · injected"]
    }

    /// The verdict alone, from the longest wording to the shortest.
    static func verdictForms(_ v: AppVerdict) -> [String] {
        let whose = v.owners.map { "\($0.name)'s" }.joinedText(separator: ", ")
        let next: String
        switch v.next {
        case .foreground?: next = "foreground"
        case .coldStart?: next = "next start"
        case .relaunch?: next = "relaunch"
        case .release?: next = "release"
        case nil: next = ""
        }
        switch v.kind {
        case .received:
            let at = v.receivedAt?.description ?? ""
            return ["received \(at): " + v.via.joinedText(separator: ", "), "received \(at): " + v.via.map(shortName).joinedText(separator: ", "),
                    "received \(at)", "received"]
        case .willNotice:
            return ["will notice at its \(v.next?.rawValue ?? "next foreground")", "will notice: \(next)", "notices at \(next)"]
        // Android's misses in its own words (the engine's sentence): a stopped app learns at
        // resume; the account removed in Settings told nobody; a cached one gets it on resume.
        case .missed where v.missed == .stopped:
            return [v.sentence, "stopped: learns at resume", "stopped: at resume", "stopped"]
        case .missed where v.missed == .accountRemovedInSettings:
            return [v.sentence, "not told: removed in Settings", "not told: Settings", "not told"]
        case .missed where v.missed == .cached:
            return [v.sentence, "cached: gets it at resume", "cached: at resume", "cached"]
        case .missed:
            let reason = v.missed?.rawValue ?? "?", short = v.missed?.short ?? "?"
            let then = v.next == nil ? " · never notices" : " · notices at \(next)"
            let what = v.notice == API.accountChangedNotification ? "notification" : v.notice
            return ["missed \(what) (\(reason))" + then, "missed (\(short))" + then, "missed (\(short))", "missed " + (what == "notification" ? what : "broadcast")]
        case .notIntegrated:
            return ["not integrated: no SDK, keeps no user data", "no SDK: keeps nothing", "not integrated"]
        case .willLeak:
            return ["WILL LEAK \(whose) data at \(next)", "WILL LEAK \(whose) data", "WILL LEAK"]
        case .leak:
            return (v.what.map { ["LEAK: \($0)"] } ?? []) + ["LEAK: \(whose) data shown", "LEAK: \(whose) data", "LEAK"]
        case .notTold:
            let short = v.shortCause ?? "its SDK is not in charge"
            return ["not told: \(v.cause ?? short)", "not told: \(short)", "not told (\(short))", "not told"]
        case .held:
            return ["held: notices on release", "held"]
        case .notStarted:
            return ["not started: reads the account at start", "not started"]
        case .started:
            let at = v.receivedAt?.description ?? ""
            return ["started \(at): " + v.via.joinedText(separator: ", "), "started \(at): " + v.via.map(shortName).joinedText(separator: ", "),
                    "started \(at)", "started"]
        case .blocked:
            return ["blocked: \(API.sharedDeviceNotCheckedOut) · relaunch", "blocked until relaunch", "blocked"]
        case .hung:
            return ["HUNG: no answer to \(v.cause ?? "an event")", "HUNG: no answer to \(shortName(v.cause ?? "an event"))", "HUNG"]
        case .crashed:
            return ["CRASHED: \(v.cause ?? "process ended")", "CRASHED"]
        case .faulted:
            return ["FAULTED: \(v.cause ?? "broke the protocol")", "FAULTED"]
        }
    }

    /// Where a blocked or locked app's overlay goes: it takes the place of the app's UI.
    private static func overlayRows(_ layout: PaneLayout, inner: Rect) -> Range<Int> {
        if layout.overlayOnUserRow { return layout.user..<layout.user + 1 }
        return layout.items.isEmpty ? layout.itemsTop..<min(inner.height, layout.itemsTop + 1) : layout.items
    }

    /// The bottom lines, each on a full-width band.
    private static func bottomLines(_ lines: [Line], _ c: inout Canvas, _ inner: Rect) {
        for (i, line) in lines.enumerated() {
            let row = inner.height - lines.count + i
            c.grid.fill(Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1), style: line.style)
            c.line(line.text, in: inner, row: row, style: line.style)
        }
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
        let name = TextWidth.truncate(app.definition.name, to: room)
        c.text(name + "·", x: r.x + 1, y: r.y, width: room + 1, style: style)
        c.text(lifecycle, x: r.maxX - 1 - TextWidth.of(lifecycle), y: r.y, width: TextWidth.of(lifecycle), style: style)
    }

    /// `kept cou1×2`: another user's plaintext kept by the app, short enough for the user row.
    private static func exposureTag(_ facts: PaneFacts) -> String? {
        guard let exposure = facts.exposure else { return nil }
        return "kept " + keptWhat(exposure, long: false)
    }

    /// What an exposure keeps, naming it: `cou1's 2 items and token` (long), `cou1×2+token`
    /// (short). A token alone has no count: never `cou1×0`.
    static func keptWhat(_ f: LeakFinding, long: Bool, gap: String = "") -> String {
        let who = f.owners.map(\.name).joinedText(separator: ",")
        let items = f.itemCount == 1 ? "1 item" : "\(f.itemCount) items"
        switch (f.itemCount > 0, f.token == true, long) {
        case (true, true, true): return "\(who)'s \(items) and token"
        case (true, false, true): return "\(who)'s \(items) in plaintext"
        case (false, _, true): return "\(who)'s token"
        case (true, true, false): return "\(who)\(gap)×\(f.itemCount)+token"
        case (true, false, false): return "\(who)\(gap)×\(f.itemCount)"
        case (false, _, false): return "\(who) token"
        }
    }

    private static func userLine(_ m: HubModel, _ app: AppRuntime, _ c: inout Canvas, _ r: Rect, row: Int, sdk showSDK: Bool,
                                 exposure: String? = nil) {
        let t = c.theme
        // The exposure takes the SDK label's place (the title names the SDK where it fits).
        let showSDK = showSDK || exposure != nil
        let sdk = exposure ?? (showSDK ? app.definition.sdk.label : "")
        let sdkWidth = showSDK ? TextWidth.of(sdk) : 0
        if let user = app.currentUser {
            c.line("user: \(user)", in: Rect(x: r.x, y: r.y, width: r.width - sdkWidth - 1, height: r.height), row: row,
                   style: HubPages.ownerStyle(m, user))
        } else {
            c.line("user: —", in: r, row: row, style: t.dim)
        }
        if showSDK && r.width > sdkWidth + 8 {
            c.line(sdk, in: r, row: row, indent: r.width - sdkWidth, style: exposure != nil ? t.warning : t.dim)
        }
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
        let joined = lines.prefix(2).joinedText(separator: " ")
        let shown = rows.count == 1 && TextWidth.of(joined) <= r.width ? [joined] : Array(lines.prefix(rows.count))
        let top = (rows.count - shown.count) / 2
        for (i, l) in shown.enumerated() { c.centred(l, in: area, row: top + i, style: c.theme.overlay) }
    }

    /// Action buttons in the focused pane's bottom border: the key table's pane buttons whose
    /// keys work here, as many as fit; one too wide for what is left gives way to the shorter
    /// ones after it (`[faults]` to `[hub]` in a narrow pane). Every action is also a clickable
    /// entry of the hint line.
    private static func buttons(_ m: HubModel, _ app: AppRuntime, _ c: inout Canvas, _ r: Rect, reserve: Int) {
        var x = r.x + 1
        let y = r.maxY - 1
        let all = KeyTable.paneButtons(in: m.keyContext)
        func width(_ i: Int) -> Int { TextWidth.of(all[i].button.label) + 2 }
        // The faults button gets its room first: QA arms faults in any pane, the narrowest
        // too (`!` is its key); the others follow in order while they fit.
        var room = r.width - 2 - reserve
        var drawn = Set<Int>()
        let order = all.indices.filter { all[$0].command == .faultsMenu } + all.indices.filter { all[$0].command != .faultsMenu }
        for i in order where width(i) <= room {
            drawn.insert(i)
            room -= width(i)
        }
        for i in all.indices where drawn.contains(i) {
            c.button(all[i].button.label, x: x, y: y, maxWidth: width(i), target: .appCommand(all[i].command, app: app.id))
            x += width(i)
        }
    }
}

extension String {
    func dropPrefix(_ p: String) -> String { hasPrefix(p) ? String(dropFirst(p.count)) : self }
}
