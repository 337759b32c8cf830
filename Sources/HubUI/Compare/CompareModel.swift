import SessionEngine

/// The comparison on screen: the two devices next to each other from 160 columns, or one
/// at a time as tabs below that (`v` chooses between the two where both fit), stepped
/// through together with Space or Enter. Each device is drawn by its own `HubModel`, so it
/// looks exactly as it would alone; the bottom row (the Hub's key hints, which do nothing
/// here) becomes the comparison's bar: the tabs, the step, the keys. The pane of an app
/// whose outcome differs between the two devices carries a `≠` in its top border.
public struct CompareModel: TerminalProgram, Sendable {
    /// The two devices and the steps.
    public private(set) var play: SideBySide
    /// The scenario's name, for the bar.
    public let title: String
    public private(set) var width: Int
    public private(set) var height: Int
    /// Side by side wherever the screen has room (`v` turns it off and on).
    public private(set) var prefersSideBySide = true
    /// The device shown as a tab: 0 the first profile, 1 the second.
    public private(set) var tab = 0

    /// From this width the two devices fit next to each other (80 columns each).
    public static let sideBySideWidth = 2 * HubModel.minimumWidth

    public init(_ play: SideBySide, title: String, width: Int, height: Int) {
        self.play = play
        self.title = title
        self.width = width
        self.height = height
    }

    /// Whether the frame shows both devices now.
    public var showsSideBySide: Bool { prefersSideBySide && width >= Self.sideBySideWidth }

    public mutating func handle(_ event: InputEvent, shown: Frame?) -> ProgramCommand {
        switch event {
        case let .resize(w, h):
            width = w
            height = h
            return .none
        case .tick, .mouse:
            return .unchanged
        case let .key(key):
            guard let action = CompareKeys.action(for: key) else { return .unchanged }
            switch action {
            case .nextStep: return play.advance() ? .none : .unchanged
            case .showLeft: tab = 0; prefersSideBySide = false
            case .showRight: tab = 1; prefersSideBySide = false
            case .toggleLayout: prefersSideBySide.toggle()
            case .quit: return .quit
            }
            return .none
        }
    }

    public func render(width: Int, height: Int) -> Frame {
        var grid = CellGrid(width: width, height: height)
        guard width > 0, height > 0 else { return Frame(grid: grid) }
        let differing = play.differingApps
        let theme = play.left.theme
        if prefersSideBySide && width >= Self.sideBySideWidth {
            let half = width / 2
            draw(play.left, into: &grid, x: 0, width: half, height: height, marking: differing, theme: theme)
            draw(play.right, into: &grid, x: half, width: width - half, height: height, marking: differing, theme: theme)
        } else {
            draw(tab == 0 ? play.left : play.right, into: &grid, x: 0, width: width, height: height, marking: differing, theme: theme)
        }
        drawBar(into: &grid, y: height - 1, differing: differing.count, theme: theme,
                sideBySide: prefersSideBySide && width >= Self.sideBySideWidth)
        return Frame(grid: grid)
    }

    /// One device's screen at (x, 0), its differing panes marked.
    private func draw(_ model: HubModel, into grid: inout CellGrid, x: Int, width: Int, height: Int,
                      marking differing: Set<AppID>, theme: Theme) {
        let frame = model.render(width: width, height: height)
        for row in 0..<min(height, frame.grid.height) {
            for col in 0..<min(width, frame.grid.width) { grid[x + col, row] = frame.grid[col, row] }
        }
        for region in frame.hitMap.regions {
            guard case let .pane(app) = region.target, differing.contains(app), region.rect.width >= 6 else { continue }
            grid.put("≠", x: x + region.rect.maxX - 3, y: region.rect.y, style: theme.leakBanner)
        }
    }

    /// The bottom row: the tabs (or both names), the step, what differs, the keys.
    private func drawBar(into grid: inout CellGrid, y: Int, differing: Int, theme: Theme, sideBySide: Bool) {
        grid.fill(Rect(x: 0, y: y, width: grid.width, height: 1), style: theme.statusBar)
        var x = 0
        let names = [play.left.device.profile.id.rawValue, play.right.device.profile.id.rawValue]
        if !sideBySide {
            for (i, name) in names.enumerated() {
                let label = " \(i + 1) \(name) "
                x += grid.put(label, x: x, y: y, style: i == tab ? theme.selection : theme.statusBar)
            }
            x += 1
        }
        let step = play.played == 0 ? "step 0/\(play.steps.count)"
            : "step \(play.played)/\(play.steps.count) \(play.lastStep.map(stepText) ?? "")"
        let end = play.isFinished ? "end · " : ""
        // What gives way on a narrow screen: the keys' help first (their names stay), then
        // the difference's words (its count stays); the step takes what is left.
        let room = grid.width - x - 2
        var keys = end + CompareKeys.hint
        var diff = differing == 0 ? "" : " ≠ \(differing) app\(differing == 1 ? "" : "s") differ "
        if room - TextWidth.of(keys) - TextWidth.of(diff) < 30 { keys = end + CompareKeys.keyNames }
        if room - TextWidth.of(keys) - TextWidth.of(diff) < 20, differing > 0 { diff = " ≠\(differing) " }
        let stepWidth = max(0, room - TextWidth.of(keys) - TextWidth.of(diff) - 1)
        x += grid.put(TextWidth.truncate(step, to: stepWidth), x: x, y: y, style: theme.statusBar)
        x += 1
        if !diff.isEmpty { x += grid.put(diff, x: x, y: y, style: theme.statusAlert) }
        let keyWidth = min(TextWidth.of(keys), max(0, grid.width - x - 1))
        if keyWidth > 0 { grid.put(TextWidth.truncate(keys, to: keyWidth), x: grid.width - keyWidth - 1, y: y, style: theme.statusBar) }
    }

    /// `checkOut cou1 ⇄ signIn cou1`, or the step alone when both sides play it the same.
    private func stepText(_ step: ComparedStep) -> String {
        step.leftLabel == step.rightLabel ? step.leftLabel : "\(step.leftLabel) ⇄ \(step.rightLabel)"
    }
}
