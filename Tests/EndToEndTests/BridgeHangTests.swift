import Foundation
import FuzzSupport
import Testing

/// A developer's program that hangs, on the real binary (Docs/bridge-protocol.md, "Limits and
/// faults"): `orders.py --hang-on-wipe` never answers the wipe callback. Its pane says HUNG
/// with what it did not answer, the Hub keeps answering keys meanwhile, and quitting leaves
/// no process behind.
@Suite("A hung program end to end", .offThePool)
struct BridgeHangTests {
    static let orders = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("BridgeApps/orders.py").path

    @Test func theHubAnswersKeysWhileAProgramHangsAndQuittingEndsIt() async throws {
        let tmux = try await HubsimPane.start(arguments: ["--ephemeral"] + HubsimPane.cheapTenant
                                        + ["--apps", "notes", "--app", "orders=python3 \(Self.orders) --hang-on-wipe"],
                                        width: 120, height: 40)
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.enroll()
        try await hub.checkOut("cou1")

        // cou1 opens the program: its pane says it is external, with its process id, and it
        // shows cou1's orders once it has answered the initial check.
        try tmux.send("Tab", "Tab", "Enter")
        try await hub.waitForPane("orders", "foreground")
        let started = try await tmux.waitUntil("the program's pid and cou1's orders") { $0.contains("ext pid ") && $0.contains("3 orders of cou1") }
        let pid = try #require(Self.pid(in: started), "no pid in:\n\(started)")
        #expect(FileManager.default.fileExists(atPath: "/proc/\(pid)"))
        try tmux.send("h")
        try await hub.waitForPane("orders", "background")

        // Check in, and cou2 checks out: the program hears of it when it comes back.
        try await hub.click("[ Menu: Log Out… ]")
        try await hub.click("▸ Log Out")
        try await hub.click("[ Log out ]")
        try await hub.checkOut("cou2")
        try tmux.send("Tab", "Tab", "Enter")
        try await tmux.waitFor("HUNG: no answer to controllerDidWipeCurrentUserData", timeout: HubDriver.patience + 5)

        // The Hub still answers: help opens and closes while the program hangs.
        try tmux.send("F1")
        try await hub.waitFor("Keys · F1 or Esc closes")
        try tmux.send("Escape")
        try await tmux.waitUntil("help closed") { !$0.contains("Keys · F1 or Esc closes") && $0.contains("HUNG") }

        // Quitting ends the program: no process is left with its pid, even when the terminal
        // goes away while hubsim is still ending it (a hung program takes a few seconds).
        let hubsim = try #require(try HubsimPane.hubsimPID(tmux))
        try await hub.quit()
        let hungUp = kill(hubsim, SIGHUP) == 0
        let end = try await tmux.waitFor(HubsimPane.endMarker)
        #expect(end.contains(hungUp ? "EXIT=\(128 + SIGHUP)" : "EXIT=0"), "\(end)")
        try await tmux.wait("the program's process to be gone", timeout: 5, check: { FileManager.default.fileExists(atPath: "/proc/\(pid)") ? nil : true },
                      describe: { (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? "" })
    }

    /// SIGTERM to hubsim while a program runs: the terminal is restored, hubsim dies of the
    /// signal, and the program is ended with it (no process left with its pid).
    @Test func aQuitSignalEndsTheProgramToo() async throws {
        let tmux = try await HubsimPane.start(arguments: ["--ephemeral"] + HubsimPane.cheapTenant
                                        + ["--apps", "notes", "--app", "orders=python3 \(Self.orders)"])
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.enroll()
        try await hub.checkOut("cou1")
        try tmux.send("Tab", "Tab", "Enter")
        let started = try await tmux.waitUntil("the program's pid and cou1's orders") { $0.contains("ext pid ") && $0.contains("orders of cou1") }
        let child = try #require(Self.pid(in: started), "no pid in:\n\(started)")
        let hubsim = try #require(try HubsimPane.hubsimPID(tmux))
        #expect(kill(hubsim, SIGTERM) == 0)
        let end = try await tmux.waitFor(HubsimPane.endMarker)
        #expect(end.contains("EXIT=\(128 + SIGTERM)"), "\(end)")
        #expect(!end.contains("-icanon") && !end.contains("-echo") && !end.contains("-isig"), "\(end)")
        #expect(try tmux.terminalModes() == "0 0 0 0 0")
        try await tmux.wait("the program's process to be gone", timeout: 5, check: { FileManager.default.fileExists(atPath: "/proc/\(child)") ? nil : true },
                      describe: { (try? String(contentsOfFile: "/proc/\(child)/status", encoding: .utf8)) ?? "" })
    }

    /// The process id after `ext pid ` on the screen.
    static func pid(in screen: String) -> Int32? {
        guard let range = screen.range(of: "ext pid ") else { return nil }
        return Int32(screen[range.upperBound...].prefix { $0.isNumber })
    }
}
