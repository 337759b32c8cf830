@testable import AppBridge
import Foundation
import SessionEngine
import Testing

/// A program's environment: hubsim's, less hubsim's secrets unless the entry gives them, plus the
/// entry's variables and the mark (Docs/bridge-protocol.md, "Starting and stopping").
@Suite struct ChildEnvironmentTests {
    @Test func secretsGoUnlessTheEntryNamesThem() {
        let changes = ChildEnvironment.overrides(
            inherited: ["PATH", "HUBSIM_PASSWORD_COU1", "HUBSIM_PASSCODE_COU1", "HUBSIM_PIN_COU1", "HUBSIM_PIN_COU2", "HUBSIM_TEST_TENANTS"],
            entry: [EnvironmentVariable(name: "HUBSIM_PIN_COU2", value: "1357"), EnvironmentVariable(name: "MYAPP_DEBUG", value: "1")],
            mark: "42.7")
        let removed: String? = nil
        let expected: [String: String?] = [
            "HUBSIM_PASSWORD_COU1": removed, "HUBSIM_PASSCODE_COU1": removed, "HUBSIM_PIN_COU1": removed,
            "HUBSIM_PIN_COU2": "1357", "MYAPP_DEBUG": "1", "HUBSIM_BRIDGE_PROCESS": "42.7",
        ]
        #expect(changes == expected)
    }

    @Test func marksAreUniqueAndNameThisProcess() {
        let first = ProcessGroups.newMark(), second = ProcessGroups.newMark()
        defer { ProcessGroups.release(first); ProcessGroups.release(second) }
        #expect(first != second)
        #expect(first.hasPrefix("\(getpid())."))
    }
}
