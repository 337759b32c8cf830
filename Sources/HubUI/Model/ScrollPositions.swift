/// Where each scrolling view that keeps no other state is scrolled to: the first row shown
/// (the zoomed pane's and the event log's are kept with the rest of their state).
public struct ScrollPositions: Sendable {
    /// The audit's first body row.
    var audit = 0
    /// The SSO map's first body row.
    var ssoMap = 0
    /// `F1` help's first line.
    var help = 0
    /// The first app of the confirm dialog's forecast on screen: at 80x24 a sign-out's forecast
    /// of many apps does not fit, and ↓ ↑ (or the wheel, or a click on `+N more apps`) scroll it.
    public internal(set) var confirm = 0
}
