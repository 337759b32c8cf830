import SessionEngine

/// A rendered frame: the grid, where the cursor goes (nil: hidden), and the hit map that
/// resolves mouse clicks against exactly what was drawn.
public struct Frame: Equatable, Sendable {
    public var grid: CellGrid
    public var cursor: (x: Int, y: Int)?
    public var hitMap: HitMap
    /// When a running time this frame shows (the clock, a countdown) next reads differently,
    /// on the simulator's clock; nil when it shows none. What the idle loop sleeps until.
    public var changesAt: SimInstant?

    public init(grid: CellGrid, cursor: (x: Int, y: Int)? = nil, hitMap: HitMap = HitMap(), changesAt: SimInstant? = nil) {
        self.grid = grid; self.cursor = cursor; self.hitMap = hitMap; self.changesAt = changesAt
    }

    public static func == (a: Frame, b: Frame) -> Bool {
        a.grid == b.grid && a.cursor?.x == b.cursor?.x && a.cursor?.y == b.cursor?.y && a.hitMap == b.hitMap
            && a.changesAt == b.changesAt
    }
}

/// What the program asks of the terminal layer after an event.
public enum TerminalRequest: Equatable, Sendable {
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
    /// Handles one event. `shown` is the frame on screen when it came (nil before the first
    /// or headless): a click resolves against its hit map, so a click costs no render of its
    /// own and hits exactly what the person saw.
    mutating func handle(_ event: InputEvent, shown: Frame?) -> TerminalRequest
    func render(width: Int, height: Int) -> Frame
    /// Seconds of wall time until a `.tick` could change what `shown` shows or what the
    /// program does (a timer of its own); nil: nothing changes until the next input. The
    /// terminal layer sleeps that long, so an idle screen wakes only to paint.
    func secondsUntilTimedChange(shown: Frame?) -> Double?
}

extension TerminalProgram {
    /// A program that does not say: woken four times a second, as hubsim once did (Docs/performance.md).
    public func secondsUntilTimedChange(shown: Frame?) -> Double? { 0.25 }
}

extension TerminalProgram {
    /// An event with no frame on screen (a scenario, a test): a click renders to find its target.
    public mutating func handle(_ event: InputEvent) -> TerminalRequest { handle(event, shown: nil) }
}
