import Configuration
import Foundation
import HubUI
import SessionEngine
import Testing
@testable import Scenarios

/// `hubsim compare`: one scenario on a device of each profile, the outcomes side by side.
@Suite struct CompareTests {
    static let pair: [ProfileID] = [.workspaceOne, .entraIOS]

    static func comparison(_ file: String, _ profiles: [ProfileID] = pair) throws -> Comparison {
        let scenario = try Fixtures.runner().parser.load(contentsOf: ScenarioCastTests.library.appendingPathComponent(file))
        return try Comparison(scenario: scenario, profiles: profiles)
    }

    static func played(_ file: String, _ profiles: [ProfileID] = pair) throws -> SideBySide {
        var play = try comparison(file, profiles).start(hasher: Fixtures.hasher)
        play.playToEnd()
        return play
    }

    static func row(_ rows: [OutcomeRow], _ label: String) throws -> OutcomeRow {
        try #require(rows.first { $0.label == label }, "no row \(label)")
    }

    @Test func coalescingNotesGetsOneOfEachCallbackBesideTheHubAndNoneOnEntra() throws {
        let play = try Self.played("ws1-coalescing.yaml")
        let rows = play.table
        // Beside the Hub the SDK's callbacks coalesce to one of each at the foreground; on
        // entra-ios no Hub tells the Workspace ONE SDK anything: only its initial check, no error.
        let received = try Self.row(rows, "notes: received")
        #expect(received.differs)
        #expect(received.values[0] == "controllerDidFinishInitialCheck ×1, controllerDidWipeCurrentUserData ×1, controllerDidDetectUserChange ×1")
        #expect(received.values[1] == "controllerDidFinishInitialCheck ×1")
        #expect(try Self.row(rows, "device state").values[0] == "checkedOut(cou2)")
        #expect(try !Self.row(rows, "device state").differs)
        // So notes keeps its first user on entra-ios and shows cou1's data to cou2.
        #expect(try Self.row(rows, "notes: shows").values[0] == "cou2")
        #expect(try Self.row(rows, "notes: shows").values[1] == "cou1")
        #expect(try Self.row(rows, "notes: leak").values[1] == "LEAK")
        // The notification is for MSAL listeners: a Workspace ONE app registers none and
        // misses nothing; forms, with no SDK, misses each of the 7.
        #expect(try !Self.row(rows, "notes: missed").differs)
        #expect(try Self.row(rows, "forms: missed").values[1] == "SHARED_MODE_CURRENT_ACCOUNT_CHANGED (no SDK) ×7")
        #expect(rows.filter(\.differs).map(\.label) == ["notes: received", "notes: shows", "notes: leak", "forms: missed"])
        #expect(play.refusals.allSatisfy { $0.isEmpty })
        #expect(play.steps.count == 11)
        #expect(play.steps[1].labels[0] == "checkOut cou1" && play.steps[1].labels[1] == "signIn cou1")
        #expect(play.steps[4].labels[0] == "checkIn" && play.steps[4].labels[1] == "signOut")
    }

    @Test func theDeliveryMatrixShowsWhoMissedTheNotificationOnEntra() throws {
        let play = try Self.played("entra-delivery-matrix.yaml")
        let rows = play.table
        let chat = try Self.row(rows, "chat: received"), chatMissed = try Self.row(rows, "chat: missed")
        #expect(chat.differs && chat.values[0] == "none" && chat.values[1] == "SHARED_MODE_CURRENT_ACCOUNT_CHANGED ×2")
        // Suspended: chat missed the two changes around mail's sign-in.
        #expect(chatMissed.values[1] == "SHARED_MODE_CURRENT_ACCOUNT_CHANGED (suspended) ×2")
        let mailMissed = try Self.row(rows, "mail: missed")
        #expect(mailMissed.differs && mailMissed.values[1].hasPrefix("SHARED_MODE_CURRENT_ACCOUNT_CHANGED (in the background without a background capability)"))
        #expect(try Self.row(rows, "tasks: missed").values[1] == "SHARED_MODE_CURRENT_ACCOUNT_CHANGED (no listener registered) ×4")
        // Workspace ONE broadcasts nothing: nobody there received or missed anything.
        #expect(rows.filter { $0.label.hasSuffix(": received") || $0.label.hasSuffix(": missed") }.allSatisfy { $0.values[0] == "none" })
        // The browser sign-out leaves chat in front on entra-ios; the Hub's check-in leaves the Hub.
        let front = try Self.row(rows, "in front")
        #expect(front.values[0] == "Hub (broker)" && front.values[1] == "chat")
        #expect(play.differingApps == ["chat", "mail", "tasks", "forms"])
    }

    @Test func theTablePrintsBothProfilesAndMarksTheDifferingRows() throws {
        let text = try Self.comparison("entra-delivery-matrix.yaml").table()
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "compare \(ScenarioCastTests.library.appendingPathComponent("entra-delivery-matrix.yaml").path): Entra delivery matrix")
        #expect(lines.contains { $0.hasPrefix("  outcome ") && $0.hasSuffix("| workspace-one | entra-ios") })
        #expect(lines.contains { $0.hasPrefix("* chat: received ") })
        #expect(lines.contains { $0.hasPrefix("  chat: leak ") })
        #expect(lines.last == "8 rows differ (marked *)")
    }

    @Test func stepsAProfileLacksAreNotPartOfItsColumnAndStepsNoneHasAreRefused() throws {
        func error(_ yaml: String, _ profiles: [ProfileID] = CompareTests.pair) throws -> ConfigError? {
            let scenario = try Fixtures.scenario(yaml, file: "walk.yaml")
            do throws(ConfigError) { _ = try Comparison(scenario: scenario, profiles: profiles) } catch { return error }
            return nil
        }
        // The console's wipe is Workspace ONE's: played there, not part of entra-ios.
        let wipe = try Comparison(scenario: try Fixtures.scenario("profile: workspace-one\nsteps:\n  - enroll: {group: FRONTLINE, user: stage, password: stage}\n  - enterpriseWipe\n",
                                                                file: "walk.yaml"), profiles: Self.pair)
        #expect(wipe.steps[1].actions == [[.enterpriseWipe], []])
        #expect(wipe.steps[1].labels == ["enterpriseWipe", ComparedStep.notPartLabel])
        #expect(wipe.steps[1].notPart == [nil, "enterpriseWipe is a workspace-one step (the console's wipe command)"])
        #expect(wipe.steps[1].text == "enterpriseWipe ⇄ not part of this profile")
        var play = wipe.start(hasher: Fixtures.hasher)
        play.playToEnd()
        #expect(play.refusals == [[], []])
        #expect(play.notPlayed(on: 0) == [] && play.notPlayed(on: 1) == ["enterpriseWipe"])
        let notIn = try Self.row(play.table, "not in profile")
        #expect(notIn.values == ["none", "enterpriseWipe"] && notIn.differs)
        // The row follows the device's own rows, and a table without a left-out step has none.
        #expect(play.table.prefix(4).map(\.label) == ["device state", "in front", "refused steps", "not in profile"])
        #expect(try !Self.played("ws1-coalescing.yaml").table.contains { $0.label == "not in profile" })
        let table = wipe.table(hasher: Fixtures.hasher)
        #expect(table.contains("\nnot part of entra-ios: enterpriseWipe (enterpriseWipe is a workspace-one step (the console's wipe command))\n"))
        #expect(table.split(separator: "\n").contains { $0.hasPrefix("* not in profile ") && $0.hasSuffix(" | none          | enterpriseWipe") })
        // A step none of the profiles has is refused at its position, with the first one's reason.
        #expect(try error("profile: workspace-one\nsteps:\n  - enroll: {group: FRONTLINE, user: stage, password: stage}\n  - enterpriseWipe\n",
                          [.entraIOS, .entraAndroid, .androidMHS])?.description
                == "walk.yaml:4:5: 'enterpriseWipe' cannot be compared: it is part of none of entra-ios, entra-android, android-mhs (enterpriseWipe is a workspace-one step (the console's wipe command))")
        let press = try error("profile: workspace-one\nsteps:\n  - press: \"FRONTLINE<Enter>\"\n")
        #expect(press?.line == 3 && press?.message.contains("types keys into one profile's screens") == true)
        // An unlock: Workspace ONE's inactivity lock, on no Entra profile.
        let unlock = try Comparison(scenario: try Fixtures.scenario("profile: workspace-one\nsteps:\n  - unlock: {password: cou1}\n"), profiles: [.entraAndroid, .workspaceOne])
        #expect(unlock.steps[0].notPart[0] != nil && unlock.steps[0].labels == [ComparedStep.notPartLabel, "unlock"])
        // A sign-in from an app checks out in the Hub, then launches the app.
        let signIn = try Fixtures.scenario("profile: entra-ios\nsteps:\n  - signIn: {user: cou1, password: cou1, from: mail}\n")
        let steps = try Comparison(scenario: signIn, profiles: [.entraIOS, .workspaceOne]).steps
        #expect(steps[0].labels[1] == "checkOut cou1, launch mail")
        #expect(steps[0].actions[1].first == .checkOut(group: "FRONTLINE", user: "cou1", password: Secret("cou1"), passcode: nil))
    }

    @Test func aGlobalSignInAndSignOutAreTheSameStepOnEveryEntraProfile() throws {
        let comparison = try Self.comparison("ws1-coalescing.yaml", [.workspaceOne, .entraIOS, .entraAndroid, .androidMHS])
        let checkOut = comparison.steps[1], checkIn = comparison.steps[4]
        #expect(checkOut.labels == ["checkOut cou1", "signIn cou1", "signIn cou1", "signIn cou1"])
        #expect(checkOut.actions[1] == [.signIn(user: "cou1", password: Secret("cou1"), from: .broker)])
        #expect(checkOut.actions[2] == checkOut.actions[1] && checkOut.actions[3] == checkOut.actions[1])
        #expect(checkIn.labels == ["checkIn", "signOut", "signOut", "signOut"])
        #expect(checkIn.actions.dropFirst().allSatisfy { $0 == [.signOut(from: .broker, browser: false)] })
        #expect(checkOut.text == "checkOut cou1 ⇄ signIn cou1 ⇄ signIn cou1 ⇄ signIn cou1")
        #expect(comparison.steps[0].actions[1].first == .enroll(group: nil, user: "stage", password: Secret("stage")))
        #expect(comparison.steps[0].actions[0].first == .enroll(group: "FRONTLINE", user: "stage", password: Secret("stage")))
        // An Entra scenario read on the Android profiles plays as written.
        let entra = try Self.comparison("entra-delivery-matrix.yaml", [.entraIOS, .entraAndroid, .androidMHS])
        #expect(entra.steps.allSatisfy { Set($0.labels).count == 1 && $0.notPart == [nil, nil, nil] })
    }

    /// Android's steps: the account removed in Settings is played on both Android profiles and
    /// is not part of the iOS ones; Managed Home Screen's countdown only on android-mhs.
    @Test func androidStepsArePlayedWhereTheProfileHasThem() throws {
        let scenario = try Fixtures.scenario("""
            profile: android-mhs
            steps:
              - enroll: {user: stage, password: stage}
              - signIn: {user: cou1, password: cou1}
              - removeAccountFromSettings
              - dismissAutoSignOut
            """)
        let all: [ProfileID] = [.workspaceOne, .entraIOS, .entraAndroid, .androidMHS]
        let comparison = try Comparison(scenario: scenario, profiles: all)
        let settings = comparison.steps[2], countdown = comparison.steps[3]
        #expect(settings.actions == [[], [], [.removeAccountFromSettings], [.removeAccountFromSettings]])
        #expect(settings.labels == [ComparedStep.notPartLabel, ComparedStep.notPartLabel, "removeAccountFromSettings", "removeAccountFromSettings"])
        #expect(settings.notPart[1]?.hasPrefix("removeAccountFromSettings is an Android step (entra-android, android-mhs): Settings > Accounts") == true)
        #expect(countdown.notPart.map { $0 == nil } == [false, false, false, true])
        var play = comparison.start(hasher: Fixtures.hasher)
        play.playToEnd()
        // Nobody is signed in on Android after the removal (and nothing was broadcast); the
        // iOS devices keep cou1. MHS shows no countdown to dismiss: the engine refuses it.
        let rows = play.table
        #expect(try Self.row(rows, "device state").values == ["checkedOut(cou1)", "checkedOut(cou1)", "checkedIn", "checkedIn"])
        #expect(try Self.row(rows, "not in profile").values == ["removeAccountFromSettings, dismissAutoSignOut", "removeAccountFromSettings, dismissAutoSignOut", "dismissAutoSignOut", "none"])
        #expect(play.refusals[3].count == 1 && play.refusals[3][0].hasPrefix("dismissAutoSignOut ("))
        #expect(play.refusals.prefix(3).allSatisfy { $0.isEmpty })
    }

    @Test func theTablePrintsOneColumnPerProfile() throws {
        let text = try Self.comparison("ws1-coalescing.yaml", [.workspaceOne, .entraIOS, .entraAndroid, .androidMHS]).table(hasher: Fixtures.hasher)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1] == "11 steps played on workspace-one, entra-ios, entra-android and android-mhs, apps notes, scanner, inventory, reports, forms")
        let header = try #require(lines.first { $0.hasPrefix("  outcome ") })
        #expect(header.components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) }
                == ["outcome", "workspace-one", "entra-ios", "entra-android", "android-mhs"])
        // Every row has as many columns; a rule under the header separates them.
        let rows = lines.filter { $0.hasPrefix("* ") || ($0.hasPrefix("  ") && !$0.hasPrefix("  -")) }
        #expect(rows.allSatisfy { $0.components(separatedBy: " | ").count == 5 })
        #expect(lines.contains { $0.hasPrefix("  ---") && $0.components(separatedBy: "-+-").count == 5 })
        #expect(try #require(lines.last { !$0.isEmpty }).hasSuffix("differ (marked *)"))
        // Three values: a row differs when any one is not the same as the others.
        #expect(OutcomeRow(label: "x", values: ["a", "a", "b"]).differs && !OutcomeRow(label: "x", values: ["a", "a", "a"]).differs)
        let three = OutcomeTable.render([OutcomeRow(label: "chat: missed", values: ["none", "none", "x ×1"])], profiles: ["p", "q", "r"])
        #expect(three == "  outcome      | p    | q    | r\n  -------------+------+------+---------\n* chat: missed | none | none | x ×1\n\n1 row differs (marked *)\n")
    }

    @Test func theScreenSideBySideAt160x40AndAsTabsAt80x24() throws {
        let play = try Self.played("entra-delivery-matrix.yaml")
        var model = CompareModel(play, title: "Entra delivery matrix", width: 160, height: 40)
        #expect(model.showsSideBySide)
        CompareGolden.check("compare-side-by-side-160x40", model.render(width: 160, height: 40))
        _ = model.handle(.resize(width: 80, height: 24))
        #expect(!model.showsSideBySide)
        CompareGolden.check("compare-tabs-first-80x24", model.render(width: 80, height: 24))
        _ = model.handle(.key(.char("2")))
        CompareGolden.check("compare-tabs-second-80x24", model.render(width: 80, height: 24))
        // Both differing panes carry the marker on the entra-ios tab.
        #expect(model.render(width: 80, height: 24).grid.text.components(separatedBy: "≠").count - 1 == 5)
    }

    /// Three profiles (the shipped Android comparison's): side by side from 240 columns, tabs
    /// below, at 120x40 and at 80x24, each tab with its leak marker.
    @Test func threeProfilesSideBySideAt240x40AndAsTabsAt120x40And80x24() throws {
        let play = try Self.played("entra-delivery-matrix.yaml", [.entraIOS, .entraAndroid, .androidMHS])
        var model = CompareModel(play, title: "Entra delivery matrix", width: 240, height: 40)
        #expect(model.showsSideBySide)
        CompareGolden.check("compare-3-side-by-side-240x40", model.render(width: 240, height: 40))
        _ = model.handle(.resize(width: 239, height: 40))
        #expect(!model.showsSideBySide, "each device needs its 80 columns")
        _ = model.handle(.resize(width: 120, height: 40))
        _ = model.handle(.key(.char("2")))
        CompareGolden.check("compare-3-tabs-second-120x40", model.render(width: 120, height: 40))
        _ = model.handle(.resize(width: 80, height: 24))
        _ = model.handle(.key(.tab))
        #expect(model.tab == 2)
        CompareGolden.check("compare-3-tabs-third-80x24", model.render(width: 80, height: 24))
        // What differs for chat, in three columns.
        _ = model.handle(.key(.char("d")))
        CompareGolden.check("compare-3-detail-80x24", model.render(width: 80, height: 24))
    }

    /// Four profiles: side by side from 320 columns, tabs below.
    @Test func fourProfilesSideBySideAt320x40AndAsTabsAt80x24() throws {
        let play = try Self.played("ws1-coalescing.yaml", [.workspaceOne, .entraIOS, .entraAndroid, .androidMHS])
        var model = CompareModel(play, title: "Coalescing", width: 320, height: 40)
        #expect(model.showsSideBySide)
        CompareGolden.check("compare-4-side-by-side-320x40", model.render(width: 320, height: 40))
        _ = model.handle(.resize(width: 80, height: 24))
        #expect(!model.showsSideBySide)
        CompareGolden.check("compare-4-tabs-first-80x24", model.render(width: 80, height: 24))
        _ = model.handle(.key(.char("4")))
        CompareGolden.check("compare-4-tabs-fourth-120x40", model.render(width: 120, height: 40))
    }

    @Test func spaceStepsBothDevicesAndVTogglesTheLayout() throws {
        var model = CompareModel(try Self.comparison("ws1-coalescing.yaml").start(hasher: Fixtures.hasher), title: "t", width: 160, height: 40)
        #expect(model.handle(.key(.char(" "))) == .none)
        #expect(model.play.played == 1)
        #expect(model.play.devices[0].device.state == .checkedIn && model.play.devices[1].device.state == .checkedIn)
        #expect(model.handle(.key(.enter)) == .none)
        #expect(model.play.devices[0].device.state == .checkedOut("cou1") && model.play.devices[1].device.state == .checkedOut("cou1"))
        #expect(model.render(width: 160, height: 40).grid.lines[39].hasPrefix(" step 2/11 checkOut cou1 ⇄ signIn cou1"))
        #expect(model.handle(.key(.char("v"))) == .none && !model.showsSideBySide)
        // As tabs the tab bar takes the row above: each profile with its leak marker.
        #expect(model.render(width: 160, height: 40).grid.lines[38].hasPrefix(" 1 workspace-one no leak  2 entra-ios no leak "))
        #expect(model.render(width: 160, height: 40).grid.lines[39].hasPrefix(" step 2/11"))
        _ = model.handle(.key(.char("v")))
        #expect(model.showsSideBySide)
        #expect(model.handle(.tick(0.25)) == .unchanged)
        #expect(model.handle(.key(.char("x"))) == .unchanged)
        while !model.play.isFinished { _ = model.handle(.key(.char(" "))) }
        #expect(model.handle(.key(.char(" "))) == .unchanged)
        #expect(model.render(width: 160, height: 40).grid.lines[39].contains("end · Space next step"))
        #expect(model.handle(.key(.function(10))) == .quit)
    }
}

/// Comparison files (`Assets/comparisons`): read with file:line:column errors, checked
/// against the rows they expect to differ.
@Suite struct ComparisonFileTests {
    static let comparisons = ScenarioCastTests.library.deletingLastPathComponent().appendingPathComponent("comparisons")

    @Test(arguments: ["android-broadcast.yaml", "coalescing-both-systems.yaml", "entra-missed-notification.yaml", "idle-shift-four-systems.yaml"])
    func theShippedComparisonsHoldTheirExpectedDifferences(name: String) throws {
        let file = try ComparisonFile.load(contentsOf: Self.comparisons.appendingPathComponent(name), parser: Fixtures.parser())
        #expect(file.differ?.isEmpty == false)
        let (table, failure) = file.check(hasher: Fixtures.hasher)
        #expect(failure == nil, "\(failure ?? "")")
        let header = try #require(table.split(separator: "\n").first { $0.hasPrefix("  outcome ") })
        #expect(header.components(separatedBy: " | ").count == file.comparison.profiles.count + 1)
        #expect(table.hasSuffix("differ (marked *)\n"))
        #expect(ComparisonFile.isComparison(try String(contentsOf: Self.comparisons.appendingPathComponent(name), encoding: .utf8), file: name))
    }

    /// Writes `yaml` beside the shipped comparisons' scenarios' folder layout and reads it.
    static func problem(_ yaml: String) throws -> String? {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-comparison-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("profile: workspace-one\nsteps:\n  - enroll: {group: FRONTLINE, user: stage, password: stage}\n  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}\n".utf8).write(to: dir.appendingPathComponent("s.yaml"))
        let url = dir.appendingPathComponent("c.yaml")
        try Data(yaml.utf8).write(to: url)
        do throws(ConfigError) {
            let file = try ComparisonFile.load(contentsOf: url, displayPath: "c.yaml", parser: Fixtures.parser())
            return file.check(hasher: Fixtures.hasher).failure
        } catch {
            return error.description
        }
    }

    @Test func problemsAreReportedAtTheirPosition() throws {
        #expect(try Self.problem("scenario: s.yaml\nprofiles: [workspace-one, entra-ios]\n") == nil)
        #expect(try Self.problem("scenario: s.yaml\nprofiles: [workspace-one, entra-ios]\ndiffer: [\"forms: missed\"]\n") == nil)
        #expect(try Self.problem("scenario: s.yaml\nprofiles: [workspace-one]\n") == "c.yaml:2:11: 'profiles' names two to four profiles, e.g. [entra-ios, entra-android, android-mhs]")
        #expect(try Self.problem("scenario: s.yaml\nprofiles: [workspace-one, entra-ios, entra-android, android-mhs, workspace-one]\n")
                == "c.yaml:2:11: 'profiles' names two to four profiles, e.g. [entra-ios, entra-android, android-mhs]")
        #expect(try Self.problem("scenario: s.yaml\nprofiles: [workspace-one, android]\n")?.hasPrefix("c.yaml:2:27: unknown profile 'android'") == true)
        #expect(try Self.problem("scenario: s.yaml\nprofiles: [entra-ios, entra-ios]\n") == "c.yaml:2:23: 'profiles' names entra-ios twice; name each profile once")
        // Three and four profiles, each a column.
        #expect(try Self.problem("scenario: s.yaml\nprofiles: [workspace-one, entra-ios, entra-android, android-mhs]\n") == nil)
        #expect(try Self.problem("scenario: nope.yaml\nprofiles: [workspace-one, entra-ios]\n")?.hasPrefix("c.yaml:1:11: scenario file 'nope.yaml' not found") == true)
        #expect(try Self.problem("scenario: s.yaml\nprofiles: [workspace-one, entra-ios]\napps: [notes, pager]\n")?.hasPrefix("c.yaml:3:15: unknown app 'pager'") == true)
        #expect(try Self.problem("scenario: s.yaml\nprofiles: [workspace-one, entra-ios]\ndiffer: [\"chat: missed\"]\n")?.hasPrefix("c.yaml:3:10: no row 'chat: missed'") == true)
        #expect(try Self.problem("scenario: s.yaml\nprofiles: [workspace-one, entra-ios]\nsteps: []\n")?.hasPrefix("c.yaml:3:1:") == true)
        // Expected differences that do not hold: the failure says which.
        #expect(try Self.problem("name: n\nscenario: s.yaml\nprofiles: [workspace-one, entra-ios]\ndiffer: [\"device state\"]\n")
                == "c.yaml: n: expected to differ but the same: device state; differ but not listed: forms: missed")
    }
}
