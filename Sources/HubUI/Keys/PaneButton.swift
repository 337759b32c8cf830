/// The button a key binding has on the focused app's pane, in the pane's bottom border. The
/// key table is the one list of what a pane offers: a pane shows the buttons of the bindings
/// whose predicate holds, so a button is there exactly when its key works (`KeyTable.paneButtons`).
public struct PaneButton: Sendable {
    /// A short label, so the four lifecycle buttons fit the narrowest pane (`run`, `bg`).
    public var label: String
    /// It leaves the app (for the Hub): such buttons close the row, after those that act on the app.
    public var leavesApp: Bool

    public init(_ label: String, leavesApp: Bool = false) {
        self.label = label; self.leavesApp = leavesApp
    }
}
