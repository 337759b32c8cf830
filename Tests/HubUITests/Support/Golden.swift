import Foundation
import GoldenSupport
import HubUI
import Testing

/// Golden screens: the whole grid as text, one file per screen in
/// `Tests/HubUITests/Golden/NAME.txt` (found through `#filePath`, so no bundle is needed),
/// compared and re-recorded by `GoldenFile` (`HUBSIM_RECORD_GOLDEN`).
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ name: String, _ frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) {
        check(name, text: frame.grid.text, height: frame.grid.height, sourceLocation: sourceLocation)
    }

    /// A screen's text, one line per row, each file ending in a newline.
    static func check(_ name: String, text actual: String, height: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.split(separator: "\n", omittingEmptySubsequences: false).count == height,
                "screen \(name) has not one line per row", sourceLocation: sourceLocation)
        GoldenFile.check(actual + "\n", file: directory.appendingPathComponent(name + ".txt"), name: "Golden/\(name).txt",
                         sourceLocation: sourceLocation)
    }
}
