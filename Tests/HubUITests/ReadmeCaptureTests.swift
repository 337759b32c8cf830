import Foundation
import HubUI
import Testing

/// The README opens with the 80x24 screen of `hubsim --ephemeral` as text. That block must be
/// what hubsim draws, so it cannot go stale when a screen changes: the first frame of a new
/// workspace-one device, rendered headless the way `FrameLoop` paints it in the terminal.
@Suite struct ReadmeCaptureTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

    /// The lines of the README's first ```text block, the capture.
    static func capture(in page: String) -> [String]? {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "```text"),
              let end = lines[(start + 1)...].firstIndex(of: "```") else { return nil }
        return Array(lines[(start + 1)..<end])
    }

    /// A terminal capture (`tmux capture-pane -p`) drops the spaces at the end of a row.
    static func trimmed(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        return String(line)
    }

    @Test func theReadmesCaptureIsTheFirstScreenOfANewDevice() throws {
        let page = try String(contentsOf: Self.readme, encoding: .utf8)
        let capture = try #require(Self.capture(in: page), "README.md has no ```text block with the 80x24 capture")
        let drawn = Fixtures.model(width: 80, height: 24).screen()
            .split(separator: "\n", omittingEmptySubsequences: false).map { Self.trimmed(String($0)) }
        #expect(drawn.count == 24)
        let shown = capture.map(Self.trimmed)
        #expect(shown == drawn, "README.md's capture is stale; hubsim draws:\n\(drawn.joined(separator: "\n"))")
    }
}
