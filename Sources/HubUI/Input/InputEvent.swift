/// A key, decoded by the terminal layer (or written in a scenario's `press:` step).
public enum Key: Hashable, Sendable {
    case char(Character)
    case ctrl(Character)
    case enter, tab, backTab, escape, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    case function(Int)
}

/// A mouse event at a cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Button: Hashable, Sendable { case left, right, middle, wheelUp, wheelDown }
    public var x: Int, y: Int
    public var button: Button
    public init(x: Int, y: Int, button: Button = .left) { self.x = x; self.y = y; self.button = button }
}

/// Everything that can happen to the front end.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal changed size.
    case resize(width: Int, height: Int)
    /// Wall-clock time passed (seconds); the front end may advance the simulator clock.
    case tick(Double)
}
