import HubUI
import SessionEngine
import Testing

/// The pane log is what app developers read: API names whole at every width, the
/// simulator's clock as the status line shows it, the newest entries kept.
@Suite struct PaneLogTests {
    static let apiNames = [API.didWipeCurrentUserData, API.didDetectUserChange, API.didFinishInitialCheck,
                           API.sharedDeviceNotCheckedOut, API.accountChangedNotification, API.getCurrentAccount]

    @Test func wrappingBreaksIdentifiersAtTheirBoundariesAndLosesNothing() {
        let text = "← \(API.didFinishInitialCheck) error: \(API.sharedDeviceNotCheckedOut) ← \(API.accountChangedNotification)"
        for width in 8...60 {
            let lines = TextWrap.lines(text, width: width, hanging: 2)
            for (i, l) in lines.enumerated() { #expect(TextWidth.of(l) <= (i == 0 ? width : width - 2), "width \(width): \(l)") }
            #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "width \(width) lost characters")
        }
        #expect(TextWrap.lines("← \(API.didWipeCurrentUserData)", width: 22, hanging: 2) == ["← controllerDidWipe", "CurrentUserData"])
        #expect(TextWrap.lines(API.accountChangedNotification, width: 22) == ["SHARED_MODE_CURRENT_", "ACCOUNT_CHANGED"])
        #expect(TextWrap.lines("→ \(API.getCurrentAccount) cold start", width: 22, hanging: 2) == ["→ getCurrentAccount", "cold start"])
    }

    /// Every screen at several sizes: no API name ends in `…`, and no pane shows the
    /// minutes-and-seconds-only time (`00:00 ←`) that looked like a duration.
    @Test func noScreenCutsAnAPIName() {
        for (name, make) in Screens.all {
            let m = make()
            for (w, h) in [(80, 24), (90, 28), (100, 30), (120, 40), (160, 50)] {
                let text = m.render(width: w, height: h).grid.text
                for api in Self.apiNames {
                    for n in 6..<api.count {
                        let head = String(api.prefix(n))
                        #expect(!text.contains(head + "…") && !text.contains(head + " …"), "\(name) \(w)x\(h) cuts \(api)")
                    }
                }
                #expect(!text.contains("│00:00 "), "\(name) \(w)x\(h) shows a time without the hour")
            }
        }
    }

    /// An 80x24 pane (22 columns inside) shows the wipe and the user-change callback both,
    /// the latest entries oldest first (the order they happened), as short labels; the
    /// earlier entries that do not fit are counted in its border.
    @Test func narrowPanesShowTheLatestCallbacksInOrderAndCountTheEarlier() {
        let rows = Screens.verdictsWorkspaceOne().screen().split(separator: "\n").map(String.init)
        let notes = rows[1..<8].map { String($0.dropFirst(32).prefix(24)) }
        #expect(notes == ["┌ Notes · background ──┐",
                          "│user: cou2     WS1 SDK│",
                          "│• Handover note by… +3│",
                          "│← wipe callback       │",
                          "│← user-change callback│",
                          "│received 08:03:00     │",
                          "└────────── +1 earlier ┘"])
    }

    @Test func widePanesKeepTheTimeOnTheEntrysRow() {
        var m = Screens.home()
        _ = m.handle(.resize(width: 160, height: 50))
        let text = m.screen()
        #expect(text.contains("08:00:00 ← controllerDidFinishInitialCheck error: nil"))
    }

    @Test func wholeAPINamesWhereThePaneHasRoom() {
        let text = Screens.verdictsWorkspaceOne().render(width: 120, height: 40).grid.text
        #expect(text.contains("│← controllerDidDetectUserChange       │"))
        #expect(text.contains("│← controllerDidWipeCurrentUserData    │"))
    }

    /// A notification missed at every sign-in is one row with its count.
    @Test func repeatedMissesAreOneRowWithACount() {
        let text = Screens.verdictsEntra().screen()
        #expect(text.contains("│✗ missed (no SDK) ×3  │"))
    }
}
