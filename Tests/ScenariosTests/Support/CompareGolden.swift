import Foundation
import HubUI
import Testing

/// The comparison screens' golden files, kept with every other golden screen in
/// `Tests/HubUITests/Golden` (HubUITests cannot load scenarios, so these tests live here)
/// and re-recorded by the same `HUBSIM_RECORD_GOLDEN=1` (fail, naming the file) or `accept`.
enum CompareGolden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("HubUITests/Golden")

    static func check(_ name: String, _ frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = frame.grid.text
        let url = directory.appendingPathComponent(name + ".txt")
        let stored = try? String(contentsOf: url, encoding: .utf8)
        let mode = ProcessInfo.processInfo.environment["HUBSIM_RECORD_GOLDEN"] ?? ""
        if mode == "1" || mode == "accept" {
            guard stored != actual + "\n" else { return }
            try! (actual + "\n").write(to: url, atomically: true, encoding: .utf8)
            Issue.record(Comment(rawValue: "re-recorded Golden/\(name).txt"), severity: mode == "accept" ? .warning : .error,
                         sourceLocation: sourceLocation)
            return
        }
        #expect(mode.isEmpty, "HUBSIM_RECORD_GOLDEN=\(mode) is not understood: use 1 or accept", sourceLocation: sourceLocation)
        guard let stored else {
            Issue.record("no golden file \(name).txt: run with HUBSIM_RECORD_GOLDEN=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = stored.hasSuffix("\n") ? String(stored.dropLast()) : stored
        let diff = zip(expected.split(separator: "\n", omittingEmptySubsequences: false), actual.split(separator: "\n", omittingEmptySubsequences: false))
            .enumerated().filter { $0.element.0 != $0.element.1 }
            .map { "\($0.offset + 1) - |\($0.element.0)|\n\($0.offset + 1) + |\($0.element.1)|" }
        #expect(expected == actual, "Golden/\(name).txt differs:\n\(diff.prefix(10).joined(separator: "\n"))", sourceLocation: sourceLocation)
    }
}
