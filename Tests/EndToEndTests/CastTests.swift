import Foundation
import FuzzSupport
import HubUI
import Testing

/// `--cast FILE` records what the terminal showed as asciicast v2, and `hubsim compare`
/// shows two devices, both driven through the real binary in tmux.
@Suite("Recordings and side by side", .offThePool)
struct CastTests {
    /// Header, one valid JSON event per line, times never going back, the sizes it went
    /// through; returns the events.
    static func events(ofCast text: String, width: Int, height: Int) throws -> [[Any]] {
        let lines = text.split(separator: "\n")
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == width && header["height"] as? Int == height)
        #expect((header["env"] as? [String: String])?["TERM"] == "xterm-256color")
        let events = try lines.dropFirst().map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any]) }
        let times = events.compactMap { $0[0] as? Double }
        #expect(times.count == events.count && times == times.sorted())
        #expect(events.allSatisfy { $0.count == 3 && ($0[1] as? String == "o" || $0[1] as? String == "r") })
        return events
    }

    @Test func aSessionIsCastWithItsResizesAndWithoutTheTypedPassword() async throws {
        let file = NSTemporaryDirectory() + "hubsim-e2e-cast-\(UUID().uuidString).cast"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let tmux = try await HubsimPane.start(arguments: ["--ephemeral", "--cast", file] + HubsimPane.cheapTenant)
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.enroll()
        // A password typed into the masked field, refused for its Group ID (no scrypt to pay).
        try hub.fill("NOSUCHGROUP", "cou1", "Hunter2Secret")
        try await hub.waitFor("NOSUCHGROUP' is not")
        try tmux.resize(width: 100, height: 30)
        try await tmux.waitUntil("100 columns", timeout: HubDriver.patience) { $0.split(separator: "\n").first?.count ?? 0 > 80 }
        try await hub.quit()
        let screen = try await hub.waitFor(HubsimPane.endMarker)
        #expect(screen.contains("EXIT=0") && screen.contains("cast "))

        var st = stat()
        #expect(stat(file, &st) == 0 && st.st_mode & 0o777 == 0o600)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let events = try Self.events(ofCast: text, width: 80, height: 24)
        #expect(events.contains { $0[1] as? String == "r" && $0[2] as? String == "100x30" })
        #expect(text.contains("Enroll this device") && text.contains("Checked in (staged)"))
        #expect(!text.contains("Hunter2Secret") && !text.contains("Hunter2"))
    }

    @Test func aQuitSignalStillWritesTheCast() async throws {
        let file = NSTemporaryDirectory() + "hubsim-e2e-cast-\(UUID().uuidString).cast"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let tmux = try await HubsimPane.start(arguments: ["--ephemeral", "--cast", file])
        defer { tmux.kill() }
        try await HubDriver(tmux: tmux).waitFor("Enroll this device")
        let pid = try #require(try HubsimPane.hubsimPID(tmux))
        #expect(kill(pid, SIGTERM) == 0)
        let screen = try await HubDriver(tmux: tmux).waitFor(HubsimPane.endMarker)
        #expect(screen.contains("EXIT=143"))
        let events = try Self.events(ofCast: try String(contentsOfFile: file, encoding: .utf8), width: 80, height: 24)
        #expect(!events.isEmpty)
    }

    @Test func compareStepsTwoDevicesSideBySideAndAsTabs() async throws {
        let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/scenarios/entra-delivery-matrix.yaml").path
        let tmux = try await HubsimPane.start(arguments: ["compare", scenario], width: 160, height: 40)
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.waitFor("step 0/11")
        #expect(try tmux.screen().contains("Intelligent Hub") && tmux.screen().contains("Authenticator"))
        for _ in 0..<11 { try tmux.send("Space") }
        let end = try await hub.waitFor("end · ")
        #expect(end.contains("step 11/11") && end.contains("≠ 4 apps differ") && end.contains("┐┌"))
        try tmux.send("2")
        let tab = try await hub.waitFor(" 1 workspace-one no leak  2 entra-ios exposed 1")
        #expect(tab.contains("Authenticator") && !tab.contains("Intelligent Hub"))
        // By mouse (SGR reports through the real decoder): the first tab, a step back on the
        // bar, then a differing pane's rows.
        try await hub.click("1 workspace-one")
        try await tmux.waitUntil("the first tab") { $0.contains("Intelligent Hub") && !$0.contains("Authenticator") }
        // `←` on the bar is back.
        let bar = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[39]
        let back = try #require(bar.range(of: " ← "))
        try tmux.click(x: TextWidth.of(String(bar[..<back.lowerBound])) + 1, y: 39)
        try await hub.waitFor("step 10/11")
        let chat = try #require(try tmux.locate("┌ Chat"))
        try tmux.click(x: chat.x + 3, y: chat.y + 2)
        // The whole panel, not the first of its rows painted (a capture may fall mid-frame).
        try await tmux.waitUntil("the Chat pane's rows, received among them, and how to close them") {
            $0.contains("chat: ") && $0.contains("Esc/click closes") && $0.contains("received")
        }
        try tmux.send("q")
        #expect(try await hub.waitFor(HubsimPane.endMarker).contains("EXIT=0"))
    }

    /// Three profiles after the file at 80x24: tabs, switched by digit, Tab and a click.
    @Test func compareThreeProfilesAsTabsAt80x24() async throws {
        let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/scenarios/entra-delivery-matrix.yaml").path
        let tmux = try await HubsimPane.start(arguments: ["compare", scenario, "entra-ios", "entra-android", "android-mhs"], width: 80, height: 24)
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        let first = try await hub.waitFor(" 1 entra-ios no leak  2 entra-android no leak  3 android-mhs no leak")
        #expect(first.contains(" step 0/11") && first.hasPrefix(" entra-ios "))
        try tmux.send("3")
        try await tmux.waitUntil("the third tab") { $0.hasPrefix(" android-mhs ") }
        try tmux.send("Tab")
        try await tmux.waitUntil("Tab wraps to the first") { $0.hasPrefix(" entra-ios ") }
        try await hub.click("2 entra-android")
        try await tmux.waitUntil("the second tab, clicked") { $0.hasPrefix(" entra-android ") }
        for _ in 0..<11 { try tmux.send("Space") }
        #expect(try await hub.waitFor("end · ").contains("step 11/11"))
        try tmux.send("q")
        #expect(try await hub.waitFor(HubsimPane.endMarker).contains("EXIT=0"))
    }

    /// `hubsim compare` with nothing named opens the picker; Enter plays the chosen comparison.
    @Test func comparePickerThenEnterShowsTheComparisonAsTabs() async throws {
        let tmux = try await HubsimPane.start(arguments: ["compare"], width: 80, height: 24)
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        let picker = try await hub.waitFor("↑↓ choose  Enter open  F10 quit")
        #expect(picker.contains("Comparisons (Assets/comparisons)") && picker.contains("▸ Who is told"))
        try tmux.send("Down")
        try await hub.waitFor("▸ Callbacks coalesce")
        try tmux.send("Enter")
        let tabs = try await hub.waitFor(" 1 workspace-one no leak  2 entra-ios no leak")
        #expect(tabs.contains(" step 0/11"))
        #expect(tabs.contains("Intelligent Hub"))
        try await hub.click("2 entra-ios")
        try await tmux.waitUntil("the second tab") { $0.contains("Authenticator") && !$0.contains("Intelligent Hub") }
        try tmux.send("q")
        #expect(try await hub.waitFor(HubsimPane.endMarker).contains("EXIT=0"))
    }
}
