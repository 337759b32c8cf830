import SessionEngine

/// Clickable regions of the last frame, topmost last, each bound to an input it stands for.
public struct HitMap: Equatable, Sendable {
    public struct Region: Equatable, Sendable {
        public var rect: Rect
        public var target: HitTarget
        public init(rect: Rect, target: HitTarget) { self.rect = rect; self.target = target }
    }
    public private(set) var regions: [Region] = []
    public init() {}

    public mutating func add(_ rect: Rect, _ target: HitTarget) {
        guard !rect.isEmpty else { return }
        regions.append(Region(rect: rect, target: target))
    }

    /// The map without the regions `drop` picks (a view drawn over another takes its buttons away).
    func dropping(_ drop: (Region) -> Bool) -> HitMap {
        var kept = HitMap()
        kept.regions = regions.filter { !drop($0) }
        return kept
    }

    /// The topmost target under (x, y).
    public func target(x: Int, y: Int) -> HitTarget? {
        regions.last { $0.rect.contains(x: x, y: y) }?.target
    }
}

/// What a click means, typed: the views that draw a clickable thing say what it does, and
/// the model runs it without parsing anything.
public enum HitTarget: Hashable, Sendable {
    /// A button or hint-line entry: runs the command, as its key does.
    case command(UIIntent)
    /// A button in an app's pane: focuses the app, then runs the command on it.
    case appCommand(UIIntent, app: AppID)
    /// An item of the logout menu, by position.
    case menuItem(Int)
    /// A pane: a click focuses it.
    case pane(AppID)
    /// A credential field: a click puts the cursor there.
    case field(FormField.ID)
    /// An entry of the comparison screen's bar (`CompareKeys`): runs its action, as its key does.
    case compare(CompareAction)
    /// A row or button of the faults menu (`FaultMenu`).
    case faultMenu(FaultMenu.Hit)
    /// A tile, button or entry of the trainer's console (`ClassroomConsole`).
    case console(ConsoleHit)
}
