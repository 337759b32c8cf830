import Configuration
import Foundation
import HubUI
import SessionEngine

/// The readable summary of a run: a line per scenario; for a failed one, every step (✓ ✗ –),
/// the failed step's position, what was expected and what happened, and the last screen.
public enum TextReport {
    public struct Options: Sendable {
        /// List the steps of passing scenarios too.
        public var verbose: Bool
        /// Only failures and the totals line.
        public var quiet: Bool
        public init(verbose: Bool = false, quiet: Bool = false) { self.verbose = verbose; self.quiet = quiet }
    }

    public static func render(_ report: RunReport, options: Options = Options()) -> String {
        var out: [String] = []
        for result in report.results {
            if let error = result.fileError {
                out.append("ERROR \(error.description)")
                continue
            }
            if result.passed {
                if !options.quiet {
                    out.append("PASS  \(result.file) — \(result.reportName) (\(result.steps.count) steps, \(seconds(result.duration)))")
                    if options.verbose { out += stepLines(result) }
                }
                continue
            }
            out.append("FAIL  \(result.file) — \(result.reportName)")
            out += stepLines(result)
            if let failed = result.failedStep, let failure = failed.failure {
                out.append("      \(result.file):\(failed.step.line):\(failed.step.column): \(failed.step.label): \(failure.message)")
                out += block("expected", failure.expected)
                out += block("actual", failure.actual)
            }
            if let screen = result.screen {
                out.append("      last screen (\(result.screenSize.width)x\(result.screenSize.height)):")
                let border = "      +" + String(repeating: "-", count: result.screenSize.width) + "+"
                out.append(border)
                for line in screen.split(separator: "\n", omittingEmptySubsequences: false) {
                    let pad = max(0, result.screenSize.width - TextWidth.of(String(line)))
                    out.append("      |" + line + String(repeating: " ", count: pad) + "|")
                }
                out.append(border)
            }
        }
        out.append(totals(report))
        // Names, labels and expected texts come from the files: a control character in one
        // is shown escaped (`\u{1B}`), so it cannot drive the terminal or break a line.
        return out.map(PrintableText.escaped).joined(separator: "\n") + "\n"
    }

    /// `12 scenarios: 11 passed, 1 failed; 240 steps in 0.42 s`; lessons are counted as
    /// lessons (`6 lessons: …`, `33 scenarios and 6 lessons: …`).
    public static func totals(_ report: RunReport) -> String {
        let errors = report.fileErrors.count
        var parts = ["\(report.passedCount) passed", "\(report.failedCount) failed"]
        if errors > 0 { parts.append("\(errors) file error\(errors == 1 ? "" : "s")") }
        let lessons = report.results.filter(\.isLesson).count
        let scenarios = report.results.count - lessons
        func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let what = lessons == 0 ? counted(scenarios, "scenario")
            : scenarios == 0 ? counted(lessons, "lesson") : counted(scenarios, "scenario") + " and " + counted(lessons, "lesson")
        return "\(what): \(parts.joined(separator: ", ")); \(report.stepCount) steps in \(seconds(report.duration))"
    }

    private static func stepLines(_ result: ScenarioResult) -> [String] {
        result.steps.enumerated().map { i, s in
            let mark: String
            switch s.status {
            case .passed: mark = "ok  "
            case .failed: mark = "FAIL"
            case .skipped: mark = "skip"
            }
            return "      \(mark) \(String(format: "%3d", i + 1)) line \(s.step.line): \(s.step.label)"
        }
    }

    private static func block(_ title: String, _ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let head = "        \(title):".padding(toLength: 19, withPad: " ", startingAt: 0)
        return lines.enumerated().map { i, line in (i == 0 ? head : String(repeating: " ", count: 19)) + line }
    }

    static func seconds(_ s: Double) -> String { String(format: "%.2f s", s) }
}
