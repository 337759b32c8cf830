import Foundation
import Testing

/// Every shipped lesson at 80x24 on the real binary, with the class trying to get ahead at
/// every step: `q` asks and Esc comes back to the very same screen; an action before its turn
/// (F4, which takes the device offline, or Esc on a page the step opened) is refused with the trainer's line;
/// only the trainer's → moves the lesson on, and the last step quits at once.
@Suite("Every lesson keeps the lead end to end")
struct EveryLessonLeadTests {
    static let lessons = ["ws1-shift-change", "ws1-support-levels", "ws1-offline", "ws1-cross-app-sign-on",
                          "entra-shared-device-mode", "entra-cross-app-sign-on"]

    /// `N` of the first `step K/N` on `screen`.
    static func stepCount(_ screen: String) -> Int? {
        guard let range = screen.range(of: #"step 0/[0-9]+"#, options: .regularExpression) else { return nil }
        return Int(screen[range].dropFirst("step 0/".count))
    }

    @Test(arguments: lessons)
    func theClassCannotGetAhead(lesson: String) throws {
        let tmux = try HubsimPane.start(arguments: ["lesson", lesson])
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        let first = try hub.waitFor("step 0/")
        let count = try #require(Self.stepCount(first), "no step count on \(first)")
        try tmux.send("Space")
        for step in 1..<count {
            let before = try hub.waitFor("step \(step)/\(count)")
            try tmux.send("q")
            try hub.waitFor("Quit the lesson?")
            try tmux.send("Escape")
            try tmux.waitUntil("\(lesson): the screen of step \(step) back", timeout: HubDriver.patience) { $0 == before }
            if before.contains("the class answers at its turn") {
                // A page the step opened: the class's Esc is refused, the page stays.
                try tmux.send("Escape")
                try hub.waitFor("Wait for the trainer: this is step \(step) of \(count)")
            } else {
                // F4 takes the device offline (or online): a change the step does not expect.
                try tmux.send("F4")
                try hub.waitFor("Wait for the trainer: this is step \(step) of \(count)")
            }
            let after = try tmux.screen()
            #expect(after.contains("step \(step)/\(count)") || after.contains("step \(step) of \(count)"),
                    "\(lesson): the class moved the lesson at step \(step):\n\(after)")
            // → goes on; a try-it step waits for the class, and → again shows them.
            try tmux.send("Right")
            let next = try tmux.waitUntil("\(lesson): step \(step + 1) or the class's turn", timeout: HubDriver.patience) {
                $0.contains("step \(step + 1)/\(count)") || $0.contains("Class's turn")
            }
            if !next.contains("step \(step + 1)/\(count)") {
                try tmux.send("Right")
                try hub.waitFor("step \(step + 1)/\(count)")
            }
        }
        try hub.waitFor("step \(count)/\(count)")
        try tmux.send("q")
        try hub.waitFor("EXIT=0")
    }
}
