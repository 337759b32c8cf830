/// What frames are drawn from that is worked out over the whole device and kept until the
/// device's `contentRevision` moves (Docs/performance.md, "Frames"): a copy of the model
/// carries what matches its own device.
struct LayoutCache: Sendable {
    /// The rows of the scrolling view on screen, laid out for the device as it is (kept so that
    /// a key that only scrolls does not lay out every row again).
    var scrollLayout: ScrollLayout?
    /// The status line's leak counts (`HubModel.leakTally`).
    var leakTally: LeakTally?
    /// The facts of the panes on screen (`HubModel.paneFacts(of:)`).
    var paneFacts: KeptPaneFacts?
}
