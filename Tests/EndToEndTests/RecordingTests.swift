import Foundation
import FuzzSupport
import Testing

/// `--record FILE` turns an interactive walk into a scenario, without a single secret in it.
@Suite("Recording", .offThePool)
struct RecordingTests {
    @Test func aWalkIsRecordedWithSecretsAsReferences() async throws {
        let file = NSTemporaryDirectory() + "hubsim-e2e-record-\(UUID().uuidString).yaml"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let tmux = try await HubsimPane.start(arguments: ["--ephemeral", "--record", file] + HubsimPane.cheapTenant)
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.enroll()
        try await hub.checkOut("cou1")
        try await HubDriver(tmux: tmux).quit()
        let screen = try await hub.waitFor(HubsimPane.endMarker)
        #expect(screen.contains("EXIT=0"))
        #expect(screen.contains("recorded"))

        // Owner-only like the rest of the state, whatever the pane's umask (022: 0644).
        var st = stat()
        #expect(stat(file, &st) == 0 && st.st_mode & 0o777 == 0o600)
        let yaml = try String(contentsOfFile: file, encoding: .utf8)
        #expect(yaml.contains("checkOut: {group: FRONTLINE, user: cou1"))
        #expect(yaml.contains("expect: {state: checkedOut, user: cou1"))
        let passwords = yaml.components(separatedBy: "password: ").dropFirst().map { $0.prefix { $0 != "," && $0 != "}" } }
        #expect(!passwords.isEmpty)
        #expect(passwords.allSatisfy { $0.hasPrefix("\"${HUBSIM_PASSWORD_") })
    }
}
