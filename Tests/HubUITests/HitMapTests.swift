import HubUI
import SessionEngine
import Testing

extension HubModel {
    /// Clicks the middle of the first region of the last frame whose target satisfies `match`.
    mutating func click(where match: (HitTarget) -> Bool) -> Bool {
        let frame = render(width: width, height: height)
        guard let region = frame.hitMap.regions.last(where: { match($0.target) }) else { return false }
        // The middle of the region if nothing covers it there, else any uncovered cell.
        let centre = (region.rect.x + region.rect.width / 2, region.rect.y + region.rect.height / 2)
        let cells = [centre] + (region.rect.y..<region.rect.maxY).flatMap { y in (region.rect.x..<region.rect.maxX).map { ($0, y) } }
        guard let (x, y) = cells.first(where: { frame.hitMap.target(x: $0.0, y: $0.1) == region.target }) else { return false }
        _ = handle(.mouse(MouseEvent(x: x, y: y)))
        return true
    }

    /// Clicks the hint line's entry for `command`, through its "more" menu when the line had
    /// no room for it; an issue when neither shows it.
    mutating func tapHint(_ command: UIIntent, sourceLocation: SourceLocation = #_sourceLocation) {
        if click(where: { $0 == .command(command) }) { return }
        if !click(where: { $0 == .command(.moreActions) }) || !click(where: { $0 == .command(command) }) {
            Issue.record("\(command) is neither on the hint line nor in its menu", sourceLocation: sourceLocation)
        }
    }

    /// Clicks `target` where it was drawn; an issue when it was not drawn.
    mutating func tap(_ target: HitTarget, sourceLocation: SourceLocation = #_sourceLocation) {
        if !click(where: { $0 == target }) { Issue.record("\(target) is not on screen", sourceLocation: sourceLocation) }
    }
}

@Suite struct HitMapTests {
    /// Two models from the same start: one driven by keys, one by clicks, must end the same.
    func expectSame(_ a: HubModel, _ b: HubModel, _ what: String) {
        // Key bytes differ between copies (the key source is shared), so compare what they did.
        #expect(a.device.state == b.device.state && a.device.online == b.device.online, "\(what): device state differs")
        #expect(a.device.log.entries == b.device.log.entries, "\(what): event log differs")
        #expect(a.device.apps.map(\.lifecycle) == b.device.apps.map(\.lifecycle), "\(what): lifecycles differ")
        #expect(a.actionLog.map(\.action.name) == b.actionLog.map(\.action.name), "\(what): action log differs")
        #expect(a.focus == b.focus && a.view == b.view && a.page == b.page, "\(what): UI differs")
    }

    @Test func clickingAPaneFocusesIt() {
        var m = Screens.home()
        m.tap(.pane("scanner"))
        #expect(m.focus == .pane("scanner"))
        m.tap(.command(.focusHub))
        #expect(m.focus == .hub)
    }

    /// Each lifecycle button of the focused pane, clicked on the pane itself, does what its
    /// key does. At 200x60 the pane's border has room for every button, so a button the pane
    /// does not draw fails here (the hint line's entries are tested on their own).
    @Test func paneButtonsDoWhatTheirKeysDo() {
        var base = Screens.home()
        _ = base.handle(.resize(width: 200, height: 60))
        base.press("<Tab><Tab>")  // focus Scanner
        #expect(base.focus == .pane("scanner"))
        for (key, command) in [("l", UIIntent.launchApp), ("b", .backgroundApp), ("s", .suspendApp), ("t", .terminateApp), ("h", .openHub)] {
            var byKey = base, byClick = base
            byKey.press(key)
            // The key changes something, so that the two ending the same means something.
            #expect(byKey.actionLog.count > base.actionLog.count || byKey.focus != base.focus, "\(key) did nothing")
            guard byClick.click(where: { $0 == .appCommand(command, app: "scanner") }) else {
                Issue.record("the focused Scanner pane at 200x60 has no \(command) button")
                continue
            }
            expectSame(byKey, byClick, "\(command)")
        }
    }

    @Test func hintLineEntriesRunTheirCommand() {
        var m = Screens.home()
        m.tap(.command(.eventLog))
        #expect(m.view == .eventLog)
        var k = Screens.home()
        k.press("<F2>")
        expectSame(k, m, "F2")
    }

    @Test func formButtonAndFieldsWorkLikeKeys() {
        var byKey = Fixtures.model()
        byKey.enrollThroughUI()
        var byClick = byKey
        byKey.press("FRONTLINE<Enter>cou1<Enter>cou1<Enter>")
        byClick.tap(.field(.group))
        byClick.press("FRONTLINE")
        byClick.tap(.field(.user))
        byClick.press("cou1")
        byClick.tap(.field(.password))
        byClick.press("cou1")
        byClick.tap(.command(.submitField))
        expectSame(byKey, byClick, "check out")
        #expect(byClick.device.state == .checkedOut("cou1"))
    }

    @Test func logoutMenuAndConfirmationAreClickable() {
        var byKey = Screens.home(), byClick = Screens.home()
        byKey.press("m<Enter>y")
        byClick.tap(.command(.openMenu))
        #expect(byClick.page == .logoutMenu)
        byClick.tap(.menuItem(0))
        #expect(byClick.page == .logoutConfirm)
        byClick.tap(.command(.confirmAction))
        expectSame(byKey, byClick, "log out")
        #expect(byClick.device.state == .checkedIn)
    }

    @Test func statusLineTogglesConnectivity() {
        var m = Screens.home()
        m.tap(.command(.toggleOnline))
        #expect(m.device.online == false)
        var k = Screens.home()
        k.press("o")
        expectSame(k, m, "online toggle")
    }

    @Test func summaryTileLeadsToTheNextPage() {
        var m = Screens.manyApps()
        m.tap(.pane("timeclock4"))  // the last pane of the first page at 80x24
        m.tap(.pane("handbook5"))   // the summary tile stands for the next app
        #expect(m.focus == .pane("handbook5"))
        #expect(m.render(width: 80, height: 24).grid.text.contains("Handbook 5"))
    }

    @Test func hitRegionsLieInsideTheScreen() {
        for m in Contexts.models where !m.isTooSmall {
            let f = m.render(width: m.width, height: m.height)
            for r in f.hitMap.regions {
                #expect(r.rect.x >= 0 && r.rect.y >= 0 && r.rect.maxX <= m.width && r.rect.maxY <= m.height)
            }
        }
    }

    @Test func clicksBelowTheMinimumSizeDoNothing() {
        var m = Screens.home()
        _ = m.handle(.resize(width: 50, height: 10))
        _ = m.handle(.mouse(MouseEvent(x: 40, y: 3)))
        #expect(m.focus == .hub && m.actionLog == Screens.home().actionLog)
    }
}
