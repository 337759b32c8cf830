import Foundation
import HubUI
import Testing

/// Golden screens: the whole grid as text, compared line by line with
/// `Tests/HubUITests/Golden/NAME.txt` (found through `#filePath`, so no bundle is needed).
/// A mismatch fails with a readable line diff.
///
/// `HUBSIM_RECORD_GOLDEN=1` re-records the files that differ (or are missing) and fails the
/// test of each file it wrote, naming it, so a re-record never passes unseen: review the diff,
/// then run again without the variable. `HUBSIM_RECORD_GOLDEN=accept` writes them and only
/// warns. Any other value fails.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Golden")

    /// What `HUBSIM_RECORD_GOLDEN` asks for.
    enum Mode: Equatable { case compare, record, accept, unknown(String) }

    static var mode: Mode {
        switch ProcessInfo.processInfo.environment["HUBSIM_RECORD_GOLDEN"] {
        case nil, "": .compare
        case "1": .record
        case "accept": .accept
        case let other?: .unknown(other)
        }
    }

    static func check(_ name: String, _ frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) {
        check(name, text: frame.grid.text, height: frame.grid.height, sourceLocation: sourceLocation)
    }

    static func check(_ name: String, text actual: String, height: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name + ".txt")
        let stored = try? String(contentsOf: url, encoding: .utf8)
        switch mode {
        case .compare:
            break
        case let .unknown(value):
            Issue.record("HUBSIM_RECORD_GOLDEN=\(value) is not understood: use 1 (re-record, fail) or accept (re-record, pass)",
                         sourceLocation: sourceLocation)
            return
        case .record, .accept:
            guard stored != actual + "\n" else { return }
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try! (actual + "\n").write(to: url, atomically: true, encoding: .utf8)
            let written = "re-recorded Golden/\(name).txt (\(url.path))"
            if mode == .accept {
                Issue.record(Comment(rawValue: written), severity: .warning, sourceLocation: sourceLocation)
            } else {
                Issue.record(Comment(rawValue: written + ": review the change, then run again without HUBSIM_RECORD_GOLDEN "
                                     + "(HUBSIM_RECORD_GOLDEN=accept records without failing)"), sourceLocation: sourceLocation)
            }
            return
        }
        guard let stored else {
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
