import Foundation
import FuzzSupport
import Testing

/// A persistent device across starts of the real binary, started the everyday way: `hubsim`
/// with no arguments, its state under `$XDG_STATE_HOME/hubsim`.
@Suite("Restarts", .offThePool)
struct RestartTests {
    /// An empty state home of the test's own.
    func stateHome() throws -> [String: String] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-restart-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return ["XDG_STATE_HOME": home, "HOME": home]
    }

    /// Quits with F10 and expects a clean exit.
    func quit(_ tmux: Tmux) async throws {
        try await HubDriver(tmux: tmux).quit()
        let screen = try await tmux.waitFor(HubsimPane.endMarker, timeout: HubDriver.patience)
        #expect(screen.contains("EXIT=0"), "\(screen)")
    }

    @Test func aCheckedOutDeviceIsStillCheckedOutAfterARestart() async throws {
        let environment = try stateHome()
        do {
            let tmux = try await HubsimPane.start(arguments: [], width: 120, height: 40, environment: environment)
            defer { tmux.kill() }
            let hub = HubDriver(tmux: tmux)
            try await hub.enroll()
            try await hub.checkOut("cou1")
            try await quit(tmux)
        }
        let file = environment["XDG_STATE_HOME"]! + "/hubsim/shared-device-1.sqlite"   // the default device name
        #expect(FileManager.default.fileExists(atPath: file))

        let tmux = try await HubsimPane.start(arguments: [], width: 120, height: 40, environment: environment)
        defer { tmux.kill() }
        let screen = try await HubDriver(tmux: tmux).waitFor("Checked out to cou1")
        #expect(screen.contains("user: cou1"))
        #expect(!screen.contains("Enroll this device"))
    }

    /// A new device's database is made once its first frame is on screen, before any key
    /// (Docs/performance.md: not part of the first frame), and it is a whole device file the next start
    /// opens.
    @Test func aNewDeviceHasItsFileOnceItsFirstFrameIsShown() async throws {
        let environment = try stateHome()
        let file = environment["XDG_STATE_HOME"]! + "/hubsim/shared-device-1.sqlite"
        let tmux = try await HubsimPane.start(arguments: [], environment: environment)
        defer { tmux.kill() }
        try await tmux.waitFor("Enroll this device", timeout: HubDriver.patience)
        let made = try await Poll.until(Date().addingTimeInterval(HubDriver.patience)) { FileManager.default.fileExists(atPath: file) }
        #expect(made, "no device file while the first frame is shown")
        try await quit(tmux)
    }

    /// Quitting before enrolling keeps the profile asked for: the next plain start uses it.
    @Test func anUnenrolledDeviceKeepsTheProfileItWasSetUpWith() async throws {
        let environment = try stateHome()
        do {
            let tmux = try await HubsimPane.start(arguments: ["--profile", "entra-ios"], environment: environment)
            defer { tmux.kill() }
            try await tmux.waitFor("entra-ios", timeout: HubDriver.patience)
            try await quit(tmux)
        }
        let tmux = try await HubsimPane.start(arguments: [], environment: environment)
        defer { tmux.kill() }
        let screen = try await tmux.waitFor("entra-ios", timeout: HubDriver.patience)
        #expect(!screen.contains("workspace-one"))
    }
}
