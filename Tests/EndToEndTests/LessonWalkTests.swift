import Foundation
import FuzzSupport
import Testing

/// A lesson on the real binary (Docs/lessons.md): advance, step back to the very same screen, let
/// the class try, a wrong action gets a clear line and is undone, the right one moves on.
@Suite("Lesson walk end to end", .offThePool)
struct LessonWalkTests {
    @Test func advanceStepBackAndLetTheClassTry() async throws {
        let tmux = try await HubsimPane.start(arguments: ["lesson", "ws1-shift-change"])
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)

        try await hub.waitFor("step 0/9")
        try tmux.send("Space")
        try await hub.waitFor("step 1/9")
        let atOne = try await hub.waitFor("Checked in (staged)")

        // Step 2 is the class's step: Space pauses, → shows them instead.
        try tmux.send("Space")
        try await hub.waitFor("Class's turn: type FRONTLINE Enter cou1 Enter password Enter")
        try tmux.send("Right")
        try await hub.waitFor("Checked out to cou1")
        try await hub.waitFor("step 2/9")

        // Back: the screen is exactly what it was (the simulated clock stands still in a lesson).
        try tmux.send("[")
        try await hub.waitFor("step 1/9")
        #expect(try tmux.screen() == atOne)

        // The class's turn: a wrong action first, then the right one.
        try tmux.send("d")
        try await hub.waitFor("Class's turn")
        try tmux.send("Tab", "Enter")
        try await hub.waitFor("The class did launch notes, not checkOut cou1: [ undoes it, → shows them.")
        try tmux.send("[")
        try await tmux.waitUntil("Notes undone, the class's turn again", timeout: HubDriver.patience) {
            $0.contains("Class's turn") && $0.contains("Notes · not running")
        }
        try hub.fill("FRONTLINE", "cou1", "cou1")
        try await hub.waitFor("step 2/9")
        try await hub.waitFor("Checked out to cou1")

        // Mid-way, q asks first; Enter quits.
        try tmux.send("q")
        try await hub.waitFor("Quit the lesson?")
        try tmux.send("Enter")
        try await hub.waitFor("EXIT=0")
    }

    @Test func thePickerStartsTheChosenLesson() async throws {
        let tmux = try await HubsimPane.start(arguments: ["lesson"])
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.waitFor("Choose a lesson")
        try await hub.waitFor("▸ Android: the broadcast only running apps")
        // The shipped lessons in name order: android-broadcast-running-apps, entra-cross-app-sign-on,
        // entra-shared-device-mode, mhs-pin-and-auto-sign-out, ws1-cross-app-sign-on, ws1-offline,
        // ws1-shift-change (below the first page at 80x24: the list scrolls to it).
        try tmux.send("Down", "Down", "Down", "Down", "Down", "Down")
        try await hub.waitFor("▸ Workspace ONE shift change")
        try tmux.send("Enter")
        try await hub.waitFor("Workspace ONE shift change · step 0/9")
        try tmux.send("q")
        try await hub.waitFor("EXIT=0")
    }
}
