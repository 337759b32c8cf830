import HubUI
import SessionEngine
import Testing

/// Zooming a pane, scrolling its whole history (keys and wheel) without a blank page past
/// the end, the audit screen and the event log's filters.
@Suite struct ZoomAndAuditTests {
    private func rows(_ m: HubModel) -> [String] { m.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// The zoom's body rows on screen: inside the box, under the header.
    private func bodyRows(_ m: HubModel) -> [String] { Array(rows(m)[5..<(m.height - 2)]) }

    @Test func zoomScrollsTheWholeHistoryAndStopsAtItsLastRow() {
        var m = Screens.leakWorkspaceOne()              // handbook has focus
        m.press("<S-Tab><S-Tab>f")                      // notes
        #expect(m.view == .zoom && m.zoom.app == "notes")
        #expect(rows(m)[1].hasPrefix("┌ Notes · WS1 SDK · background · zoomed"))
        let total = m.zoomExtent
        #expect(total.rows > total.visible, "the history must be longer than a page for this test")
        let last = total.rows - total.visible

        m.press("<Down>")
        #expect(m.zoom.scroll == 1)
        m.press("<Up><Up>")
        #expect(m.zoom.scroll == 0)
        for _ in 0..<10 { m.press("<PgDn>") }
        #expect(m.zoom.scroll == last)
        // The history reads oldest first, as the pane: the last page ends on the latest entry,
        // on the box's last inside row: no blank page.
        #expect(bodyRows(m).last!.contains("08:03:00 · background (from foreground)"))
        #expect(rows(m)[m.height - 2].contains("rows \(last + 1)–\(total.rows) of \(total.rows)"))
        m.press("<Down>")
        #expect(m.zoom.scroll == last)
        m.press("<Home>")
        #expect(m.zoom.scroll == 0)
        m.press("<End>")
        #expect(m.zoom.scroll == last)
        m.press("<PgUp>")
        #expect(m.zoom.scroll == max(0, last - (total.visible - 1)))

        // The wheel moves three rows and stops at the ends too.
        m.press("<Home>")
        _ = m.handle(.mouse(MouseEvent(x: 40, y: 10, button: .wheelDown)))
        #expect(m.zoom.scroll == min(3, last))
        for _ in 0..<20 { _ = m.handle(.mouse(MouseEvent(x: 40, y: 10, button: .wheelDown))) }
        #expect(m.zoom.scroll == last)
        _ = m.handle(.mouse(MouseEvent(x: 40, y: 10, button: .wheelUp)))
        #expect(m.zoom.scroll == last - 3)

        m.press("<Esc>")
        #expect(m.view == .panes)
        #expect(m.screen().contains("┌ Notes · background ──┐"))
    }

    @Test func clickingAPaneTitleOrItsCountZooms() {
        var m = Screens.verdictsWorkspaceOne()
        _ = m.handle(.mouse(MouseEvent(x: 60, y: 1)))   // Scanner's title
        #expect(m.view == .zoom && m.zoom.app == "scanner")
        m.press("f")
        #expect(m.view == .panes)
        let count = rows(m)[7].range(of: "+1 earlier")! // Notes' bottom border
        _ = m.handle(.mouse(MouseEvent(x: rows(m)[7].distance(from: rows(m)[7].startIndex, to: count.lowerBound), y: 7)))
        #expect(m.view == .zoom && m.zoom.app == "notes")
    }

    @Test func theZoomKeyIsInTheKeyTableAndTheHintLine() {
        var m = Screens.verdictsWorkspaceOne()
        m.press("<Tab>")
        #expect(KeyTable.binding(for: .char("f"), in: m.keyContext)?.command == .zoomPane)
        _ = m.handle(.resize(width: 160, height: 40))
        #expect(m.hints.contains("f zoom"))
        #expect(m.hints.contains("a audit"))
    }

    @Test func theAuditListsExposuresWithWhoseSinceWhenAndWhy() {
        var m = Screens.leakEntra()
        m.press("a")
        #expect(m.view == .audit)
        let text = m.screen()
        #expect(text.contains("LEAK · tasks · Tasks of cou1: restock aisle 3"))
        #expect(text.contains("cou1's data, since 08:02:00: missed SHARED_MODE_CURRENT_ACCOUNT_CHANGED"))
        m.press("a")
        #expect(m.view == .panes)
        // The status line's leak segment opens it too.
        let status = rows(m)[0]
        let leak = status.range(of: "LEAK ×1")!
        _ = m.handle(.mouse(MouseEvent(x: status.distance(from: status.startIndex, to: leak.lowerBound), y: 0)))
        #expect(m.view == .audit)
    }

    @Test func statusLineCountsWillLeaksBeforeTheLeak() {
        #expect(rows(Screens.verdictsEntra())[0].contains("leaks: 0 · WILL LEAK ×1"))
        #expect(rows(Screens.leakEntra())[0].contains("LEAK ×1"))
        #expect(!rows(Screens.leakEntra())[0].contains("WILL"))
    }

    @Test func theEventLogFiltersByKindAppAndUser() {
        var m = Screens.leakWorkspaceOne()
        m.press("<F2>")
        let all = m.device.log.entries
        m.press("K")
        #expect(m.eventLog.filter.kind == .callbacks)
        m.press("KK")
        #expect(m.eventLog.filter.kind == .leaks)
        m.press("AAA")
        #expect(m.eventLog.filter.app == "handbook")
        let shown = all.filter(m.eventLog.filter.matches)
        #expect(!shown.isEmpty && shown.allSatisfy { $0.app == "handbook" && [.leak, .exposure, .resolved].contains($0.kind) })
        #expect(m.screen().contains("Event log · \(shown.count) of \(all.count) entries"))
        m.press("K")
        #expect(m.eventLog.filter.kind == .faults)
        m.press("K")
        #expect(m.eventLog.filter.kind == .all)
        m.press("UU")
        #expect(m.eventLog.filter.user == "cou1")
        #expect(all.filter(m.eventLog.filter.matches).allSatisfy { $0.text.contains("cou1") })
        #expect(!EventLogFilter(user: "cou1").matches(LogEntry(seq: 1, time: .shiftStart, kind: .event, app: nil, text: "cou12 checked out")))
    }

    /// Apps beyond the panes that fit: the summary tile names those certain to leak.
    @Test func theSummaryTileNamesHiddenWillLeaks() {
        var m = Screens.manyApps()
        m.apply(.launch("handbook5"))
        m.apply(.logOut)
        m.apply(.checkOut(group: "FRONTLINE", user: "cou2", password: Secret("cou2"), passcode: nil))
        #expect(m.device.verdict(of: m.device.app("handbook5")!).kind == .willLeak)
        #expect(m.screen().contains("WILL LEAK in handbook5"))
    }

    /// Over the lock screen's form, the audit takes the letters: `a` closes it, nothing is
    /// typed into the hidden form, and no cursor blinks in it.
    @Test func theAuditOverAFormKeepsTheFormUntouched() {
        var m = Screens.lockScreenRefusal()
        let form = m.form
        let status = rows(m)[0]
        let leaks = status.range(of: "leaks: 0")!
        _ = m.handle(.mouse(MouseEvent(x: status.distance(from: status.startIndex, to: leaks.lowerBound), y: 0)))
        #expect(m.view == .audit)
        #expect(m.render(width: 80, height: 24).cursor == nil)
        m.press("a")
        #expect(m.view == .panes)
        #expect(m.form == form)
    }
}
