@testable import HubUI
import SessionEngine
import Testing

/// The faults menu of a focused pane (Docs/faults.md): by keys and by clicks it arms and
/// disarms through the device's actions, it never traps the keyboard, and what is armed shows
/// on the pane, in the event log and in F3.
@Suite struct FaultMenuTests {
    /// The rows' kinds, as the menu lists them.
    static func kinds(_ m: HubModel) -> [FaultKind] {
        m.faults.menu?.rows(on: m.device).compactMap { if case let .arm(kind) = $0 { kind } else { nil } } ?? []
    }

    @Test func theMenuListsEveryKindWithItsSummaryAndEscClosesIt() {
        var m = FaultScreens.chatFocused()
        #expect(m.focus == .pane("chat"))
        m.press("!")
        #expect(m.faults.menu?.app == "chat")
        #expect(Self.kinds(m) == FaultKind.menuKinds)
        for (width, height, menuX) in [(80, 24, 32), (120, 40, 40)] {
            // The menu's columns only (the Hub column beside it is not part of it), joined again.
            let rows = m.render(width: width, height: height).grid.lines.map { String($0.dropFirst(menuX)) }
            #expect(rows.joined().contains("Faults for Chat"))
            let words = rows.joined(separator: " ").replacingOccurrences(of: "│", with: " ").split(separator: " ").joined(separator: " ")
            for kind in FaultKind.menuKinds {
                #expect(words.contains(kind.summary.split(separator: " ").joined(separator: " ")), "\(kind) at \(width)x\(height)")
            }
        }
        #expect(m.hints.contains("Enter arm/disarm") && m.hints.contains("Esc close"))
        m.press("<Esc>")
        #expect(m.faults.menu == nil)
        #expect(m.focus == .pane("chat"))
        #expect(m.device.armedFaults.isEmpty)
        m.press("!!")
        #expect(m.faults.menu == nil, "! opens and closes it")
    }

    @Test func keysArmADelayWithTheChosenDurationThroughTheDevicesAction() {
        var m = FaultScreens.chatFocused()
        let before = m.actionLog.count
        m.press("!<Down>++-+")
        #expect(m.faults.menu?.seconds(of: .delay) == 90)
        #expect(m.render(width: 80, height: 24).grid.text.contains("delay 1m30s"))
        m.press("<Enter>")
        #expect(m.faults.menu == nil)
        let armed = m.device.armedFaults(of: "chat")
        #expect(armed.map(\.fault) == [InjectedFault(.delay, seconds: 90)])
        #expect(m.actionLog.count == before + 1)
        #expect(m.actionLog.last?.action == .armFault("chat", InjectedFault(.delay, seconds: 90)))
        #expect(m.actionLog.last?.outcome == .accepted)
        // The next time, the menu offers the duration chosen last.
        m.press("!")
        #expect(m.faults.menu?.seconds(of: .delay) == 90)
        #expect(m.faults.menu?.seconds(of: .slowCallback) == FaultKind.slowCallback.defaultSeconds)
    }

    @Test func durationsStayWithinHalfAMinuteAndADay() {
        var m = FaultScreens.chatFocused()
        m.press("!<Down>------")
        #expect(m.faults.menu?.seconds(of: .delay) == 30)
        m.press("<Up>+")
        #expect(m.faults.menu?.seconds(of: .delay) == 30, "+ on a kind without a duration changes nothing")
        #expect(m.faults.menu?.fault(.drop) == InjectedFault(.drop))
    }

    @Test func clicksArmAndDisarmAsTheKeysDo() {
        var m = FaultScreens.chatFocused()
        _ = m.handle(.resize(width: 120, height: 40))
        m.tap(.appCommand(.faultsMenu, app: "chat"))
        #expect(m.faults.menu?.app == "chat")
        m.tap(.faultMenu(.longer(.slowCallback)))
        #expect(m.faults.menu?.seconds(of: .slowCallback) == 150)
        m.tap(.faultMenu(.row(FaultKind.menuKinds.firstIndex(of: .slowCallback)!)))
        #expect(m.device.armedFaults(of: "chat").map(\.fault) == [InjectedFault(.slowCallback, seconds: 150)])
        // The badge on the pane opens the menu again; the armed fault is a row with its disarm.
        m.tap(.appCommand(.faultsMenu, app: "chat"))
        let rows = m.faults.menu?.rows(on: m.device) ?? []
        #expect(rows.count == FaultKind.menuKinds.count + 1)
        #expect(m.screen().contains("[disarm]"))
        m.tap(.faultMenu(.row(rows.count - 1)))
        #expect(m.device.armedFaults.isEmpty)
        #expect(m.faults.menu == nil)
        #expect(m.actionLog.last?.outcome == .accepted)
    }

    @Test func aClickBesideTheMenuClosesItThenDoesWhatItDoesThere() {
        var m = FaultScreens.chatFocused()
        m.press("!")
        let before = m.actionLog.count
        m.tap(.faultMenu(.inside))
        #expect(m.faults.menu != nil, "a click on the menu between its rows does nothing")
        m.tap(.command(.focusHub))
        #expect(m.faults.menu == nil)
        #expect(m.focus == .hub, "the click closed the menu, then focused the Hub")
        #expect(m.actionLog.count == before)
        m.tap(.pane("chat"))
        m.press("!")
        m.tap(.faultMenu(.close))
        #expect(m.faults.menu == nil)
        #expect(m.device.armedFaults.isEmpty)
    }

    /// The menu's keys come first while it is open (Enter arms there, it does not launch); any
    /// other key closes it, then does what it does elsewhere; Esc closes it from wherever its
    /// selection is. The menu never holds the keyboard.
    @Test func aKeyTheMenuDoesNotUseClosesItThenActsAndEscAlwaysCloses() {
        var m = FaultScreens.chatFocused()
        m.press("!<Enter>")
        #expect(m.device.app("chat")?.lifecycle == .background, "Enter armed, it did not launch")
        #expect(m.device.armedFaults(of: "chat").count == 1)
        m.press("!l")
        #expect(m.faults.menu == nil)
        #expect(m.device.app("chat")?.lifecycle == .foreground, "l closed the menu, then launched Chat")
        m.press("!<F2>")
        #expect(m.faults.menu == nil && m.view == .eventLog)
        m.press("<F2>")
        m.press("!")
        for _ in 0..<20 { m.press("<Down>") }
        #expect(m.faults.menu != nil)
        m.press("<Esc>")
        #expect(m.faults.menu == nil && m.focus == .pane("chat") && m.view == .panes)
        // Resized below the minimum and back, Esc still closes it.
        m.press("!")
        _ = m.handle(.resize(width: 60, height: 20))
        _ = m.handle(.resize(width: 80, height: 24))
        m.press("<Esc>")
        #expect(m.faults.menu == nil)
    }

    @Test func theMenuOpensOverAZoomedPane() {
        var m = FaultScreens.chatFocused()
        m.press("f!")
        #expect(m.view == .zoom && m.faults.menu != nil)
        #expect(m.screen().contains("Faults for Chat"))
        m.press("<Esc>")
        #expect(m.view == .zoom && m.faults.menu == nil)
    }

    @Test func theBadgeReadsInTheNarrowestPane() {
        let one = [ArmedFault(id: 1, app: "chat", fault: InjectedFault(.drop), armedAt: .shiftStart)]
        let two = one + [ArmedFault(id: 2, app: "chat", fault: InjectedFault(.delay, seconds: 30), armedAt: .shiftStart)]
        #expect(PaneView.faultBadge(one, width: 46, ascii: false) == "⚡ fault armed: #1 drop")
        #expect(PaneView.faultBadge(two, width: 46, ascii: false) == "⚡ fault armed: #1 drop, #2 delay 30s")
        #expect(PaneView.faultBadge(two, width: 22, ascii: false) == "⚡ armed: drop +1")
        #expect(PaneView.faultBadge(two, width: 22, ascii: true) == "! armed: drop +1")
        #expect(PaneView.faultBadge([], width: 22, ascii: false) == nil)
    }

    @Test func anArmedFaultShowsOnThePaneAndItsBadgeOpensTheMenu() {
        var m = FaultScreens.armed()
        let screen = m.screen()
        #expect(screen.contains("⚡ fault armed: #1 drop"))
        m.tap(.appCommand(.faultsMenu, app: "chat"))
        #expect(m.faults.menu?.app == "chat")
    }

    @Test func theEventLogFiltersAndMarksFaults() {
        var m = FaultScreens.eventLog()
        let faultLines = m.device.log.entries.filter { $0.kind == .fault }
        #expect(!faultLines.isEmpty)
        // The kind chip cycles all → callbacks → notifications → leaks → faults (clicked: the
        // sign-in form has the keys, so K would type).
        for _ in 0..<4 { m.tap(.command(.filterKind)) }
        #expect(m.eventLog.filter.kind == .faults)
        let text = m.render(width: 120, height: 40).grid.text
        #expect(text.contains("kind: faults"))
        #expect(text.contains("fault #1"))
        #expect(!text.contains("notification "), "only fault lines pass")
    }

    @Test func F3ListsTheFaultedTransitionsTried() {
        let m = FaultScreens.diagram()
        let keys = m.device.snapshot.coverage.keys.filter { $0.hasPrefix("fault:") }
        #expect(!keys.isEmpty)
        let text = m.render(width: 120, height: 40).grid.text
        #expect(text.contains("Faults tried:"))
        for key in keys { #expect(text.contains(key), "\(key)") }
    }

    /// A fault the engine refuses (an app without an SDK is delivered nothing) is the pane's
    /// usual notice, and nothing is armed.
    @Test func aRefusalShowsOnThePane() {
        var m = Fixtures.model(.entraIOS, apps: ["chat", "forms"])
        m.enrollThroughUI()
        m.press("<S-Tab>")
        #expect(m.focus == .pane("forms"))
        m.press("!<Enter>")
        #expect(m.device.armedFaults.isEmpty)
        #expect(m.actionLog.last?.outcome.refusal != nil)
        let notice = m.notice
        #expect(notice?.place == .pane("forms") && notice?.kind == .error)
        if let text = notice?.text { #expect(m.screen().contains(String(text.prefix(20))), "\(text)") }
    }

    /// The pane has room for a badge; the zoomed pane says whole what the fault did.
    @Test func theZoomedPaneSaysWhatTheFaultDid() throws {
        var m = FaultScreens.crashInClear()
        let effect = try #require(m.device.faultEffects(of: "chat").last)
        #expect(m.screen().contains("CRASHED · injected"))
        m.press("<Tab>f")
        #expect(m.view == .zoom && m.zoom.app == "chat")
        let text = m.render(width: 120, height: 40).grid.text.replacingOccurrences(of: "\n", with: " ")
        let words = text.replacingOccurrences(of: "│", with: " ").split(separator: " ").joined(separator: " ")
        #expect(words.contains(effect.consequence.split(separator: " ").joined(separator: " ")), "\(effect.consequence)")
        #expect(words.contains("injected fault #1 (crash-in-callback)"))
    }

    /// The verdict line never cuts the word that tells a fault from a bug, from the narrowest
    /// pane's 22 columns up.
    @Test func theVerdictKeepsInjectedAtEveryWidth() throws {
        let m = FaultScreens.crashInClear()
        let chat = try #require(m.device.app("chat"))
        let v = m.device.verdict(of: chat)
        #expect(v.kind == .crashed)
        let forms = PaneView.verdictForms(v, fault: m.device.faultEffects(of: "chat").last)
        for width in 22...120 {
            let shown = forms.first { TextWidth.of($0) <= width }
            #expect(shown?.contains("injected") == true, "\(width): \(shown ?? "none fits")")
        }
    }
}
