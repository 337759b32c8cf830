import Foundation
import FuzzSupport
import Testing

/// The screen follows the terminal's size, and says so plainly when it is too small.
@Suite("Resize", .offThePool)
struct ResizeTests {
    /// The rows of the screen with trailing blanks removed.
    func rows(_ screen: String) -> [Substring] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map { row in
            var r = row[...]
            while r.last == " " { r = r.dropLast() }
            return r
        }
    }

    @Test func growingAndShrinkingReLaysOut() async throws {
        let tmux = try await HubsimPane.start(width: 80, height: 24)
        defer { tmux.kill() }
        let small = try await tmux.waitFor("Enroll this device", timeout: HubDriver.patience)
        #expect(rows(small).contains { $0.count == 80 && $0.hasSuffix("┘") })

        try tmux.resize(width: 120, height: 40)
        let large = try await tmux.waitUntil("a 120-column frame", timeout: HubDriver.patience) { screen in
            rows(screen).contains { $0.count == 120 && $0.hasSuffix("┘") }
        }
        #expect(large.contains("Enroll this device"))
        #expect(!rows(large).contains { $0.count == 80 && $0.hasSuffix("┘") }, "no trace of the old layout")

        try tmux.resize(width: 60, height: 20)
        try await tmux.waitFor("terminal too small (60x20, need 80x24)", timeout: HubDriver.patience)

        try tmux.resize(width: 80, height: 24)
        let back = try await tmux.waitUntil("the 80x24 layout again", timeout: HubDriver.patience) { screen in
            screen.contains("Enroll this device") && rows(screen).contains { $0.count == 80 && $0.hasSuffix("┘") }
        }
        #expect(!back.contains("too small"))
    }
}
