import Foundation
import FuzzSupport
import Testing

/// A lesson at 80x24 keeps the lead on the real binary: at every step the class tries to get
/// ahead (Enter, q, Esc, an action key), and the lesson is where the trainer left it; the
/// page step 6 opens keeps a strip of the narration, and only the trainer's → goes on.
@Suite("Lesson keeps the lead end to end", .offThePool)
struct LessonLeadWalkTests {
    @Test func theClassCannotGetAheadAtAnyStep() async throws {
        let tmux = try await HubsimPane.start(arguments: ["lesson", "ws1-shift-change"])
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.waitFor("step 0/9")
        try tmux.send("Space")
        try await hub.waitFor("step 1/9")
        for step in 1...8 {
            // The screen to come back to, once it has settled: the capture that first shows the
            // step can be a frame still being painted, which nothing would ever show again.
            var seen = try await hub.waitFor("step \(step)/9")
            let before = try await tmux.waitUntil("step \(step)'s screen to settle", timeout: HubDriver.patience) { screen in
                defer { seen = screen }
                return screen == seen
            }
            // q asks (the lesson is mid-way) and Esc comes back to the very same screen.
            try tmux.send("q")
            try await hub.waitFor("Quit the lesson?")
            try tmux.send("Escape")
            do {
                try await tmux.waitUntil("the screen of step \(step) back", timeout: HubDriver.patience) { $0 == before }
            } catch {
                Issue.record("the screen before q was:\n\(before)")
                throw error
            }
            if step != 6 {
                // An action before its turn (launch the first pane's app) is refused with one
                // line; the device does not move.
                try tmux.send("Tab", "l")
                try await hub.waitFor("Wait for the trainer: this is step \(step) of 9")
                try tmux.send("BTab")
            } else {
                // The page this step opened: its narration strip stays, Esc and y are refused.
                let page = try await hub.waitFor("Log out cou1?")
                #expect(page.contains("Lesson step 6/9 · "))
                try tmux.send("Escape")
                try await hub.waitFor("Wait for the trainer: this is step 6 of 9")
                try tmux.send("y")
                try await hub.waitFor("Log out cou1?")
                // Enter is the trainer's next step: the class's turn, still checked out.
                try tmux.send("Enter")
                try await hub.waitFor("Class's turn: Enter (checkIn)")
                #expect(try tmux.screen().contains("Log out cou1?"))
                try tmux.send("Enter")                 // now the class logs out
                try await hub.waitFor("step 7/9")
                try await hub.waitFor("Checked in. Not broadcast")
                continue
            }
            // → goes on; a try-it step waits for the class, → again shows them.
            try tmux.send("Right")
            try await tmux.waitUntil("step \(step + 1) or the class's turn", timeout: HubDriver.patience) {
                $0.contains("step \(step + 1)/9") || $0.contains("Class's turn")
            }
            if try tmux.screen().contains("Class's turn") {
                // The class's turn already heads the panel with the next step's number: wait for
                // the turn to end, or the next step's screen would be taken before → shows them.
                try tmux.send("Right")
                try await tmux.waitUntil("step \(step + 1) shown to the class", timeout: HubDriver.patience) {
                    $0.contains("step \(step + 1)/9") && !$0.contains("Class's turn")
                }
            }
        }
        // Step 9: cou2 checked out, the check-in's message gone; the end quits at once.
        let end = try await hub.waitFor("step 9/9")
        #expect(!end.contains("Not broadcast"))
        try tmux.send("q")
        try await hub.waitFor("EXIT=0")
    }

    @Test func thePickerScrollsToTheLastLessonAt80x24() async throws {
        let tmux = try await HubsimPane.start(arguments: ["lesson"])
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.waitFor("Choose a lesson")
        for _ in 0..<7 { try tmux.send("Down") }
        let screen = try await hub.waitFor("▸ Support levels and a leaking app")
        #expect(screen.contains("more above"))
        try tmux.send("Enter")
        try await hub.waitFor("Support levels and a leaking app · step 0/")
        try tmux.send("q")
        try await hub.waitFor("EXIT=0")
    }
}
