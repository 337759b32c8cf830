/// What puts frames on a screen: curses on a terminal, a recorder in tests.
public protocol FramePainter {
    /// Paints `frame`, writing only what changed since the frame painted last.
    mutating func paint(_ frame: Frame)
    /// Forgets what is on screen: the next frame is painted whole (a resize, a resume).
    mutating func invalidate()
}

/// The event loop's terminal-free half. Every event goes to the program with the frame on
/// screen (a click resolves against its hit map, so it renders nothing of its own), and
/// after the events one new frame goes to the painter, which writes only the cells that
/// changed. Keys and clicks take the same path; only a resize or a resume repaints whole.
public struct FrameLoop<Painter: FramePainter> {
    public private(set) var painter: Painter
    /// The frame last painted: what the person sees and clicks on.
    public private(set) var shown: Frame?
    public private(set) var width: Int
    public private(set) var height: Int
    /// Sees every frame painted, after the painter (a recording of the session: `--cast`).
    public var observer: ((Frame) -> Void)?

    public init(painter: Painter, width: Int, height: Int) {
        self.painter = painter
        self.width = width
        self.height = height
    }

    /// Renders the program at the current size and paints it.
    public mutating func paint<P: TerminalProgram>(_ program: P) {
        let frame = program.render(width: width, height: height)
        painter.paint(frame)
        shown = frame
        observer?(frame)
    }

    /// The terminal has a new size: the next frame is painted whole.
    public mutating func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        invalidate()
    }

    /// The screen was lost (a resume after Ctrl-Z): the next frame is painted whole.
    public mutating func invalidate() {
        painter.invalidate()
        shown = nil
    }

    /// Feeds `events` in order, runs `afterEvent` after each, then paints once if any changed
    /// the frame. Returns true when the program quit (nothing is painted then).
    public mutating func feed<P: TerminalProgram>(_ events: [InputEvent], to program: inout P,
                                                  afterEvent: (inout P) -> Void = { _ in }) -> Bool {
        var changed = false
        for event in events {
            let command = program.handle(event, shown: shown)
            afterEvent(&program)
            if command == .quit { return true }
            if command != .unchanged { changed = true }
        }
        if changed { paint(program) }
        return false
    }
}
