import Configuration
import Foundation
import Platform
import SessionEngine
import Testing
@testable import HubUI
@testable import Scenarios

/// "exposed" is one count (`SharedDevice.exposedCount`): the device's header, F3, the audit's
/// title and a comparison's tab read the same number at every step of every shipped comparison
/// and every scenario of the library. Each is read off the screen a person sees.
@Suite struct ExposedCountTests {
    static let comparisons = ScenarioCastTests.library.deletingLastPathComponent().appendingPathComponent("comparisons")

    /// The number after `word` on `text` (`exposed: 3`), or nil when the text does not say it.
    static func number(after word: String, in text: String) -> Int? {
        guard let r = text.range(of: word) else { return nil }
        return Int(text[r.upperBound...].prefix { $0.isNumber })
    }

    /// What each screen of `model` says is exposed, beside the engine's count; a failure names the screen.
    static func disagreement(_ model: HubModel, tab: String?) -> String? {
        let count = model.device.exposedCount
        var seen: [(String, Int?)] = []
        // The header at a width where no field is dropped; no "exposed" there means none.
        let header = model.render(width: 200, height: 50).grid.lines[0]
        seen.append(("header", number(after: "exposed: ", in: header) ?? 0))
        var f3 = model
        _ = f3.run(.diagram)
        seen.append(("F3", number(after: "exposed: ", in: f3.render(width: 120, height: 40).grid.text)))
        var audit = model
        _ = audit.run(.audit)
        seen.append(("audit", number(after: "Audit · ", in: audit.render(width: 120, height: 40).grid.lines.joined(separator: "\n"))))
        if let tab {
            // The tab names the count when nothing leaks; `no leak` is none exposed either.
            if let n = number(after: "exposed ", in: tab) { seen.append(("tab", n)) }
            if tab.hasSuffix("no leak") { seen.append(("tab", 0)) }
        }
        let wrong = seen.filter { $0.1 != count }
        return wrong.isEmpty ? nil : "engine \(count); " + seen.map { "\($0.0) \($0.1.map(String.init) ?? "nothing")" }.joined(separator: ", ")
    }

    /// Each tab's text on the tab bar of `compare` at 80x24 (` 1 entra-ios exposed 3 `).
    static func tabs(_ compare: CompareModel) -> [String] {
        let bar = compare.render(width: 80, height: 24).grid.lines[22]
        let count = compare.play.devices.count
        return (0..<count).map { i in
            let start = bar.range(of: " \(i + 1) ")!.upperBound
            let end = i + 1 < count ? bar.range(of: "  \(i + 2) ")!.lowerBound : bar.endIndex
            return String(bar[start..<end]).trimmingCharacters(in: .whitespaces)
        }
    }

    static func walk(_ play: SideBySide, title: String) -> [String] {
        var compare = CompareModel(play, title: title, width: 80, height: 24)
        var problems: [String] = []
        repeat {
            let tabs = compare.play.devices.count > 1 ? Self.tabs(compare) : []
            for (i, model) in compare.play.devices.enumerated() {
                if let d = disagreement(model, tab: tabs.isEmpty ? nil : tabs[i]) {
                    problems.append("\(title), step \(compare.play.played), \(model.device.profile.id.rawValue): \(d)")
                }
                if compare.play.outcomes[i].exposures != model.device.exposedCount {
                    problems.append("\(title), step \(compare.play.played): the outcome's count differs")
                }
            }
        } while compare.handle(.key(.char(" ")), shown: nil) != .unchanged && problems.count < 5
        return problems
    }

    @Test func theEndOfTheAndroidComparisonTabsAsItsHeadersCount() throws {
        let file = try ComparisonFile.load(contentsOf: Self.comparisons.appendingPathComponent("android-broadcast.yaml"), parser: Fixtures.parser())
        var play = file.comparison.start(hasher: Fixtures.hasher)
        play.playToEnd()
        let compare = CompareModel(play, title: "android", width: 80, height: 24)
        let tabs = Self.tabs(compare)
        for (i, model) in play.devices.enumerated() {
            let header = model.render(width: 80, height: 24).grid.lines[0]
            let shown = Self.number(after: "exposed: ", in: header) ?? 0
            #expect(tabs[i].hasSuffix("exposed \(shown)") || (shown == 0 && tabs[i].hasSuffix("no leak")), "\(tabs[i]) | \(header)")
        }
    }

    @Test(arguments: ["android-broadcast.yaml", "coalescing-both-systems.yaml", "entra-missed-notification.yaml", "idle-shift-four-systems.yaml"])
    func everyShippedComparisonCountsOnceAtEveryStep(name: String) throws {
        let file = try ComparisonFile.load(contentsOf: Self.comparisons.appendingPathComponent(name), parser: Fixtures.parser())
        let problems = Self.walk(file.comparison.start(hasher: Fixtures.hasher), title: name)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    static let libraryFiles = (try? FileManager.default.contentsOfDirectory(atPath: ScenarioCastTests.library.path))?
        .filter { $0.hasSuffix(".yaml") }.sorted() ?? []

    @Test func theLibraryHasScenarios() { #expect(Self.libraryFiles.count >= 40) }

    @Test(arguments: libraryFiles)
    func everyLibraryScenarioCountsOnceAtEveryStep(name: String) throws {
        let scenario = try Fixtures.parser().load(contentsOf: ScenarioCastTests.library.appendingPathComponent(name))
        // Played as the runner plays it, on the Hub's model: actions, and keys where the
        // scenario types them; after each, every screen against the engine.
        var model = HubModel(device: scenario.device(dependencies: EngineDependencies.seeded(hasher: SharedVerifier(base: Fixtures.hasher))),
                             theme: .colour, width: 80, height: 24)
        model.confirmsActions = false
        var problems: [String] = []
        var played = 0
        func check() {
            let tab = DeviceOutcome(model.device, refusals: []).marker(short: false).text
            if let d = Self.disagreement(model, tab: tab) { problems.append("\(name), step \(played): \(d)") }
        }
        check()
        for step in scenario.steps where problems.count < 5 {
            switch step.kind {
            case let .action(actions, _):
                for action in actions { if model.apply(action).refusal != nil { break } }
            case let .press(events, _):
                for event in events { _ = model.handle(event, shown: nil) }
            default: continue
            }
            played += 1
            check()
        }
        #expect(played > 0)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
