import Foundation
import FuzzSupport
import Testing

/// A whole shift change on the real binary: enroll, cou1 checks out and uses Notes, logs out
/// through the Hub's menu with the mouse, cou2 checks out, and Notes learns only when it
/// comes back to the foreground (004: check-in and check-out are not broadcast).
@Suite("Shift change end to end", .offThePool)
struct ShiftChangeTests {
    @Test func enrollCheckOutLogOutByMouseAndCheckOutAgain() async throws {
        // Wide enough that pane lines show the callbacks' full names.
        let tmux = try await HubsimPane.start(width: 160, height: 40)
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)

        try await hub.enroll()
        try await hub.checkOut("cou1")

        // cou1 opens Notes: its first cold start after installation only runs the initial check.
        try tmux.send("Tab", "Enter")
        try await hub.waitForPane("Notes", "foreground")
        try await hub.waitFor("controllerDidFinishInitialCheck")
        try tmux.send("h")
        try await hub.waitForPane("Notes", "background")

        // Log out through the menu, by mouse only.
        try await hub.click("[ Menu: Log Out… ]")
        try await hub.click("▸ Log Out")
        try await hub.click("[ Log out ]")
        let checkedIn = try await hub.waitFor("Checked in (staged)")
        #expect(!checkedIn.contains("controllerDidWipeCurrentUserData"), "check-in is not broadcast: Notes has not noticed yet")

        try await hub.checkOut("cou2")
        #expect(try !tmux.screen().contains("controllerDidWipeCurrentUserData"), "nor is check-out")

        // Notes comes back to the foreground: wipe first, then the user change. The pane lists
        // them in that order, oldest first, so the wipe is above the user change.
        try tmux.send("Tab", "Enter")
        let screen = try await tmux.waitUntil("Notes' callbacks", timeout: HubDriver.patience) {
            $0.contains("controllerDidWipeCurrentUserData") && $0.contains("controllerDidDetectUserChange")
        }
        let wipe = try #require(screen.range(of: "controllerDidWipeCurrentUserData"))
        let change = try #require(screen.range(of: "controllerDidDetectUserChange", options: .backwards))
        #expect(wipe.lowerBound < change.lowerBound)
        #expect(screen.contains("user: cou2"))
        #expect(screen.contains("leaks: 0"))
    }
}
