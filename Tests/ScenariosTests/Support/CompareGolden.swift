import Foundation
import GoldenSupport
import HubUI
import Testing

/// The comparison screens' golden files, kept with every other golden screen in
/// `Tests/HubUITests/Golden` (HubUITests cannot load scenarios, so these tests live here),
/// compared and re-recorded by `GoldenFile` as the others are.
enum CompareGolden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("HubUITests/Golden")

    static func check(_ name: String, _ frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) {
        GoldenFile.check(frame.grid.text + "\n", file: directory.appendingPathComponent(name + ".txt"),
                         name: "Golden/\(name).txt", sourceLocation: sourceLocation)
    }
}
