import HubUI
import SessionEngine
import Testing

/// Screens a class must be able to read and reach at 80x24: Android's registration page stays
/// long enough to read, Managed Home Screen marks its chosen tile in text, and after `S` the
/// next user's sign-in takes the keys without a detour through `h`.
@Suite struct ReachableScreensTests {
    /// The registration in shared mode was on screen for under a second (two steps of 0.4 s);
    /// each of its steps now lasts 3 s on the clock, so the page stays about six seconds.
    @Test func androidsRegistrationPageStaysLongEnoughToRead() {
        var m = AndroidScreens.model(.entraAndroid)
        m.press("stage<Enter>stage<Enter>")
        var ticks = 0
        while m.page != .registration, ticks < 400 { _ = m.handle(.tick(0.1)); ticks += 1 }
        #expect(m.page == .registration)
        #expect(m.screen().contains("Registration in shared mode"))
        var shown = 0.0
        while m.page == .registration, shown < 60 { _ = m.handle(.tick(0.1)); shown += 0.1 }
        #expect(shown >= 5.5, "the registration page showed for \(shown) s")
        #expect(m.device.state.isEnrolled)
        // The terminal wakes for the page's next step, not four times a second meanwhile.
        var again = AndroidScreens.registration()
        #expect(again.page == .registration)
        #expect(again.secondsUntilTimedChange(shown: nil)! > 2)
        _ = again.handle(.tick(HubModel.registrationStepInterval))
        #expect(again.page != .registration || again.screen().contains("✓"))
    }

    /// Managed Home Screen's chosen tile carries `▸` in its border's title, so a monochrome
    /// screen (and the golden text) shows which tile Enter opens.
    @Test func theChosenTileIsMarkedInText() {
        var m = AndroidScreens.mhsHome()
        m.press("<Tab>")                      // back to Managed Home Screen? Tab moves on: find the Hub again
        while m.focus != .hub { m.press("<Tab>") }
        let screen = m.screen()
        #expect(screen.contains("▸Mail"), "\(screen)")
        #expect(!screen.contains("▸Chat"))
        m.press("<Left>")
        #expect(m.screen().contains("▸Chat") && !m.screen().contains("▸Mail"))
        // Enter opens the tile the marker is on.
        m.press("<Enter>")
        #expect(m.device.foreground == .app("chat"))
    }

    /// `S` on a pane (the work account removed in Settings): the sign-in form is in front, and
    /// the next user types there at once, without `h`.
    @Test func afterTheRemovalInSettingsTheNextSignInTakesTheKeys() {
        var m = AndroidScreens.entraSignedIn()
        m.press("<Tab>")
        #expect(m.focus != .hub)
        m.press("Sy")
        #expect(m.device.state == .checkedIn)
        #expect(m.focus == .hub)
        m.press("cou2<Enter>cou2<Enter>")
        #expect(m.device.state == .checkedOut(UserID("cou2")), "\(m.screen())")
    }

    /// The Android sign-out dialog at 80x24 counted the apps that did not fit (`+2 more apps`)
    /// with no way to read them: ↓ (or the wheel, or a click on the count) scrolls by whole apps
    /// until every app's fate has been on screen, and ↑ comes back.
    @Test func everyAppsFateInTheSignOutDialogIsReachableAt80x24() throws {
        let apps = ["chat", "mail", "tasks", "till", "roster", "forms"].map { AppID($0) }
        func dialog() -> HubModel {
            var m = Fixtures.model(.entraAndroid, width: 80, height: 24, apps: apps)
            m.enrollThroughUI()
            m.press("cou1<Enter>cou1<Enter>")
            m.press("<Enter>")                                  // the broker's Sign out: the dialog
            return m
        }
        func names(_ m: HubModel) -> Set<String> {
            let lines = m.screen().split(separator: "\n").map(String.init)
            return Set(m.confirmation!.forecast!.apps.map(\.name).filter { name in lines.contains { $0.contains("│ \(name) ") } })
        }
        var m = dialog()
        let forecast = try #require(m.confirmation?.forecast)
        #expect(m.screen().contains("more apps: ↓"), "\(m.screen())")
        let all = Set(forecast.apps.map(\.name))
        for (how, step) in [("key", { (m: inout HubModel) in m.press("<Down>") }),
                            ("wheel", { (m: inout HubModel) in _ = m.handle(.mouse(MouseEvent(x: 40, y: 12, button: .wheelDown))) }),
                            ("click", { (m: inout HubModel) in
                                let frame = m.render(width: 80, height: 24)
                                let lines = frame.grid.lines
                                guard let y = lines.firstIndex(where: { $0.contains("more app") && $0.contains("↓") }) else { return }
                                let x = lines[y].distance(from: lines[y].startIndex, to: lines[y].range(of: "more app")!.lowerBound)
                                _ = m.handle(.mouse(MouseEvent(x: x, y: y)), shown: frame)
                            })] {
            m = dialog()
            var seen = names(m)
            for _ in 0..<all.count where m.screen().contains("more app") && m.screen().contains("↓") {
                step(&m)
                seen.formUnion(names(m))
            }
            #expect(seen == all, "by \(how): \(all.subtracting(seen)) never shown\n\(m.screen())")
            #expect(m.confirmation != nil, "scrolling answers nothing")
            #expect(m.screen().contains("above: ↑"), "by \(how)")
        }
        // ↑ goes back to the first app; the dialog's answer is still Enter or y.
        for _ in 0..<all.count { m.press("<Up>") }
        #expect(m.scrolls.confirm == 0 && !m.screen().contains("above: ↑"))
        m.press("y")
        #expect(m.device.state == .checkedIn)
    }
}
