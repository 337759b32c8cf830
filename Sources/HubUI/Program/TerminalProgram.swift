/// A rendered frame: the grid, where the cursor goes (nil: hidden), and the hit map that
/// resolves mouse clicks against exactly what was drawn.
public struct Frame: Equatable, Sendable {
    public var grid: CellGrid
    public var cursor: (x: Int, y: Int)?
    public var hitMap: HitMap

    public init(grid: CellGrid, cursor: (x: Int, y: Int)? = nil, hitMap: HitMap = HitMap()) {
        self.grid = grid; self.cursor = cursor; self.hitMap = hitMap
    }

    public static func == (a: Frame, b: Frame) -> Bool {
        a.grid == b.grid && a.cursor?.x == b.cursor?.x && a.cursor?.y == b.cursor?.y && a.hitMap == b.hitMap
    }
}

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

    /// The topmost target under (x, y).
    public func target(x: Int, y: Int) -> HitTarget? {
        regions.last { $0.rect.contains(x: x, y: y) }?.target
    }
}

/// What a click means: a named button (resolved by the program) or a pane to focus.
public enum HitTarget: Hashable, Sendable {
    case button(String)
    case pane(String)
    case field(String)
}

/// What the program asks of the terminal layer after an event.
public enum ProgramCommand: Equatable, Sendable {
    /// The event was handled; draw the next frame.
    case none
    /// Nothing the frame shows changed (an idle clock tick): the terminal layer may skip
    /// rendering, so an idle simulator costs no CPU four times a second.
    case unchanged
    case quit
}

/// The front end as the terminal layer sees it: events in, frames out (Elm style). The
/// terminal layer owns no state of its own beyond the last painted frame.
public protocol TerminalProgram {
    mutating func handle(_ event: InputEvent) -> ProgramCommand
    func render(width: Int, height: Int) -> Frame
}
