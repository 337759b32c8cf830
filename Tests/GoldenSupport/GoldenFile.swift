import Foundation
import Testing

/// Golden files: a text the tests make, compared byte for byte with a file committed beside
/// the tests, with a readable line diff when they differ. Every golden comparison of the
/// suite goes through here (the screens of HubUITests and ScenariosTests, the generated
/// `CompiledAssets.swift` of ConfigurationTests), so they all record the same way:
///
/// - no `HUBSIM_RECORD_GOLDEN`: compare; a missing or different file fails.
/// - `HUBSIM_RECORD_GOLDEN=1`: write the files that differ or are missing, and fail each test
///   that wrote one, naming it, so a re-record never passes unseen. A file that matches is
///   left alone.
/// - `HUBSIM_RECORD_GOLDEN=accept`: write them too, with a warning per file instead of a failure.
/// - either of the two under CI (`CI` set, as CI services set it): fail and write nothing;
///   golden files are recorded by a person who reviews the diff, never by a CI run.
/// - any other value fails.
///
/// See Docs/testing.md (re-recording golden files).
public enum GoldenFile {
    /// The variable that asks for a re-record.
    public static let variable = "HUBSIM_RECORD_GOLDEN"

    /// What `HUBSIM_RECORD_GOLDEN` asks for.
    public enum Mode: Equatable, Sendable {
        case compare, record, accept, unknown(String)

        public init(_ value: String?) {
            switch value {
            case nil, "": self = .compare
            case "1": self = .record
            case "accept": self = .accept
            case let other?: self = .unknown(other)
            }
        }
    }

    /// Whether the environment is a CI run: `CI` set to anything but empty, `0` or `false`.
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }

    /// What one check concludes, before any file is touched.
    public enum Outcome: Equatable, Sendable {
        /// The file holds exactly the text.
        case matches
        /// Compare mode, no file: fail.
        case missing
        /// Compare mode, the file differs: fail with this diff.
        case differs(diff: String)
        /// Record or accept mode outside CI, the file differs or is missing: write it, then
        /// fail (`failing`) or warn.
        case write(failing: Bool)
        /// Record or accept mode under CI: fail, write nothing.
        case refusedInCI
        /// A value of the variable that means nothing: fail.
        case unknownMode(String)
    }

    /// The decision, as a pure function of the mode, the CI flag, the stored and the new text.
    public static func outcome(mode: Mode, inCI: Bool, stored: String?, actual: String) -> Outcome {
        switch mode {
        case let .unknown(value):
            return .unknownMode(value)
        case .record, .accept:
            if inCI { return .refusedInCI }
            return stored == actual ? .matches : .write(failing: mode == .record)
        case .compare:
            guard let stored else { return .missing }
            return stored == actual ? .matches : .differs(diff: diff(stored, actual))
        }
    }

    /// Compares `actual` with the file at `url` (or records it, as the environment asks);
    /// `name` is how messages name the file. Returns whether the file matched.
    @discardableResult
    public static func check(_ actual: String, file url: URL, name: String,
                             environment: [String: String] = ProcessInfo.processInfo.environment,
                             sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let stored = try? String(contentsOf: url, encoding: .utf8)
        let mode = Mode(environment[variable])
        switch outcome(mode: mode, inCI: isCI(environment), stored: stored, actual: actual) {
        case .matches:
            return true
        case .missing:
            Issue.record("no golden file \(name): run with \(variable)=1 to record it", sourceLocation: sourceLocation)
        case let .differs(diff):
            Issue.record(Comment(rawValue: "\(name) differs from the text the test made (- file, + now); "
                                 + "re-record with \(variable)=1 if the change is meant:\n" + diff),
                         sourceLocation: sourceLocation)
        case .refusedInCI:
            Issue.record(Comment(rawValue: "\(variable)=\(environment[variable] ?? ""): re-recording golden files is not allowed in CI (CI is set); \(name) was not written"),
                         sourceLocation: sourceLocation)
        case let .unknownMode(value):
            Issue.record(Comment(rawValue: "\(variable)=\(value) is not understood: use 1 (re-record, fail) or accept (re-record, warn)"),
                         sourceLocation: sourceLocation)
        case let .write(failing):
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try actual.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                Issue.record(Comment(rawValue: "could not write \(name) (\(url.path)): \(error)"), sourceLocation: sourceLocation)
                return false
            }
            let written = "re-recorded \(name) (\(url.path))"
            if failing {
                Issue.record(Comment(rawValue: written + ": review the change, then run again without \(variable) "
                                     + "(\(variable)=accept records with a warning instead)"), sourceLocation: sourceLocation)
            } else {
                Issue.record(Comment(rawValue: written), severity: .warning, sourceLocation: sourceLocation)
            }
        }
        return false
    }

    /// Lines that differ, numbered, the file's (-) above the new text's (+); at most `limit`
    /// pairs, then a count of the rest.
    public static func diff(_ expected: String, _ actual: String, limit: Int = 40) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        var differing = 0
        for i in 0..<max(e.count, a.count) {
            let el = i < e.count ? String(e[i]) : "<missing>"
            let al = i < a.count ? String(a[i]) : "<missing>"
            guard el != al else { continue }
            differing += 1
            if differing <= limit {
                let number = String(i + 1)
                let pad = String(repeating: " ", count: max(0, 3 - number.count)) + number
                out.append("\(pad) - |\(el)|")
                out.append("\(pad) + |\(al)|")
            }
        }
        if differing > limit { out.append("… and \(differing - limit) more lines") }
        return out.joined(separator: "\n")
    }
}
