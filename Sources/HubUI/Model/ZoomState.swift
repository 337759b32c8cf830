import SessionEngine

/// The zoomed pane (`MainView.zoom`): whose it is, and how far its body is scrolled.
public struct ZoomState: Sendable {
    /// The app whose pane is zoomed.
    public internal(set) var app: AppID?
    /// The first body row shown (0 is the top, the newest entry).
    public internal(set) var scroll = 0
}
