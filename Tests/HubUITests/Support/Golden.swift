import Foundation
import HubUI
import Testing

/// Golden screens: the whole grid as text, compared line by line with
/// `Tests/HubUITests/Golden/NAME.txt` (found through `#filePath`, so no bundle is needed).
/// `HUBSIM_RECORD_GOLDEN=1` re-records them (and fails for each file it changed); a mismatch
/// fails with a readable line diff.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Golden")

    static var recording: Bool { ProcessInfo.processInfo.environment["HUBSIM_RECORD_GOLDEN"] == "1" }

    static func check(_ name: String, _ frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) {
        check(name, text: frame.grid.text, height: frame.grid.height, sourceLocation: sourceLocation)
    }

    static func check(_ name: String, text actual: String, height: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name + ".txt")
        if recording {
            // Re-recording passes only when nothing changed: a new or changed file fails the
            // run, so a recording run can never be mistaken for a passing one.
            let before = try? String(contentsOf: url, encoding: .utf8)
            guard before != actual + "\n" else { return }
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try! (actual + "\n").write(to: url, atomically: true, encoding: .utf8)
            Issue.record("re-recorded \(name).txt: review its diff, then run without HUBSIM_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        guard let stored = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no golden file \(name).txt: run with HUBSIM_RECORD_GOLDEN=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = stored.hasSuffix("\n") ? String(stored.dropLast()) : stored
        if expected != actual {
            let message = "screen \(name) differs from its golden file:\n" + diff(expected, actual)
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
        #expect(actual.split(separator: "\n", omittingEmptySubsequences: false).count == height, sourceLocation: sourceLocation)
    }

    /// Lines that differ, numbered, expected (-) above actual (+).
    static func diff(_ expected: String, _ actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for i in 0..<max(e.count, a.count) {
            let el = i < e.count ? String(e[i]) : "<missing>"
            let al = i < a.count ? String(a[i]) : "<missing>"
            if el != al { out.append(String(format: "%3d - |%@|", i + 1, el)); out.append(String(format: "%3d + |%@|", i + 1, al)) }
        }
        return out.joined(separator: "\n")
    }
}
