import Configuration
import Foundation
import HubUI
import SessionEngine
import Testing
@testable import Scenarios

/// The comparison screen by mouse: every entry of its bar does what its key does (the bar is
/// drawn from `CompareKeys`, the list the keys run), a pane shows what differs for its app,
/// and a step back lands exactly where the step before left both devices.
@Suite struct CompareMouseTests {
    /// The delivery matrix three steps in: a step back and a step forward both change something.
    /// Two profiles, or the first `profiles` of the four.
    static func model(width: Int, height: Int, profiles: Int = 2) throws -> CompareModel {
        let all: [ProfileID] = profiles == 2 ? CompareTests.pair : Array([.entraIOS, .workspaceOne, .entraAndroid, .androidMHS].prefix(profiles))
        var model = CompareModel(try CompareTests.comparison("entra-delivery-matrix.yaml", all).start(hasher: Fixtures.hasher),
                                 title: "t", width: width, height: height)
        for _ in 0..<3 { _ = model.handle(.key(.char(" "))) }
        return model
    }

    /// Everything a person can see of the model, to compare a key's effect with a click's.
    static func seen(_ model: CompareModel) -> String {
        "\(model.play.played) \(model.tab) \(model.prefersSideBySide) \(model.detail ?? "-")\n"
            + model.render(width: model.width, height: model.height).grid.text
    }

    /// The regions of `frame` that run `action`.
    static func regions(_ frame: Frame, _ action: CompareAction) -> [Rect] {
        frame.hitMap.regions.filter { $0.target == .compare(action) }.map(\.rect)
    }

    @Test(arguments: [(160, 40, 2), (80, 24, 2), (240, 40, 3), (120, 40, 3), (80, 24, 4)])
    func everyBarEntryClickedDoesWhatItsKeyDoes(width: Int, height: Int, profiles: Int) throws {
        for binding in CompareKeys.bindings where binding.inBar {
            // No tab past the last profile to show.
            if case let .showTab(i) = binding.action, i >= profiles { continue }
            var byKey = try Self.model(width: width, height: height, profiles: profiles)
            let frame = byKey.render(width: width, height: height)
            let rects = Self.regions(frame, binding.action)
            #expect(!rects.isEmpty, "no clickable \(binding.help) on the bar at \(width)x\(height)")
            let keyed = byKey.handle(.key(binding.keys[0]))
            for rect in rects {
                // The tabs answer on the tab bar too (the row above the bar), as tabs.
                let tabBar: Bool = if case .showTab = binding.action { rect.y == height - 2 && width < profiles * 80 } else { false }
                #expect(rect.y == height - 1 || tabBar, "\(binding.help) answers off the bar")
                for x in [rect.x, rect.maxX - 1] {
                    var byClick = try Self.model(width: width, height: height, profiles: profiles)
                    let clicked = byClick.handle(.mouse(MouseEvent(x: x, y: rect.y)), shown: frame)
                    #expect(clicked == keyed, "\(binding.help) at x \(x): \(clicked) by click, \(keyed) by key")
                    #expect(Self.seen(byClick) == Self.seen(byKey), "\(binding.help) at x \(x)")
                }
            }
        }
    }

    @Test func theTabsAreClickableAndWhatIsNotAnEntryDoesNothing() throws {
        var model = try Self.model(width: 80, height: 24)
        _ = model.handle(.key(.char("2")))
        let lines = model.render(width: 80, height: 24).grid.lines
        let tabs = lines[22], bar = lines[23]
        let first = try #require(tabs.range(of: "1 workspace-one"))
        let x = TextWidth.of(String(tabs[..<first.lowerBound]))
        #expect(model.handle(.mouse(MouseEvent(x: x, y: 22))) == .none && model.tab == 0)
        // The step text and a right click: nothing.
        let step = try #require(bar.range(of: "step 3/11"))
        let before = Self.seen(model)
        #expect(model.handle(.mouse(MouseEvent(x: TextWidth.of(String(bar[..<step.lowerBound])), y: 23))) == .unchanged)
        #expect(model.handle(.mouse(MouseEvent(x: x, y: 22, button: .right))) == .unchanged)
        #expect(Self.seen(model) == before)
    }

    /// Four profiles as tabs: a digit, Tab and Shift-Tab, and a click on each tab show it;
    /// a digit past the last profile does nothing; every tab carries its leak marker.
    @Test func theDigitsTabAndClicksSwitchBetweenFourTabs() throws {
        let profiles: [ProfileID] = [.workspaceOne, .entraIOS, .entraAndroid, .androidMHS]
        var model = CompareModel(try CompareTests.played("ws1-coalescing.yaml", profiles), title: "t", width: 80, height: 24)
        #expect(!model.showsSideBySide && CompareModel.sideBySideWidth(devices: 4) == 320)
        for (i, key) in ["1", "2", "3", "4"].enumerated() {
            #expect(model.handle(.key(.char(Character(key)))) == .none && model.tab == i)
            #expect(model.render(width: 80, height: 24).grid.lines[0].hasPrefix(" \(profiles[i].rawValue) "), "tab \(key) shows its device")
        }
        #expect(model.handle(.key(.tab)) == .none && model.tab == 0)
        #expect(model.handle(.key(.backTab)) == .none && model.tab == 3)
        // Three profiles: no fourth tab, and the bar offers 1/2/3.
        var three = CompareModel(try CompareTests.played("ws1-coalescing.yaml", Array(profiles.prefix(3))), title: "t", width: 80, height: 24)
        #expect(three.handle(.key(.char("4"))) == .unchanged && three.tab == 0)
        #expect(CompareKeys.hint(tabs: 3).contains("1/2/3 tabs") && !CompareKeys.hint(tabs: 3).contains("4"))
        // Each tab answers a click, from its first column to its last.
        let frame = model.render(width: 80, height: 24)
        for i in profiles.indices {
            // On the tab bar; the key bar below offers the digit too.
            let rects = frame.hitMap.regions.filter { $0.target == .compare(.showTab(i)) && $0.rect.y == 22 }.map(\.rect)
            #expect(rects.count == 1, "tab \(i + 1)")
            for x in [rects[0].x, rects[0].maxX - 1] {
                var clicked = model
                #expect(clicked.handle(.mouse(MouseEvent(x: x, y: 22)), shown: frame) == .none && clicked.tab == i)
            }
        }
        // Notes leaks on the three Entra devices (no Hub tells its Workspace ONE SDK): their
        // tabs say so, the Workspace ONE one does not; at 80 columns in signs, in words at 120.
        #expect(frame.grid.lines[22].trimmingCharacters(in: .whitespaces) == "1 workspace-one ✓  2 entra-ios ✗1  3 entra-android ✗1  4 android-mhs ✗1")
        #expect(model.render(width: 120, height: 40).grid.lines[38].trimmingCharacters(in: .whitespaces)
                == "1 workspace-one no leak  2 entra-ios LEAK 1  3 entra-android LEAK 1  4 android-mhs LEAK 1")
    }

    @Test func aClickOnADifferingPaneShowsItsRowsAndAnotherClickClosesThem() throws {
        var model = CompareModel(try CompareTests.played("entra-delivery-matrix.yaml"), title: "t", width: 80, height: 24)
        _ = model.handle(.key(.char("2")))
        let frame = model.render(width: 80, height: 24)
        let chat = try #require(frame.hitMap.regions.first { $0.target == .pane("chat") }).rect
        #expect(model.handle(.mouse(MouseEvent(x: chat.x + 2, y: chat.y + 1)), shown: frame) == .none)
        #expect(model.detail == "chat")
        let shown = model.render(width: 80, height: 24)
        CompareGolden.check("compare-detail-chat-80x24", shown)
        // The rows are the table's: the two of chat's the comparison file expects to differ
        // (beside the Hub nobody signed in to chat, so it shows nobody on both devices).
        #expect(shown.grid.text.contains("≠ chat: 2 of its rows differ"))
        let marked = shown.grid.lines.filter { $0.hasPrefix("│≠") }.map { String($0.dropFirst(2).prefix(8)) }
        #expect(marked == ["received", "missed  "])
        // A click on the rows closes them; so does a second click on the pane, and Esc.
        #expect(model.handle(.mouse(MouseEvent(x: 40, y: 20)), shown: shown) == .none && model.detail == nil)
        _ = model.handle(.mouse(MouseEvent(x: chat.x + 2, y: chat.y + 1)))
        _ = model.handle(.mouse(MouseEvent(x: chat.x + 2, y: chat.y + 1)))
        #expect(model.detail == nil)
        _ = model.handle(.mouse(MouseEvent(x: chat.x + 2, y: chat.y + 1)))
        #expect(model.handle(.key(.escape)) == .none && model.detail == nil)
        #expect(model.handle(.key(.escape)) == .unchanged)
    }

    @Test func aPaneThatDoesNotDifferSaysSo() throws {
        // The first step after which an app is installed whose outcome is still the same on both.
        var model = CompareModel(try CompareTests.comparison("entra-delivery-matrix.yaml").start(hasher: Fixtures.hasher), title: "t", width: 160, height: 40)
        func same(_ m: CompareModel) -> AppID? { m.play.devices[0].device.apps.map(\.id).last { !m.play.differingApps.contains($0) } }
        while same(model) == nil, !model.play.isFinished { _ = model.handle(.key(.char(" "))) }
        let same = try #require(same(model))
        let pane = try #require(model.render(width: 160, height: 40).hitMap.regions.last { $0.target == .pane(same) }).rect
        #expect(pane.x >= 80, "the right device's panes answer too")
        _ = model.handle(.mouse(MouseEvent(x: pane.x + 1, y: pane.y + 1)))
        #expect(model.detail == same)
        #expect(model.render(width: 160, height: 40).grid.text.contains("\(same): the same outcome on both devices now"))
    }

    @Test func dWalksTheDifferingAppsThenCloses() throws {
        var model = CompareModel(try CompareTests.played("entra-delivery-matrix.yaml"), title: "t", width: 160, height: 40)
        let order = model.play.devices[0].device.apps.map(\.id).filter { model.play.differingApps.contains($0) }
        #expect(order.count == 4)
        var seen: [AppID?] = []
        for _ in 0...order.count {
            #expect(model.handle(.key(.char("d"))) == .none)
            seen.append(model.detail)
        }
        #expect(seen == order.map { Optional($0) } + [nil])
        // Before the first step nothing differs: `d` has nothing to show.
        var fresh = CompareModel(try CompareTests.comparison("entra-delivery-matrix.yaml").start(hasher: Fixtures.hasher), title: "t", width: 160, height: 40)
        #expect(fresh.handle(.key(.char("d"))) == .unchanged && fresh.detail == nil)
    }

    @Test func aStepBackIsExactlyTheStepBefore() throws {
        var model = CompareModel(try CompareTests.comparison("entra-delivery-matrix.yaml").start(hasher: Fixtures.hasher), title: "t", width: 160, height: 40)
        #expect(model.handle(.key(.left)) == .unchanged)
        var screens = [Self.seen(model)]
        var tables = [model.play.table]
        while !model.play.isFinished {
            _ = model.handle(.key(.char(" ")))
            screens.append(Self.seen(model))
            tables.append(model.play.table)
        }
        for played in stride(from: screens.count - 2, through: 0, by: -1) {
            #expect(model.handle(.key(.backspace)) == .none)
            #expect(model.play.played == played)
            #expect(Self.seen(model) == screens[played], "back to step \(played)")
            #expect(model.play.table == tables[played])
            #expect(model.play.outcomes[0] == DeviceOutcome(model.play.devices[0].device, refusals: model.play.refusals[0]))
        }
    }
}

/// `hubsim compare` with no file in a terminal: the picker of the shipped comparisons and the
/// scenarios both default profiles can play.
@Suite struct ComparePickerTests {
    static let choices = CompareChoices(parser: Fixtures.runner().parser)

    static func picker(width: Int = 80, height: Int = 24) -> ComparePicker {
        ComparePicker(comparisons: choices.comparisons.map(\.entry), scenarios: choices.scenarios.map(\.entry),
                      scenariosHeading: choices.scenariosHeading, theme: .mono, width: width, height: height)
    }

    @Test func itOffersTheShippedComparisonsThenTheScenariosBothProfilesPlay() throws {
        let choices = Self.choices
        // Sorted by file name, as the library lists them.
        #expect(choices.comparisons.map(\.entry.detail) == [
            "android-broadcast.yaml: entra-delivery-matrix on entra-ios ⇄ entra-android ⇄ android-mhs",
            "coalescing-both-systems.yaml: ws1-coalescing on workspace-one ⇄ entra-ios",
            "entra-missed-notification.yaml: entra-delivery-matrix on workspace-one ⇄ entra-ios",
            "idle-shift-four-systems.yaml: android-mhs-idle-sign-out on workspace-one ⇄ entra-ios ⇄ entra-android ⇄ android-mhs",
        ])
        #expect(choices.comparisons.count == BundledAssets.comparisonFiles().count)
        let scenarios = BundledAssets.scenarioFiles()
        let leftOut = scenarios.count - choices.scenarios.count
        #expect(choices.scenarios.count > 0 && leftOut > 0, "the scenarios typing keys cannot be compared")
        #expect(choices.scenariosHeading.hasSuffix("(\(leftOut) cannot be compared)"))
        #expect(choices.scenarios.allSatisfy { $0.comparison.profiles == [.workspaceOne, .entraIOS] })
        #expect(choices.scenarios.contains { $0.entry.title.hasPrefix("ws1-coalescing: ") })
    }

    @Test func theGoldenAt80x24() {
        CompareGolden.check("compare-picker-80x24", Self.picker().render(width: 80, height: 24))
    }

    @Test func arrowsAndEnterChoose() {
        var picker = Self.picker()
        #expect(picker.handle(.key(.up)) == .none && picker.selection == 0)
        for _ in 0..<3 { _ = picker.handle(.key(.down)) }
        #expect(picker.selection == 3)
        // Scrolled: the selected line is on screen, marked.
        for _ in 0..<picker.entries.count { _ = picker.handle(.key(.down)) }
        #expect(picker.selection == picker.entries.count - 1)
        #expect(picker.render(width: 80, height: 24).grid.text.contains("▸ " + picker.entries.last!.title.prefix(20)))
        #expect(picker.handle(.key(.enter)) == .quit && picker.chosen == picker.entries.count - 1)
        var quitting = Self.picker()
        #expect(quitting.handle(.key(.char("q"))) == .quit && quitting.chosen == nil)
    }

    @Test func aClickOnARowChoosesItAndTheBarDoesWhatItsKeysDo() throws {
        var picker = Self.picker()
        let frame = picker.render(width: 80, height: 24)
        let lines = frame.grid.lines
        let row = try #require(lines.firstIndex { $0.contains(Self.choices.scenarios[0].entry.title.prefix(30)) })
        #expect(picker.handle(.mouse(MouseEvent(x: 10, y: row)), shown: frame) == .quit)
        #expect(picker.chosen == Self.choices.comparisons.count)
        // The bar: ↑, ↓, Enter, F10, each clicked as its key.
        for binding in ComparePicker.bindings {
            var byKey = Self.picker(), byClick = Self.picker()
            _ = byKey.handle(.key(.down)); _ = byClick.handle(.key(.down))
            let shown = byClick.render(width: 80, height: 24)
            let bar = shown.grid.lines[23]
            let name = binding.keys[0].displayName
            let at = try #require(bar.range(of: name), "\(name) not on the bar")
            let x = TextWidth.of(String(bar[..<at.lowerBound]))
            #expect(byClick.handle(.mouse(MouseEvent(x: x, y: 23)), shown: shown) == byKey.handle(.key(binding.keys[0])), "\(name)")
            #expect(byClick.selection == byKey.selection && byClick.chosen == byKey.chosen, "\(name)")
        }
    }

    @Test func aChoiceIsTheComparisonItNames() {
        let choices = Self.choices
        #expect(choices.comparison(at: 0).scenario.name == choices.comparisons[0].comparison.scenario.name)
        let last = choices.comparisons.count + choices.scenarios.count - 1
        #expect(choices.comparison(at: last).scenario.file == choices.scenarios.last!.comparison.scenario.file)
    }
}

/// Idle cost for side by side (Docs/performance.md): both devices stand still between steps and the picker is a
/// list, so neither asks the terminal to wake it; a spurious tick changes nothing on screen.
@Suite struct CompareIdleTests {
    @Test func theComparisonSleepsUntilTheNextInput() throws {
        var model = try CompareMouseTests.model(width: 160, height: 40)
        let frame = model.render(width: 160, height: 40)
        #expect(model.secondsUntilTimedChange(shown: frame) == nil)
        #expect(model.handle(.tick(1), shown: frame) == .unchanged)
        #expect(model.render(width: 160, height: 40) == frame)
    }

    @Test func thePickerSleepsUntilTheNextInput() {
        var picker = ComparePickerTests.picker()
        let frame = picker.render(width: 80, height: 24)
        #expect(picker.secondsUntilTimedChange(shown: frame) == nil)
        #expect(picker.handle(.tick(1), shown: frame) == .unchanged)
        #expect(picker.render(width: 80, height: 24) == frame)
    }
}
