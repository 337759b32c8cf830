import Configuration
import Foundation
import SessionEngine

/// TAP version 13 output: one test point per scenario file, and for a failure a YAML
/// diagnostic block with the step, its position, what was expected, what happened and the
/// last screen. A test point's name lists the faults its scenario armed (`[faults: drop on notes]`).
public enum TAPReport {
    public static func render(_ report: RunReport) -> String {
        var out = ["TAP version 13", "1..\(report.results.count)"]
        for (i, result) in report.results.enumerated() {
            let n = i + 1
            if let error = result.fileError {
                out.append("not ok \(n) - \(description(result.file)) # file error")
                out += diagnostics([("message", error.message), ("file", error.file),
                                    ("line", "\(error.line)"), ("column", "\(error.column)")], screen: nil)
                continue
            }
            if result.passed {
                out.append("ok \(n) - \(description(result.file)): \(description(result.reportName)) (\(result.steps.count) steps)")
                continue
            }
            out.append("not ok \(n) - \(description(result.file)): \(description(result.reportName))")
            guard let failed = result.failedStep, let failure = failed.failure else { continue }
            let index = (result.steps.firstIndex { $0.failure != nil } ?? 0) + 1
            out += diagnostics([
                ("message", failure.message), ("step", "\(index): \(failed.step.label)"), ("file", result.file),
                ("line", "\(failed.step.line)"), ("column", "\(failed.step.column)"),
                ("expected", failure.expected), ("actual", failure.actual),
            ], screen: result.screen)
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// A test point's description may not contain `#` (a directive) or a newline.
    /// One line of text from a file: `#` escaped for TAP, control characters as `\u{1B}`.
    private static func description(_ s: String) -> String {
        PrintableText.escaped(s.replacingOccurrences(of: "#", with: "\\#").replacingOccurrences(of: "\n", with: " "))
    }

    /// Control characters escaped (`\u{9B}`), line by line: libyaml's emitter writes NEL, the
    /// line separators and the direction overrides as they are, and a TAP consumer prints them.
    private static func lineByLine(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { PrintableText.escaped(String($0)) }.joined(separator: "\n")
    }

    /// The YAML diagnostic block, emitted by Yams; TAP 13 wants it indented under its test point.
    private static func diagnostics(_ fields: [(String, String)], screen: String?) -> [String] {
        var values: [(key: String, value: YAMLText.Value)] = fields.map { key, value in
            // Line and column are numbers.
            if !value.isEmpty && value.allSatisfy(\.isASCII), let n = Int(value) { return (key, .number(n)) }
            return (key, .text(lineByLine(value)))
        }
        if let screen { values.append(("screen", .text(lineByLine(screen)))) }
        return YAMLText.block(values).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "  " + $0 }
    }
}
