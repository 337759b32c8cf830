import Foundation
import FuzzSupport
import Testing

/// The walk "Your own app in the simulator (app developers)" (Docs/app-developers.md, where the
/// README points app developers) at 80x24, key for key, from the repository's root as its
/// command is typed: the command is the page's own line, every key it names is the key sent,
/// and every text it quotes from the screen is checked to be on the page and on the screen, for
/// the right app and for the leaky one in its place.
@Suite("The app developers' walk at 80x24", .offThePool)
struct ReadmeAppWalkTests {
    /// The page's command line, minus `swift run hubsim` (the test runs the built binary).
    static let command = "swift run hubsim --ephemeral --app 'store=python3 Examples/python/store_app.py'"

    /// The page's section, its lines joined with single spaces (a quote may wrap).
    static func section() throws -> String {
        let readme = try String(contentsOfFile: HubsimPane.repositoryRoot + "/Docs/app-developers.md", encoding: .utf8)
        let start = try #require(readme.range(of: "## Your own app in the simulator (app developers)"))
        let end = readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex)?.lowerBound ?? readme.endIndex
        return readme[start.lowerBound..<end].split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Waits for `text`, which the page quotes in backquotes.
    func quoted(_ text: String, _ readme: String, _ hub: HubDriver) async throws {
        #expect(readme.contains("`\(text)`"), "Docs/app-developers.md no longer quotes `\(text)`")
        try await hub.waitFor(text)
    }

    @Test(arguments: ["store_app.py", "leaky_app.py"])
    func theWalkShowsWhatThePageSays(app: String) async throws {
        let readme = try Self.section()
        #expect(readme.contains(Self.command))
        let lines = try String(contentsOfFile: HubsimPane.repositoryRoot + "/Examples/python/store_app.py", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(readme.contains("`Examples/python/store_app.py` is such an app in \(lines) lines"))
        #expect(readme.contains("`Examples/python/\(app)`"))
        // `swift run hubsim --ephemeral --app 'store=python3 Examples/python/…'`, in the root.
        let tmux = try await HubsimPane.start(arguments: ["--ephemeral", "--app", "store=python3 Examples/python/\(app)"],
                                        directory: HubsimPane.repositoryRoot)
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        // The shift change above: enroll, then check out `cou1`.
        try await hub.enroll()
        try await hub.checkOut("cou1")
        // `S-Tab` to the last pane (`store`, marked `ext pid` and its process id) and `Enter`.
        #expect(readme.contains("`S-Tab` to the last pane (`store`, marked `ext pid` and its process id) and `Enter`"))
        try tmux.send("BTab", "Enter")
        try await hub.waitForPane("store", "foreground")
        let started = try await tmux.waitUntil("store's pid and cou1's orders", timeout: HubDriver.patience) {
            $0.range(of: #"ext pid [0-9]+"#, options: .regularExpression) != nil && $0.contains("3 orders of cou1")
        }
        #expect(started.contains("user: cou1"), "\(started)")
        // `h`, log out (as the walk above: Enter, Enter on Log Out, Enter).
        try tmux.send("h")
        try await hub.waitForPane("store", "background")
        try tmux.send("Enter")
        try await hub.waitFor("▸ Log Out")
        try tmux.send("Enter")
        try await hub.waitFor("Log out cou1?")
        try tmux.send("Enter")
        // Check out `cou2`; `S-Tab` and `Enter` bring `store` back.
        try await hub.checkOut("cou2")
        #expect(readme.contains("`S-Tab` and `Enter` bring `store` back"))
        try tmux.send("BTab", "Enter")
        try await hub.waitForPane("store", "foreground")
        if app == "store_app.py" {
            // Whose data it shows, what it was told last, its verdict last, `leaks: 0` on top.
            for text in ["user: cou2", "3 orders of cou2", "← user-change callback", "leaks: 0"] {
                try await quoted(text, readme, hub)
            }
            let screen = try await tmux.waitUntil("the verdict on the pane's last line", timeout: HubDriver.patience) {
                Self.paneLastLine($0)?.hasPrefix("received ") == true
            }
            #expect(readme.contains("its verdict: `received` and the time it heard of the change"))
            #expect(!screen.contains("of cou1"), "\(screen)")
        } else {
            // The pane ends in `LEAK: cou1's data` beside `3 orders of cou1`.
            for text in ["LEAK: cou1's data", "3 orders of cou1"] { try await quoted(text, readme, hub) }
            // Polled: while the app handles the user-change callback (its calls one by one) the
            // pane says what it received; the verdict comes back once it has shown its list.
            let screen = try await tmux.waitUntil("the LEAK on the pane's last line", timeout: HubDriver.patience) {
                Self.paneLastLine($0) == "LEAK: cou1's data"
            }
            #expect(!screen.contains("leaks: 0"), "\(screen)")
            // `a` (the audit) names the item and whose it is.
            #expect(readme.contains("`a` (the audit) names the item and whose it is"))
            try tmux.send("a")
            try await hub.waitFor("LEAK · store · 3 orders of cou1")
            try await hub.waitFor("cou1's data, since")
            try tmux.send("Escape")
        }
        try await hub.quit()
        let end = try await tmux.waitFor(HubsimPane.endMarker)
        #expect(end.contains("EXIT=0"), "\(end)")
    }

    /// The last line inside the store pane (bottom right at 80x24): the line above its bottom border.
    static func paneLastLine(_ screen: String) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let bottom = lines.lastIndex(where: { $0.hasSuffix("┘") }), bottom > 0 else { return nil }
        let line = lines[bottom - 1]
        guard let open = line.lastIndex(of: "│").flatMap({ line[..<$0].lastIndex(of: "│") }) else { return nil }
        return line[line.index(after: open)...].dropLast().trimmingCharacters(in: .whitespaces)
    }
}
