import SessionEngine

/// Where each part of a pane goes, in rows of its inside: status lines on top, the user
/// row, the catalogue summary, the items (or a blocked app's overlay), the app's log, and
/// the verdict (or what step mode holds) at the bottom. Pure arithmetic; `PaneView` draws.
struct PaneLayout {
    /// The user row (right under the status lines).
    let user: Int
    /// The catalogue summary under the user row (tall panes only), as drawn.
    let summary: [String]
    /// The first row under the summary: where the items or the overlay start.
    let itemsTop: Int
    /// The rows the items (or the overlay) get; may be empty.
    let items: Range<Int>
    /// A short pane of a blocked app with no user puts the overlay on the user row instead.
    let overlayOnUserRow: Bool
    /// The history's rows (oldest first, the latest last), and the row the first goes on.
    let log: [PaneLogView.Row]
    let logTop: Int
    /// The earlier history entries that did not fit (the zoomed pane shows them).
    let hidden: Int

    init(_ app: AppRuntime, block: AppBlock?, inner: Rect, topLines: Int, bottomLines: Int) {
        user = topLines
        summary = Self.summary(app, inner: inner)
        itemsTop = user + 1 + summary.count
        // The history gets most of the room (it is what developers read); the items keep a
        // third, and a blocked app's overlay the rows that say why (one in a short pane).
        let free = inner.height - bottomLines - itemsTop
        // A short pane of a blocked app that has no user puts the overlay on the user row, so
        // the history keeps the row.
        overlayOnUserRow = block == .blockedUntilRelaunch && app.currentUser == nil && free < 5
        let itemRows = overlayOnUserRow ? 0 : block != nil ? min(free >= 5 ? 2 : 1, free) : max(1, free / 3)
        let entries = PaneHistory.entries(app)
        // The newest entries that fit, drawn oldest first (the order they happened, as the
        // event log and the README read), the latest right on the verdict.
        let shown = Array(entries.prefix(max(0, free - itemRows)).reversed())
        log = PaneHistory.rows(shown, width: inner.width)
        hidden = entries.count - shown.count
        // The history sits on the verdict; the items take every row above it.
        let itemsEnd = inner.height - bottomLines - log.count
        items = itemsTop..<max(itemsTop, itemsEnd)
        logTop = max(itemsEnd, itemsTop)
    }

    /// Tall panes say what the app demonstrates (its catalogue summary), for developers; a
    /// summary cut short ends in `…`.
    private static func summary(_ app: AppRuntime, inner: Rect) -> [String] {
        let text = app.definition.summary
        let lines = inner.height >= 14 ? Array(Canvas.wrap(text, width: inner.width).prefix(inner.height >= 16 ? 2 : 1)) : []
        guard let last = lines.last, TextWidth.of(lines.joinedText(separator: " ")) < TextWidth.of(text) else { return lines }
        return lines.dropLast() + [TextWidth.truncate(last + " …", to: inner.width)]
    }
}
