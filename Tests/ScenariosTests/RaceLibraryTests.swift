import Configuration
import Foundation
import HubUI
import SessionEngine
import Testing
@testable import Scenarios

/// The shipped race presets (Assets/races, Docs/faults.md): each named after what goes wrong,
/// each passing as a scenario (its consequences asserted), and each walkable as `hubsim race`
/// plays it: the set-up handed over with a fault armed and step mode on.
@Suite struct RaceLibraryTests {
    /// Every shipped preset: a missing file fails the library.
    static let required = ["silent-token-during-sign-out", "check-out-before-wipe-finished", "current-and-previous-both-nil",
                           "broker-interrupted-by-check-in", "network-lost-during-check-out", "inactivity-lock-during-token-prompt",
                           "check-in-while-suspended-with-unsaved-data", "account-removed-behind-sdk",
                           "stays-shared-after-configuration-removed"]
    /// Races of events, not of an injected fault: the device is handed over at the race's
    /// moment with nothing armed (Docs/faults.md, "More race presets").
    static let withoutFault: Set = ["broker-interrupted-by-check-in", "network-lost-during-check-out", "inactivity-lock-during-token-prompt",
                                    "check-in-while-suspended-with-unsaved-data", "account-removed-behind-sdk",
                                    "stays-shared-after-configuration-removed"]

    static func races() throws -> [Race] {
        let parser = RaceParser(scenarios: Fixtures.parser())
        return try BundledAssets.raceFiles().map { file in try parser.load(.bundled(file)) }
    }

    @Test func everyPresetIsShippedWithItsSourceAndAComment() throws {
        let names = BundledAssets.raceFiles().map(\.name)
        for name in Self.required { #expect(names.contains(name), "missing \(name).yaml") }
        for file in BundledAssets.raceFiles() {
            #expect(file.text.hasPrefix("#"), "\(file.fileName) starts without a comment saying what goes wrong and where it comes from")
        }
        for race in try Self.races() {
            #expect(!race.source.isEmpty && !race.lookFor.isEmpty, "\(race.name)")
            // Named after what goes wrong: kebab-case, as `hubsim race NAME` takes it.
            #expect(race.name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(race.name)")
        }
    }

    @Test func everyShippedPresetPassesAsAScenario() async throws {
        let files = BundledAssets.raceFiles()
        let report = await Fixtures.runner().run(files.map(ScenarioSource.bundled))
        #expect(report.exitStatus == 0, "\(TextReport.render(report, options: .init(quiet: true)))")
        #expect(report.results.count == files.count)
    }

    /// `hubsim race NAME` as the person gets it: the set-up played, step mode on, a fault armed
    /// (or, for a race that is not a fault's, the device at the race's moment), the panel's text
    /// fitting 80x24; and "Show me" all the way gives the same outcome as the scenario.
    @Test func everyPresetHandsOverArmedInStepModeAndPlaysToItsEnd() throws {
        for race in try Self.races() {
            var session = LessonSession(playing: race.lesson, dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher),
                                        theme: .mono, width: 80, height: 24, wording: .races)
            var player = try #require(session.player)
            #expect(player.position == race.lesson.handOver, "\(race.name)")
            #expect(player.isWaiting && player.panel.task == race.walk, "\(race.name)")
            #expect(player.model.device.deliveryMode == .held, "\(race.name)")
            // Armed, or already under way (a silent request kept in flight waits for the sign-out),
            // or a race of events with nothing to arm.
            let device = player.model.device
            #expect(Self.withoutFault.contains(race.name) || !device.armedFaults.isEmpty || !device.faultEffects.isEmpty,
                    "\(race.name): no fault armed or under way when the person gets the keys")
            #expect(player.results.joined().allSatisfy { $0.failure == nil }, "\(race.name): the set-up failed")
            let screen = session.render(width: 80, height: 24).grid.text
            #expect(screen.contains("To do: " + race.walk), "\(race.name): the walk is cut at 80x24 (about 70 characters show whole)")
            #expect(screen.contains("Look for: " + race.lookFor.prefix(30)), "\(race.name)")
            while !(session.player?.isAtEnd ?? true) { _ = session.handle(.key(.right), shown: nil) }
            player = try #require(session.player)
            let failures = player.results.joined().compactMap(\.failure).map(\.message)
            #expect(failures.isEmpty, "\(race.name): \(failures)")
        }
    }

    /// `hubsim race` without a name at 80x24: every preset's title beside its name, cut short
    /// rather than overwritten by it, and its source.
    @Test func thePickerShowsEachTitleBesideItsName() throws {
        let races = try Self.races()
        let session = LessonSession(picking: races.map(\.lesson), dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher),
                                    theme: .mono, width: 80, height: 24, wording: .races)
        let frame = session.render(width: 80, height: 24)
        let rows = frame.grid.text.split(separator: "\n")
        for race in races.prefix(3) {
            let row = try #require(rows.first { $0.contains(race.name) }, "\(race.name) is not on the picker")
            #expect(row.contains(String(race.lesson.title.prefix(20))) && row.contains("  " + race.name), "\(race.name): its title runs into its name")
        }
        CompareGolden.check("race-picker-80x24", frame)
    }

    /// What the person sees at 80x24 when `hubsim race NAME` hands over: the panel (what to do,
    /// what to look for, the source) and the pane of the app the fault is on, marked. One golden
    /// per preset (Tests/HubUITests/Golden/race-NAME-80x24.txt).
    @Test(arguments: ["silent-token-during-sign-out", "check-out-before-wipe-finished", "current-and-previous-both-nil"])
    func theHandOverScreenShowsTheFault(_ name: String) throws {
        let race = try #require(try Self.races().first { $0.name == name })
        let session = LessonSession(playing: race.lesson, dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher),
                                    theme: .mono, width: 80, height: 24, wording: .races)
        let frame = session.render(width: 80, height: 24)
        let faulted = try #require(race.scenario.steps.lazy.compactMap { step -> AppID? in
            guard case let .action(actions, _) = step.kind else { return nil }
            return actions.lazy.compactMap { if case let .armFault(app, _) = $0 { app } else { nil } }.first
        }.first)
        let title = try #require(race.scenario.apps.first { $0.id == faulted }?.name)
        // The faulted app's pane carries the fault's mark.
        #expect(frame.grid.text.split(separator: "\n").contains { $0.contains(title) } && frame.grid.text.contains("⚡"), "\(name)")
        CompareGolden.check("race-\(name)-80x24", frame)
    }
}
