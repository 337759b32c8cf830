import Foundation
import FuzzSupport
import HubUI
import Testing

/// Consistent actions (Docs/forecasts.md) at 80x24 on the real binary: the README's first walk word for word for both
/// profiles, and every hint-line action clicked by mouse (SGR reports), a wipe confirmed
/// through its forecast among them.
@Suite("Consistent actions end to end", .offThePool)
struct ConsistentActionsTests {
    /// The README's "A first shift change", step by step, typing exactly what it says.
    @Test(arguments: ["workspace-one", "entra-ios"])
    func theREADMEsFirstWalk(profile: String) async throws {
        let ws1 = profile == "workspace-one"
        // 1. `hubsim --ephemeral` (Workspace ONE) or `--ephemeral --profile entra-ios`.
        let tmux = try await HubsimPane.start(arguments: ws1 ? ["--ephemeral"] : ["--ephemeral", "--profile", "entra-ios"])
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.waitFor("Enroll this device")
        // 2. Enroll; entra-ios has no Group ID.
        try hub.fill(contentsOf: ws1 ? ["FRONTLINE", "stage", "stage"] : ["stage", "stage"])
        // 3. Check out cou1, typed at once: kept while the profile installs.
        try hub.fill(contentsOf: ws1 ? ["FRONTLINE", "cou1", "cou1"] : ["cou1", "cou1"])
        try await hub.waitFor(ws1 ? "Checked out to cou1" : "Current account: cou1")
        // 4. Tab to the first pane, Enter launches it.
        let first = ws1 ? "Notes" : "Chat"
        try tmux.send("Tab", "Enter")
        try await hub.waitForPane(first, "foreground")
        // 5. h: the Hub; log out (workspace-one) or sign out (entra-ios) through the forecast.
        try tmux.send("h")
        try await hub.waitForPane(first, "background")
        if ws1 {
            try tmux.send("Enter")
            try await hub.waitFor("▸ Log Out")
            try tmux.send("Enter")
            try await hub.waitFor("Log out cou1?")
            try await hub.waitFor("not told: holds cou1's")
            try tmux.send("Enter")
            try await hub.waitFor("Checked in (staged)")
            try await hub.waitFor("notices at foreground")
        } else {
            try tmux.send("Enter")
            try await hub.waitFor("Sign cou1 out of every app?")
            try await hub.waitFor("gets SHARED_MODE_CURRENT_ACCOUNT_CHANGED")
            try tmux.send("Enter")
            try await hub.waitFor("No account signed in")
            try await hub.waitFor("← ACCOUNT_CHANGED")   // Chat was notified at once
        }
        // 6. Check out cou2 as in step 3, then Tab and Enter bring the first app back.
        try hub.fill(contentsOf: ws1 ? ["FRONTLINE", "cou2", "cou2"] : ["cou2", "cou2"])
        try await hub.waitFor(ws1 ? "Checked out to cou2" : "Current account: cou2")
        try tmux.send("Tab", "Enter")
        try await hub.waitForPane(first, "foreground")
        if ws1 {
            try tmux.send("F2")
            let log = try await tmux.waitUntil("the wipe and the user change", timeout: HubDriver.patience) {
                $0.contains("controllerDidWipeCurrentUserData") && $0.contains("controllerDidDetectUserChange")
            }
            let wipe = try #require(log.range(of: "controllerDidWipeCurrentUserData"))
            let change = try #require(log.range(of: "controllerDidDetectUserChange", options: .backwards))
            #expect(wipe.lowerBound < change.lowerBound)
            try tmux.send("F2")
        } else {
            let screen = try await hub.waitFor("Messages of cou2")
            #expect(!screen.contains("of cou1"), "Chat shows nothing of cou1's")
        }
        #expect(try tmux.screen().contains("leaks: 0"))
        #expect(!(try tmux.screen().contains("Attempts left")), "the walk never types a wrong password")
        // 7. F7 step mode; F10 asks mid-walk, Enter quits.
        try tmux.send("F7")
        try await hub.waitFor("STEP")
        try tmux.send("F10")
        try await hub.waitFor("Quit hubsim?")
        try tmux.send("Enter")
        try await hub.waitFor("EXIT=0")
    }

    /// Every entry of the hint line, on the Hub and on a pane, clicked by mouse; the ones the
    /// line has no room for through its "more" menu. Each click must do what its key does.
    @Test func everyHintLineActionIsClickable() async throws {
        let tmux = try await HubsimPane.start()
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.enroll()
        try await hub.checkOut("cou1")

        // Each action the Hub's home offers: what its click shows, and how to go back.
        let onHub: [String: (shows: String, back: [String])] = [
            "F1 help": ("Keys · F1 or Esc closes", ["Escape"]),
            "Enter menu": ("▸ Log Out", ["Escape"]),
            "Tab focus": ("[run][bg]", ["BTab"]),
            "F2 log": ("Event log ·", ["Escape"]),
            "a audit": ("Audit ·", ["Escape"]),
            "F3 diagram": ("State diagram · workspace-one", ["Escape"]),
            "F4 online/offline": ("○ OFFLINE", ["F4"]),
            "F5 +60s": ("", []),   // checked on the clock below
            "F6 to inactivity lock": ("LOCKED", []),
            "F7 step mode": ("STEP: 0 held", ["F7"]),
            "F9 checkpoint": ("Checkpoint 1 marked", []),
            "^X enterprise wipe": ("Enterprise wipe?", []),
            "F10 quit": ("Quit hubsim?", ["Escape"]),
            "F11 SSO map": ("SSO map ·", ["Escape"]),
        ]
        var clicked = Set<String>()
        let home = try lastLine(tmux)
        for entry in try await hintEntries(tmux) {
            let action = try #require(onHub[entry], "the test knows no effect for '\(entry)'")
            let before = try clock(tmux)
            try await clickHint(entry, tmux)
            if entry == "F5 +60s" {
                try await tmux.waitUntil("the clock 60 s on", timeout: HubDriver.patience) { _ in (try? clock(tmux)).map { $0 >= before + 60 } ?? false }
            } else {
                try await hub.waitFor(action.shows)
            }
            clicked.insert(entry)
            switch entry {
            case "F6 to inactivity lock":
                try hub.fill("cou1")                       // unlock
                try await hub.waitFor("Checked out to cou1")
            case "^X enterprise wipe":
                // The wipe's forecast, then its button by mouse.
                try await hub.waitFor("not told: holds no user data")
                try await hub.click("[ Wipe ]")
                try await hub.waitFor("Checked in (staged)")
                try await hub.checkOut("cou1")
            default:
                guard !action.back.isEmpty else { break }
                try tmux.send(action.back[0])
                try await tmux.waitUntil("'\(action.shows)' gone", timeout: HubDriver.patience) { !$0.contains(action.shows) }
            }
            // The key went back home before the next click (an Esc and a click a few ms apart
            // would read as one escape sequence, as from no person's hands).
            try await tmux.waitUntil("the Hub's home", timeout: HubDriver.patience) { _ in (try? lastLine(tmux)) == home }
        }
        #expect(Set(onHub.keys) == clicked, "every action of the Hub's home was on the line or in its menu")

        // A pane's actions: launch, background, suspend, terminate, open Hub.
        try tmux.send("Tab")
        // The narrow pane keeps its faults button; what does not fit beside it stays on the line.
        #expect(try await hub.waitFor("[run][bg]").contains("[faults]"))
        let onPane: [String: String] = [
            "Enter launch": "foreground", "b background": "background", "s suspend": "suspended",
            "t terminate": "terminated", "h open Hub": "",
        ]
        var paneClicked = Set<String>()
        for entry in try await hintEntries(tmux) where onPane[entry] != nil {
            if entry == "b background" || entry == "s suspend" || entry == "t terminate" {
                try await clickHint("Enter launch", tmux)
                try await hub.waitForPane("Notes", "foreground")
            }
            try await clickHint(entry, tmux)
            paneClicked.insert(entry)
            if entry == "h open Hub" {
                // The Hub has the keyboard again: the pane's buttons are gone.
                try await tmux.waitUntil("the Hub focused", timeout: HubDriver.patience) { !$0.contains("[run][bg]") }
                break
            }
            try await hub.waitForPane("Notes", onPane[entry]!)
            try await hub.waitFor("[run][bg]")
        }
        #expect(Set(onPane.keys) == paneClicked)
    }

    // MARK: the hint line

    /// The hint line's entries as drawn, the "more" menu's included (it is opened, read and closed).
    func hintEntries(_ tmux: Tmux) async throws -> [String] {
        let line = try lastLine(tmux)
        var entries = line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard entries.last == "… more" else { return entries }
        entries.removeLast()
        try clickText("… more", onRow: 23, tmux)
        // The whole menu, down to its bottom edge (a screen read mid-frame shows only its top).
        let menu = try await tmux.waitUntil("the more menu") { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
            guard let top = rows.firstIndex(where: { String($0).contains("┌ more ─") }),
                  let column = String(rows[top]).range(of: "┌ more ─").map({ TextWidth.of(String(String(rows[top])[..<$0.lowerBound])) })
            else { return false }
            return rows[(top + 1)...].contains { column < $0.count && $0[column] == "└" }
        }
        let rows = menu.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let top = rows.firstIndex(where: { $0.contains("┌ more ─") }),
              let column = rows[top].range(of: "┌ more ─").map({ TextWidth.of(String(rows[top][..<$0.lowerBound])) }) else { return entries }
        for row in rows[(top + 1)...] {
            let cells = Array(row)
            guard column < cells.count, cells[column] == "│" else { break }
            let inside = String(cells[(column + 1)...]).components(separatedBy: "│").first ?? ""
            entries.append(inside.trimmingCharacters(in: .whitespaces))
        }
        try clickText("… more", onRow: 23, tmux)   // closes it
        try await tmux.waitUntil("the menu closed", timeout: HubDriver.patience) { !$0.contains("┌ more ─") }
        return entries
    }

    /// Clicks `entry` on the hint line, or in the "more" menu when the line has no room for it.
    func clickHint(_ entry: String, _ tmux: Tmux) async throws {
        if try lastLine(tmux).contains(entry) {
            try clickText(entry, onRow: 23, tmux)
            return
        }
        try clickText("… more", onRow: 23, tmux)
        try await tmux.waitUntil("'\(entry)' in the more menu") { $0.contains("┌ more ─") && $0.contains(entry) }
        guard let at = try tmux.locate(entry) else { throw Tmux.Timeout(waitingFor: "'\(entry)' in the more menu", screen: try tmux.screen()) }
        try tmux.click(x: at.x + 1, y: at.y)
    }

    /// The simulator clock of the status line (hours and minutes), in seconds since midnight.
    func clock(_ tmux: Tmux) throws -> Int {
        let status = try tmux.screen().split(separator: "\n").first.map(String.init) ?? ""
        guard let match = status.firstMatch(of: /(\d\d):(\d\d)/) else { return 0 }
        return Int(match.1)! * 3600 + Int(match.2)! * 60
    }

    func lastLine(_ tmux: Tmux) throws -> String {
        try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[23]
    }

    func clickText(_ text: String, onRow row: Int, _ tmux: Tmux) throws {
        let line = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[row]
        guard let range = line.range(of: text) else { throw Tmux.Timeout(waitingFor: "'\(text)' on row \(row)", screen: try tmux.screen()) }
        try tmux.click(x: TextWidth.of(String(line[..<range.lowerBound])) + 1, y: row)
    }
}

extension HubDriver {
    /// `fill` for a list: each value typed, then Enter.
    func fill(contentsOf values: [String]) throws {
        for value in values {
            try tmux.type(value)
            try tmux.send("Enter")
        }
    }
}
