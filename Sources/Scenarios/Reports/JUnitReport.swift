import Configuration
import Foundation
import SessionEngine

/// JUnit XML as CI systems read it: one `<testsuite>` per scenario file and one `<testcase>`
/// per step, so a CI page shows which step failed. A failed step carries a `<failure>` with
/// what was expected, what happened and the last screen; the steps after it are
/// `<skipped>`; a file that could not be used is a suite with one `<error>`. A suite's name
/// lists the faults its scenario armed (`… [faults: drop on notes]`), so a CI page shows which
/// faulted transitions were tried.
public enum JUnitReport {
    public static func render(_ report: RunReport) -> String {
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, errors: 0, skipped: 0)
        for result in report.results {
            if let error = result.fileError {
                totals.tests += 1; totals.errors += 1
                suites.append("""
                  <testsuite name="\(escape(result.name))" file="\(escape(result.file))" tests="1" failures="0" errors="1" skipped="0" time="0">
                    <testcase name="load \(escape(result.file))" classname="\(escape(className(result.file)))">
                      <error message="\(escape(error.message))" type="file error">\(escape(error.description))</error>
                    </testcase>
                  </testsuite>
                """)
                continue
            }
            var cases: [String] = []
            var counts = (failures: 0, skipped: 0)
            for (i, s) in result.steps.enumerated() {
                let open = "    <testcase name=\"\(escape("step \(i + 1) (line \(s.step.line)): \(s.step.label)"))\" classname=\"\(escape(className(result.file)))\" file=\"\(escape(result.file))\" line=\"\(s.step.line)\""
                switch s.status {
                case .passed:
                    cases.append(open + "/>")
                case let .failed(f):
                    counts.failures += 1
                    var body = "\(result.file):\(s.step.line):\(s.step.column): \(s.step.label)\nexpected:\n\(f.expected)\nactual:\n\(f.actual)\n"
                    if let screen = result.screen {
                        body += "\nlast screen (\(result.screenSize.width)x\(result.screenSize.height)):\n\(screen)\n"
                    }
                    cases.append(open + ">\n      <failure message=\"\(escape(f.message))\" type=\"assertion\">\(escape(body))</failure>\n    </testcase>")
                case .skipped:
                    counts.skipped += 1
                    cases.append(open + ">\n      <skipped message=\"not run: an earlier step failed\"/>\n    </testcase>")
                }
            }
            totals.tests += result.steps.count; totals.failures += counts.failures; totals.skipped += counts.skipped
            suites.append("  <testsuite name=\"\(escape(result.reportName))\" file=\"\(escape(result.file))\" tests=\"\(result.steps.count)\" failures=\"\(counts.failures)\" errors=\"0\" skipped=\"\(counts.skipped)\" time=\"\(time(result.duration))\">\n"
                + cases.joined(separator: "\n") + "\n  </testsuite>")
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="hubsim scenarios" tests="\(totals.tests)" failures="\(totals.failures)" errors="\(totals.errors)" skipped="\(totals.skipped)" time="\(time(report.duration))">
        \(suites.joined(separator: "\n"))
        </testsuites>

        """
    }

    /// The file's name without directory or extension: what CI groups cases by.
    private static func className(_ file: String) -> String {
        URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }

    private static func time(_ s: Double) -> String { String(format: "%.3f", s) }

    /// Text for XML attributes and content. Control characters other than line feed, tab
    /// and carriage return (which are character references) are written as `\u{1B}`, as in
    /// every other report (`PrintableText`): XML 1.0 cannot carry C0 at all, and DEL, C1
    /// (CSI U+009B), the line separators and the direction overrides it can carry would reach
    /// a CI page or a terminal raw. The non-characters it cannot carry become U+FFFD, so the
    /// document always parses.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default:
                if PrintableText.needsEscape(ch) {
                    out += "\\u{" + String(ch.value, radix: 16, uppercase: true) + "}"
                    continue
                }
                let v = ch.value
                let allowed = v >= 0x20 && v != 0xFFFE && v != 0xFFFF && !(0xD800...0xDFFF).contains(v)
                out.unicodeScalars.append(allowed ? ch : "\u{FFFD}")
            }
        }
        return out
    }
}
