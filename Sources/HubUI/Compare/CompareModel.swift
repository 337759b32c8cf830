import SessionEngine

/// The comparison on screen: the devices (two to four, one per profile) next to each other
/// where each has the columns it needs alone (80), or one at a time as tabs below that (`v`
/// chooses between the two where both fit), stepped through together with Space or Enter.
/// Each device is drawn by its own `HubModel`, so it looks exactly as it would alone; the
/// bottom row (the Hub's key hints, which do nothing here) becomes the comparison's bar: the
/// step, the keys. As tabs, the row above it (the panes' bottom border) is the tab bar: every
/// profile's name with its leak marker, so a difference shows without switching. The pane of
/// an app whose outcome is not the same on every device carries a `≠` in its top border. Every
/// action has a key and a click (`CompareKeys`): the bar's entries and tabs are clickable,
/// and a click on a pane (or `d`) shows that app's outcome rows on every device.
public struct CompareModel: TerminalProgram, Sendable {
    /// The devices and the steps.
    public private(set) var play: SideBySide
    /// The scenario's name, for the bar.
    public let title: String
    public private(set) var width: Int
    public private(set) var height: Int
    /// Side by side wherever the screen has room (`v` turns it off and on).
    public private(set) var prefersSideBySide = true
    /// The device shown as a tab: 0 the first profile named.
    public private(set) var tab = 0
    /// The app whose outcome is shown row by row above the bar (`d`, or a click on its pane).
    public private(set) var detail: AppID?

    /// From this width per device the devices fit next to each other (80 columns each).
    public static let columnWidth = HubModel.minimumWidth

    /// The width from which `count` devices are drawn side by side.
    public static func sideBySideWidth(devices count: Int) -> Int { count * columnWidth }

    public init(_ play: SideBySide, title: String, width: Int, height: Int) {
        self.play = play
        self.title = title
        self.width = width
        self.height = height
    }

    /// Whether the frame shows both devices now.
    public var showsSideBySide: Bool { sideBySide(width: width) }

    private func sideBySide(width: Int) -> Bool {
        prefersSideBySide && width >= Self.sideBySideWidth(devices: play.devices.count)
    }

    /// Ticks change nothing here (both devices stand still between steps): sleep until input.
    public func secondsUntilTimedChange(shown: Frame?) -> Double? { nil }

    public mutating func handle(_ event: InputEvent, shown: Frame?) -> TerminalRequest {
        switch event {
        case let .resize(w, h):
            width = w
            height = h
            return .none
        case .tick:
            return .unchanged
        case let .mouse(mouse):
            return click(mouse, shown: shown)
        case let .key(key):
            guard let action = CompareKeys.action(for: key) else { return .unchanged }
            return perform(action)
        }
    }

    /// What a key or a click on the bar asks; the same path for both.
    public mutating func perform(_ action: CompareAction) -> TerminalRequest {
        switch action {
        case .nextStep: return play.advance() ? .none : .unchanged
        case .stepBack: return play.back() ? .none : .unchanged
        case let .showTab(i):
            // A digit past the last profile names no tab.
            guard play.devices.indices.contains(i) else { return .unchanged }
            tab = i; prefersSideBySide = false
        case .nextTab: tab = (tab + 1) % play.devices.count; prefersSideBySide = false
        case .previousTab: tab = (tab + play.devices.count - 1) % play.devices.count; prefersSideBySide = false
        case .toggleLayout: prefersSideBySide.toggle()
        case .showDifference:
            // `d` walks the differing apps in the devices' order, then closes.
            let differing = play.differingApps
            let order = play.devices[0].device.apps.map(\.id).filter { differing.contains($0) }
            guard !order.isEmpty || detail != nil else { return .unchanged }
            if let detail, let i = order.firstIndex(of: detail) {
                self.detail = i + 1 < order.count ? order[i + 1] : nil
            } else {
                detail = order.first
            }
        case .closeDifference:
            guard detail != nil else { return .unchanged }
            detail = nil
        case .quit: return .quit
        }
        return .none
    }

    /// A left click: a bar entry runs its action; a pane shows what differs for its app (a
    /// second click on it, or a click on the detail, closes it). Nothing else answers.
    private mutating func click(_ mouse: MouseEvent, shown: Frame?) -> TerminalRequest {
        guard mouse.button == .left else { return .unchanged }
        let onScreen = shown.flatMap { $0.grid.width == width && $0.grid.height == height ? $0 : nil }
        switch (onScreen ?? render(width: width, height: height)).hitMap.target(x: mouse.x, y: mouse.y) {
        case let .compare(action)?:
            return perform(action)
        case let .pane(app)?:
            detail = detail == app ? nil : app
            return .none
        default:
            return .unchanged
        }
    }

    public func render(width: Int, height: Int) -> Frame {
        var grid = CellGrid(width: width, height: height)
        var hits = HitMap()
        guard width > 0, height > 0 else { return Frame(grid: grid) }
        let differing = play.differingApps
        let theme = play.devices[0].theme
        let sideBySide = sideBySide(width: width)
        if sideBySide {
            let count = play.devices.count
            let column = width / count
            for (i, device) in play.devices.enumerated() {
                // The last column takes what the division leaves.
                let w = i == count - 1 ? width - column * (count - 1) : column
                draw(device, into: &grid, hits: &hits, x: i * column, width: w, height: height, marking: differing, theme: theme)
            }
        } else {
            draw(play.devices[tab], into: &grid, hits: &hits, x: 0, width: width, height: height, marking: differing, theme: theme)
            if height >= 2 { drawTabs(into: &grid, hits: &hits, y: height - 2, theme: theme) }
        }
        if let detail { drawDetail(detail, into: &grid, hits: &hits, bottom: height - (sideBySide ? 1 : 2), theme: theme) }
        drawBar(into: &grid, hits: &hits, y: height - 1, differing: differing.count, theme: theme)
        return Frame(grid: grid, hitMap: hits)
    }

    /// The tab bar, over the panes' bottom border: ` 1 workspace-one no leak  2 entra-ios LEAK 1 …`,
    /// each tab clickable. The markers shorten (`✓`, `✗1`) where the full words do not fit.
    private func drawTabs(into grid: inout CellGrid, hits: inout HitMap, y: Int, theme: Theme) {
        grid.fill(Rect(x: 0, y: y, width: grid.width, height: 1), style: theme.statusBar)
        let outcomes = play.outcomes
        let names = play.profiles.map(\.rawValue)
        func tabs(short: Bool) -> [(name: String, marker: (text: String, alarming: Bool))] {
            names.indices.map { (" \($0 + 1) \(names[$0]) ", outcomes[$0].marker(short: short)) }
        }
        var shown = tabs(short: false)
        if shown.map({ TextWidth.of($0.name) + TextWidth.of($0.marker.text) + 1 }).reduce(0, +) > grid.width { shown = tabs(short: true) }
        var x = 0
        for (i, t) in shown.enumerated() {
            let style = i == tab ? theme.selection : theme.statusBar
            let start = x
            x += grid.put(t.name, x: x, y: y, style: style)
            x += grid.put(t.marker.text, x: x, y: y, style: t.marker.alarming ? theme.statusAlert : style)
            x += grid.put(" ", x: x, y: y, style: style)
            hits.add(Rect(x: start, y: y, width: min(x, grid.width) - start, height: 1), .compare(.showTab(i)))
            guard x < grid.width else { break }
        }
    }

    /// What differs for `app`, above the bar (and the tabs): its four outcome rows (those of
    /// the headless table), one column per profile, the differing ones marked `≠`. A click on it closes it.
    private func drawDetail(_ app: AppID, into grid: inout CellGrid, hits: inout HitMap, bottom: Int, theme: Theme) {
        let prefix = "\(app): "
        let rows = play.table.filter { $0.label.hasPrefix(prefix) }
        let height = rows.count + 3
        guard grid.width >= 20, bottom - height >= 0 else { return }
        let box = Rect(x: 0, y: bottom - height, width: grid.width, height: height)
        grid.fill(box, style: theme.text)
        let count = rows.filter(\.differs).count
        let title = count == 0 ? " \(app): the same outcome on \(play.devices.count == 2 ? "both devices" : "every device") now " : " ≠ \(app): \(count) of its rows \(count == 1 ? "differs" : "differ") "
        let close = " Esc/click closes "
        grid.put("┌" + String(repeating: "─", count: grid.width - 2) + "┐", x: 0, y: box.y, style: theme.focusedBorder)
        grid.put(title, x: 2, y: box.y, style: count == 0 ? theme.heading : theme.leakBanner, maxWidth: grid.width - 4)
        if grid.width - TextWidth.of(title) - TextWidth.of(close) > 6 {
            grid.put(close, x: grid.width - TextWidth.of(close) - 2, y: box.y, style: theme.dim)
        }
        for y in box.y + 1..<box.maxY - 1 {
            grid.put("│", x: 0, y: y, style: theme.focusedBorder)
            grid.put("│", x: grid.width - 1, y: y, style: theme.focusedBorder)
        }
        grid.put("└" + String(repeating: "─", count: grid.width - 2) + "┘", x: 0, y: box.maxY - 1, style: theme.focusedBorder)
        let labelWidth = 10
        let names = play.profiles.map(\.rawValue)
        let column = (grid.width - 4 - labelWidth) / names.count
        let first = 2 + labelWidth
        for (i, name) in names.enumerated() {
            grid.put(name, x: first + i * column, y: box.y + 1, style: theme.heading, maxWidth: column - 1)
        }
        for (r, row) in rows.enumerated() {
            let y = box.y + 2 + r
            let style = row.differs ? theme.warning : theme.text
            if row.differs { grid.put("≠", x: 1, y: y, style: theme.leakBanner) }
            grid.put(String(row.label.dropFirst(prefix.count)), x: 2, y: y, style: style, maxWidth: labelWidth - 1)
            for i in names.indices {
                grid.put(TextWidth.truncate(row.value(i), to: column - 1), x: first + i * column, y: y, style: style)
            }
        }
        hits.add(box, .compare(.closeDifference))
    }

    /// One device's screen at (x, 0), its differing panes marked.
    /// Its panes are clickable here (what differs for that app); nothing else of it is.
    private func draw(_ model: HubModel, into grid: inout CellGrid, hits: inout HitMap, x: Int, width: Int, height: Int,
                      marking differing: Set<AppID>, theme: Theme) {
        let frame = model.render(width: width, height: height)
        for row in 0..<min(height, frame.grid.height) {
            for col in 0..<min(width, frame.grid.width) { grid[x + col, row] = frame.grid[col, row] }
        }
        for region in frame.hitMap.regions {
            guard case let .pane(app) = region.target else { continue }
            hits.add(Rect(x: x + region.rect.x, y: region.rect.y, width: region.rect.width, height: region.rect.height), .pane(app))
            guard differing.contains(app), region.rect.width >= 6 else { continue }
            grid.put("≠", x: x + region.rect.maxX - 3, y: region.rect.y, style: theme.leakBanner)
        }
    }

    /// The bottom row: the step, what differs, the keys. Every key entry is clickable
    /// (`CompareKeys.barItems`, the list the keys run).
    private func drawBar(into grid: inout CellGrid, hits: inout HitMap, y: Int, differing: Int, theme: Theme) {
        grid.fill(Rect(x: 0, y: y, width: grid.width, height: 1), style: theme.statusBar)
        var x = 1
        let tabs = play.devices.count
        let step = play.played == 0 ? "step 0/\(play.steps.count)"
            : "step \(play.played)/\(play.steps.count) \(play.lastStep?.text ?? "")"
        let end = play.isFinished ? "end · " : ""
        // What gives way on a narrow screen: the keys' help first (their names stay), then
        // the difference's words (its count stays); the step takes what is left.
        let room = grid.width - x - 2
        var short = false
        var keys = end + CompareKeys.hint(tabs: tabs)
        var diff = differing == 0 ? "" : " ≠ \(differing) app\(differing == 1 ? " differs" : "s differ") "
        if room - TextWidth.of(keys) - TextWidth.of(diff) < 30 { keys = end + CompareKeys.keyNames(tabs: tabs); short = true }
        if room - TextWidth.of(keys) - TextWidth.of(diff) < 20, differing > 0 { diff = " ≠\(differing) " }
        let stepWidth = max(0, room - TextWidth.of(keys) - TextWidth.of(diff) - 1)
        x += grid.put(TextWidth.truncate(step, to: stepWidth), x: x, y: y, style: theme.statusBar)
        x += 1
        if !diff.isEmpty {
            let w = grid.put(diff, x: x, y: y, style: theme.statusAlert)
            // The count of differing apps opens the first one's rows, as `d` does.
            hits.add(Rect(x: x, y: y, width: w, height: 1), .compare(.showDifference))
            x += w
        }
        let keyWidth = min(TextWidth.of(keys), max(0, grid.width - x - 1))
        guard keyWidth > 0 else { return }
        let start = grid.width - keyWidth - 1
        grid.put(TextWidth.truncate(keys, to: keyWidth), x: start, y: y, style: theme.statusBar)
        // Each entry answers where it is drawn; one cut short by a narrow screen, not at all.
        var at = start + TextWidth.of(end)
        for item in CompareKeys.barItems(short: short, tabs: tabs) {
            for span in item.spans where at + span.offset + span.width <= start + keyWidth {
                hits.add(Rect(x: at + span.offset, y: y, width: span.width, height: 1), .compare(span.action))
            }
            at += TextWidth.of(item.text) + TextWidth.of(CompareKeys.separator(short: short))
        }
    }
}
