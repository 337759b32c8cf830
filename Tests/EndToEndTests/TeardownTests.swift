import Foundation
import FuzzSupport
import Testing

/// Whatever ends hubsim, the shell gets its terminal back as it was.
@Suite("Teardown", .offThePool)
struct TeardownTests {
    /// Waits for the shell's report after hubsim exited and returns (exit status, modes).
    func shellReport(_ tmux: Tmux) async throws -> (status: String, modes: [String], screen: String) {
        let screen = try await tmux.waitFor(HubsimPane.endMarker)
        let status = screen.components(separatedBy: "EXIT=").last?.prefix { $0.isNumber } ?? ""
        let modes = screen.components(separatedBy: "MODES=").last?
            .components(separatedBy: HubsimPane.endMarker).first?
            .split(separator: " ").map(String.init) ?? []
        return (String(status), modes, screen)
    }

    @Test func sigtermExits143AndLeavesTheTerminalSane() async throws {
        let tmux = try await HubsimPane.start()
        defer { tmux.kill() }
        try await tmux.waitUntil("the first frame") { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        let pid = try #require(try HubsimPane.hubsimPID(tmux))
        #expect(kill(pid, SIGTERM) == 0)
        let report = try await shellReport(tmux)
        #expect(report.status == "143", "\(report.screen)")
        #expect(Set(report.modes) == ["icanon", "echo", "isig", "icrnl", "opost"])
    }

    @Test func sighupExits129() async throws {
        let tmux = try await HubsimPane.start()
        defer { tmux.kill() }
        try await tmux.waitUntil("the first frame") { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        let pid = try #require(try HubsimPane.hubsimPID(tmux))
        #expect(kill(pid, SIGHUP) == 0)
        let report = try await shellReport(tmux)
        #expect(report.status == "129", "\(report.screen)")
        #expect(Set(report.modes) == ["icanon", "echo", "isig", "icrnl", "opost"])
    }

    /// A crash leaves curses mode before the runtime prints its backtrace and the process dies:
    /// a fault (SIGSEGV) and a Swift trap such as an arithmetic overflow (SIGILL). Every mode
    /// hubsim turned on is off again, the SGR mouse reports it asks for itself included.
    @Test(arguments: [("SEGV", SIGSEGV), ("ILL", SIGILL)])
    func aCrashLeavesTheTerminalSaneAndDiesOfTheSignal(name: String, number: Int32) async throws {
        // No interactive backtracer prompt: it would wait 30 s for a key.
        let tmux = try await HubsimPane.start(environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { tmux.kill() }
        try await tmux.waitUntil("the first frame") { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        try await tmux.waitUntilFormat("#{mouse_sgr_flag} #{mouse_any_flag}", "SGR mouse reports on") { $0 == "1 1" }
        let pid = try #require(try HubsimPane.hubsimPID(tmux))
        #expect(kill(pid, number) == 0)
        let report = try await shellReport(tmux)
        #expect(report.status == "\(128 + number)", "SIG\(name): \(report.screen)")
        #expect(Set(report.modes) == ["icanon", "echo", "isig", "icrnl", "opost"])
        #expect(try tmux.terminalModes() == "0 0 0 0 0", "SIG\(name)")
    }
}
