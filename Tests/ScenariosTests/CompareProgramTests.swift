import Foundation
import HubUI
import SessionEngine
import Testing
@testable import Scenarios

/// `hubsim compare` with a developer's program (an `exec:` app): each device runs its own
/// process of it, settled after every step as `hubsim run` settles it, so the table shows what
/// the program did on each profile.
@Suite struct CompareProgramTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/scenarios")

    static func comparison(_ file: String) throws -> Comparison {
        let scenario = try Fixtures.runner().parser.load(contentsOf: examples.appendingPathComponent(file))
        return try Comparison(scenario: scenario, profiles: [.entraIOS, .entraAndroid])
    }

    static func value(_ rows: [OutcomeRow], _ label: String) throws -> [String] {
        try #require(rows.first { $0.label == label }, "no row \(label)").values
    }

    /// The MSAL app done right asks for the account at resume on both systems and shows cou2's
    /// tasks; the one without a resume check shows cou1's to cou2 on both.
    @Test func theProgramRunsOnEveryComparedDevice() throws {
        let (_, right) = try Self.comparison("msal-app.yaml").played(hasher: Fixtures.hasher)
        #expect(try Self.value(right, "tasks: shows") == ["cou2", "cou2"])
        #expect(try Self.value(right, "tasks: leak") == ["no", "no"])
        #expect(try Self.value(right, "device state") == ["checkedOut(cou2)", "checkedOut(cou2)"])
        let (_, wrong) = try Self.comparison("msal-no-resume.yaml").played(hasher: Fixtures.hasher)
        #expect(try Self.value(wrong, "noresume: shows") == ["cou1", "cou1"])
        #expect(try Self.value(wrong, "noresume: leak") == ["LEAK", "LEAK"])
    }

    /// A step back ends the programs and replays from the start with new ones: the same
    /// outcome as before, and every process ended at the end.
    @Test func aStepBackStartsThemAfresh() throws {
        var play = try Self.comparison("msal-app.yaml").start(hasher: Fixtures.hasher)
        play.playToEnd()
        let end = play.table
        let wentBack = play.back()
        #expect(wentBack)
        play.playToEnd()
        #expect(play.table == end)
        play.endPrograms()
        for model in play.devices {
            guard case .exited? = model.device.app("tasks")?.process?.health else {
                Issue.record("tasks still runs on \(model.device.profile.id): \(String(describing: model.device.app("tasks")?.process?.health))")
                continue
            }
        }
    }
}
