import Configuration
import Foundation
import HubUI
import SessionEngine
import Testing
@testable import Scenarios

/// Race presets (Assets/races/README.md): the format and its errors, the preset played as a
/// scenario, as the person's walk in the lesson player (`hubsim race`), the picker by keys
/// and clicks, and a race compared on both profiles.
@Suite struct RaceTests {
    /// A race with no fault of its own: the step mode's interleaving of a check-out.
    static let race = """
        # A test race.
        race:
          title: Notes learns of cou2 only when F8 releases its delivery
          source: "004 Workspace ONE SDK for iOS, shared devices"
          lookFor: Notes keeps showing cou1's notes until the delivery is released
        profile: workspace-one
        apps: [notes, scanner]
        steps:
          - enroll: {group: FRONTLINE, user: stage, password: stage}
          - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
          - launch: notes
          - expectApp: {app: notes, shows: cou1}
          - openHub
          - checkIn
          - setDeliveryMode: held
          - walk: "Check out cou2, bring Notes to the front, then F8"
          - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
          - launch: notes
          - expect: {held: 1}
          - expectApp: {app: notes, callbacks: [], shows: cou1}
          - releaseDelivery
          - expectApp: {app: notes, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: cou2}
          - expectNoLeak: {app: scanner}

        """

    static func parse(_ yaml: String = race, file: String = "races/test-race.yaml") throws -> Race {
        try RaceParser(scenarios: Fixtures.parser()).parse(yaml, file: file)
    }

    static func error(_ yaml: String) -> String? {
        do throws(ConfigError) {
            _ = try RaceParser(scenarios: Fixtures.parser()).parse(yaml, file: "bad.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    static func session(_ races: [Race]) -> LessonSession {
        LessonSession(picking: races.map(\.lesson), dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher),
                      theme: .mono, width: 80, height: 24, wording: .races)
    }

    // MARK: the format

    @Test func aRaceReadsItsBlockItsWalkAndItsTwoHalves() throws {
        let race = try Self.parse()
        #expect(race.name == "test-race")
        #expect(race.title == "Notes learns of cou2 only when F8 releases its delivery")
        #expect(race.source == "004 Workspace ONE SDK for iOS, shared devices")
        #expect(race.lookFor == "Notes keeps showing cou1's notes until the delivery is released")
        #expect(race.walk == "Check out cou2, bring Notes to the front, then F8")
        #expect(race.scenario.name == race.title && race.scenario.profile == .workspaceOne)
        #expect(race.setUp.map(\.label) == ["enroll stage", "checkOut cou1", "launch notes", "expectApp notes", "openHub", "checkIn",
                                            "setDeliveryMode held"])
        #expect(race.race.map(\.label) == ["checkOut cou2", "launch notes", "expect held=1", "expectApp notes", "releaseDelivery",
                                           "expectApp notes", "expectNoLeak scanner"])
        #expect(RaceParser.isRace(Self.race, file: "x.yaml"))
        #expect(!RaceParser.isRace("name: a scenario\nprofile: workspace-one\nsteps: [checkIn]\n", file: "x.yaml"))
    }

    @Test func everyMistakeIsReportedWhereItWasWritten() throws {
        let cases: [(String, String, String)] = [
            ("  - walk: \"Check out cou2, bring Notes to the front, then F8\"\n", "",
             "bad.yaml:9:3: a race needs one '- walk: \"what the person does now\"' step between its set-up and the race"),
            ("  - setDeliveryMode: held\n", "",
             "bad.yaml:15:5: the set-up must end in step mode: put '- setDeliveryMode: held' before 'walk' (the person releases each delivery with F8)"),
            ("  - setDeliveryMode: held\n", "  - setDeliveryMode: held\n  - setDeliveryMode: immediate\n",
             "bad.yaml:17:5: the set-up must end in step mode"),
            ("  - releaseDelivery\n", "  - releaseDelivery\n  - walk: again\n", "bad.yaml:22:5: a race has one 'walk' step; the first is at line 16, column 5"),
            ("  lookFor: Notes keeps showing cou1's notes until the delivery is released\n", "", "bad.yaml:3:3: the race block needs 'lookFor'"),
            ("  source: \"004 Workspace ONE SDK for iOS, shared devices\"\n", "  source: \"004\"\n  url: x\n", "bad.yaml:5:3: unknown key 'url' in the race block; valid keys: title, source, lookFor"),
            ("  - walk: \"Check out cou2, bring Notes to the front, then F8\"\n", "  - walk: \"\"\n", "bad.yaml:16:11: walk must not be empty"),
            ("  - walk: \"Check out cou2, bring Notes to the front, then F8\"\n", "  - walk: go\n    launch: notes\n",
             "bad.yaml:16:5: 'walk' stands alone in its list entry"),
        ]
        for (old, new, expected) in cases {
            let yaml = Self.race.replacingOccurrences(of: old, with: new)
            #expect(yaml != Self.race, "the case did not change the file: \(old)")
            let error = Self.error(yaml)
            #expect(error?.hasPrefix(expected) == true, "\(expected)\n got \(error ?? "no error")")
        }
        // After the walk: something to do, and something checked.
        let nothingDone = Self.race.components(separatedBy: "  - walk:")[0]
            + "  - walk: look\n  - expectNoLeak\n"
        #expect(Self.error(nothingDone)?.hasPrefix("bad.yaml:16:5: after 'walk' the race needs what the person does") == true)
        let nothingChecked = Self.race.components(separatedBy: "  - walk:")[0]
            + "  - walk: look\n  - releaseDelivery\n"
        #expect(Self.error(nothingChecked)?.hasPrefix("bad.yaml:16:5: after 'walk' the race needs its consequences checked") == true)
        // A step the scenario language does not know is the scenario parser's error, with its position.
        let unknown = Self.race.replacingOccurrences(of: "  - releaseDelivery\n", with: "  - releaseEverything\n")
        #expect(Self.error(unknown)?.hasPrefix("bad.yaml:21:5: unknown step 'releaseEverything'") == true)
        // A scenario's name and description are the race block's title.
        #expect(Self.error("name: x\n" + Self.race)?.hasPrefix("bad.yaml:1:1: unknown key 'name'") == true)
    }

    // MARK: headless: a scenario

    @Test func aRaceRunsAsItsScenarioWithTheWalkLeftOut() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-race-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("test-race.yaml")
        try Self.race.write(to: file, atomically: true, encoding: .utf8)
        let report = await Fixtures.runner().run(files: [file.path])
        #expect(report.exitStatus == 0, "\(TextReport.render(report, options: .init(quiet: true)))")
        let result = try #require(report.results.first)
        #expect(result.name == "Notes learns of cou2 only when F8 releases its delivery")
        #expect(result.steps.count == 14 && result.steps.allSatisfy { $0.failure == nil })
        // A consequence that does not hold fails the run at its line.
        try Self.race.replacingOccurrences(of: "shows: cou2}", with: "shows: cou1}").write(to: file, atomically: true, encoding: .utf8)
        let failing = await Fixtures.runner().run(files: [file.path])
        #expect(failing.exitStatus == 1)
        #expect(failing.results.first?.steps.first { $0.failure != nil }?.step.line == 22)
    }

    // MARK: the person's walk (`hubsim race NAME`)

    @Test func theRaceAsALessonHandsOverAfterItsSetUp() throws {
        let lesson = try Self.parse().lesson
        // Each action run with the checks written after it is one step: two of set-up, two of race.
        #expect(lesson.handOver == 2)
        #expect(lesson.steps.map(\.title) == ["Set-up: enroll stage, checkOut cou1, launch notes",
                                              "Set-up: openHub, checkIn, setDeliveryMode held",
                                              "checkOut cou2, launch notes", "releaseDelivery"])
        #expect(lesson.steps[0].tryIt == nil && lesson.steps[1].tryIt == nil)
        #expect(lesson.steps[2].checks.map(\.label) == ["expect held=1", "expectApp notes"])
        #expect(lesson.steps[2].tryIt == "Check out cou2, bring Notes to the front, then F8")
        #expect(lesson.steps[3].tryIt == "releaseDelivery")
        #expect(lesson.steps.allSatisfy { $0.watch == nil && $0.lookFor == "Notes keeps showing cou1's notes until the delivery is released" })
        #expect(lesson.steps.allSatisfy { $0.ref == "004 Workspace ONE SDK for iOS, shared devices" })
    }

    @Test func raceNamePlaysTheSetUpAndGivesThePersonTheKeys() throws {
        let race = try Self.parse()
        var session = LessonSession(playing: race.lesson, dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher),
                                    theme: .mono, width: 80, height: 24, wording: .races)
        var player = try #require(session.player)
        // The set-up has played: cou1 checked in, step mode on, nothing held yet; the person has the keys.
        #expect(player.position == race.lesson.handOver)
        #expect(player.model.device.state == .checkedIn)
        #expect(player.model.device.deliveryMode == .held && player.model.device.heldDeliveries.isEmpty)
        #expect(player.isWaiting)
        #expect(player.panel.isRace)
        #expect(player.panel.task == race.walk)
        #expect(player.panel.mode == .waiting(keys: "type FRONTLINE Enter cou2 Enter password Enter (checkOut cou2)", done: 0, of: 2))
        let screen = session.render(width: 80, height: 24).grid.text
        #expect(screen.contains("To do: Check out cou2, bring Notes to the front, then F8"))
        #expect(screen.contains("Your turn, 0 of 2 done: type FRONTLINE Enter cou2 Enter password Enter"))
        #expect(screen.contains("Look for: Notes keeps showing cou1's notes"))
        // "Show me" (→) does the check-out and the launch for the person; the next turn is F8.
        _ = session.handle(.key(.right), shown: nil)
        player = try #require(session.player)
        #expect(player.model.device.state == .checkedOut(UserID("cou2")))
        #expect(player.model.device.heldDeliveries.count == 1)
        #expect(player.panel.title == "releaseDelivery" && player.panel.task == nil)
        #expect(player.panel.mode == .waiting(keys: "F8 (releaseDelivery)", done: 0, of: 1))
        #expect(player.results.last?.allSatisfy { $0.failure == nil } == true)
        // F8 is the person's own key: it releases the delivery, and the race's checks pass on what they did.
        _ = session.handle(.key(.function(8)), shown: nil)
        player = try #require(session.player)
        #expect(player.isAtEnd && !player.isWaiting)
        #expect(player.model.device.heldDeliveries.isEmpty)
        #expect(player.results.last?.allSatisfy { $0.failure == nil } == true)
        #expect(session.render(width: 80, height: 24).grid.text.contains("End of the race: [ steps back, q quits."))
        // ← ([) undoes: back to the person's turn before F8, never into the set-up.
        _ = session.handle(.key(.left), shown: nil)
        player = try #require(session.player)
        #expect(player.isWaiting && player.model.device.heldDeliveries.count == 1)
        _ = session.handle(.key(.left), shown: nil)
        _ = session.handle(.key(.left), shown: nil)
        player = try #require(session.player)
        #expect(player.position == race.lesson.handOver && player.isWaiting)
        #expect(player.model.device.state == .checkedIn)
    }

    @Test func somethingElseThanTheRaceIsSaidInOneLine() throws {
        var session = LessonSession(playing: try Self.parse().lesson, dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher),
                                    theme: .mono, width: 80, height: 24, wording: .races)
        _ = session.handle(.key(.right), shown: nil)
        // The person brings the scanner up instead of releasing the delivery.
        _ = session.handle(.key(.function(7)), shown: nil)
        let player = try #require(session.player)
        guard case let .offTrack(message) = player.panel.mode else {
            Issue.record("not off track: \(player.panel.mode)")
            return
        }
        #expect(message == "You did setDeliveryMode, not releaseDelivery: [ undoes it, → shows it.")
    }

    @Test func theShowMeButtonIsAClick() throws {
        var session = LessonSession(playing: try Self.parse().lesson, dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher),
                                    theme: .mono, width: 80, height: 24, wording: .races)
        let frame = session.render(width: 80, height: 24)
        #expect(frame.grid.text.contains("Show me ▶"))
        let button = try #require(frame.hitMap.regions.first { $0.target == .command(.lessonShow) })
        _ = session.handle(.mouse(MouseEvent(x: button.rect.x + 1, y: button.rect.y)), shown: frame)
        #expect(session.player?.model.device.state == .checkedOut(UserID("cou2")))
    }

    // MARK: the picker (`hubsim race`)

    @Test func thePickerListsEachRaceWithItsSourceAndStartsByKeyOrClick() throws {
        let first = try Self.parse()
        let second = try Self.parse(Self.race.replacingOccurrences(of: "title: Notes learns", with: "title: Scanner learns"),
                                    file: "races/second.yaml")
        var session = Self.session([first, second])
        let frame = session.render(width: 80, height: 24)
        let text = frame.grid.text
        #expect(text.hasPrefix(" hubsim · race presets"))
        #expect(text.contains("Choose a race to walk through"))
        #expect(text.contains("▸ Notes learns of cou2 only when F8 releases its delivery"))
        #expect(text.contains("Source: 004 Workspace ONE SDK for iOS, shared devices"))
        #expect(text.contains("second"))
        // Down and Enter start the second, its set-up played.
        var byKeys = session
        _ = byKeys.handle(.key(.down), shown: nil)
        _ = byKeys.handle(.key(.enter), shown: nil)
        #expect(byKeys.player?.lesson.title == "Scanner learns of cou2 only when F8 releases its delivery")
        #expect(byKeys.player?.isWaiting == true && byKeys.player?.model.device.deliveryMode == .held)
        // A click on the second row does the same.
        let row = try #require(frame.hitMap.regions.first { $0.target == .menuItem(1) })
        _ = session.handle(.mouse(MouseEvent(x: row.rect.x + 2, y: row.rect.y)), shown: frame)
        #expect(session.player?.lesson.name == "second")
        #expect(session.player?.position == second.lesson.handOver)
        // q quits the picker.
        var quitting = Self.session([first])
        #expect(quitting.handle(.key(.char("q")), shown: nil) == .quit)
    }

    // MARK: compare

    @Test func aRaceComparedOnBothProfilesShowsWhichSystemSurvivesIt() throws {
        let race = try Self.parse()
        let comparison = try Comparison(scenario: race.scenario, profiles: [.workspaceOne, .entraIOS])
        // The walk is no step; the checks are not played; the account steps are translated.
        #expect(comparison.steps.map(\.label) == ["enroll stage", "checkOut cou1", "launch notes", "openHub", "checkIn",
                                                  "setDeliveryMode held", "checkOut cou2", "launch notes", "releaseDelivery"])
        #expect(comparison.steps[4].labels[1] == "signOut")
        var play = comparison.start(hasher: Fixtures.hasher)
        play.playToEnd()
        let rows = play.table
        let shows = try #require(rows.first { $0.label == "notes: shows" })
        // Beside the Hub, Notes learns of cou2 when the delivery is released; on entra-ios no
        // Hub tells the Workspace ONE SDK anything, and Notes keeps cou1's notes.
        #expect(shows.values[0] == "cou2" && shows.values[1] == "cou1" && shows.differs)
        #expect(try #require(rows.first { $0.label == "notes: leak" }).values[1] == "LEAK")
    }

    /// The shipped silent-token race on both systems: Entra's sign-out cancels the request in
    /// flight; a Workspace ONE check-in tells no broker, and its answer comes back after it.
    @Test func theSilentTokenRaceComparedShowsTheTokenEachSystemLeaves() throws {
        let file = try #require(BundledAssets.raceFiles().first { $0.name == "silent-token-during-sign-out" })
        let race = try RaceParser(scenarios: Fixtures.parser()).load(.bundled(file))
        let comparison = try Comparison(scenario: race.scenario, profiles: [.workspaceOne, .entraIOS])
        #expect(comparison.steps.map(\.label).contains("fault roster: arm token-in-flight"))
        var play = comparison.start(hasher: Fixtures.hasher)
        play.playToEnd()
        let rows = play.table
        let token = try #require(rows.first { $0.label == "roster: token" })
        #expect(token.values[1] == "failed: interrupted" && token.differs)
        let fault = try #require(rows.first { $0.label == "roster: fault" })
        #expect(fault.values[0].hasPrefix("roster's silent request came back after cou1 checked in"))
        #expect(fault.values[1] == "the global sign-out of cou1 cancelled roster's silent request: it got 'interrupted', and no token of cou1's was written back")
        // Chat had no fault and asked for no token: no such rows for it.
        #expect(!rows.contains { $0.label == "chat: token" || $0.label == "chat: fault" })
    }
}
