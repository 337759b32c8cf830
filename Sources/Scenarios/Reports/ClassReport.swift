import Foundation
import SessionEngine

/// The class report, written from a `ClassRecord`: Markdown for the trainer (`--report FILE.md`:
/// a table of every trainee, then each trainee's steps) and JUnit XML for a CI page or an LMS
/// (`--junit FILE.xml`: a suite per trainee, a case per step, in the style of `JUnitReport`).
/// A step not done is a failure there; leaks and hands are each case's properties, since a
/// lesson may make a leak on purpose.
public enum ClassReport {
    /// `12:34`, or `1:02:03` from an hour.
    static func duration(_ seconds: Int) -> String {
        let s = max(0, seconds)
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return s >= 3600 ? "\(s / 3600):\(two((s % 3600) / 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }

    // MARK: Markdown

    public static func markdown(_ r: ClassRecord) -> String {
        let steps = r.stepTitles.count
        var out = "# Class report: \(cell(r.className))\n\n"
        out += "Lesson: \(cell(r.lessonTitle)) (\(steps) step\(steps == 1 ? "" : "s")). "
        out += "\(r.trainees.count) trainee\(r.trainees.count == 1 ? "" : "s"), \(duration(r.seconds)) in all.\n\n"
        out += "| Trainee | Steps done | Time | Leaks caused | Hands raised |\n|---|---:|---:|---:|---:|\n"
        for t in r.trainees {
            out += "| \(cell(t.name)) | \(t.stepsDone) of \(steps) | \(duration(t.seconds)) | \(t.leaks) | \(t.handsRaised) |\n"
        }
        for t in r.trainees {
            out += "\n## \(cell(t.name))\n\n| Step | Done | Time | Leaks caused | Hands raised |\n|---|---|---:|---:|---:|\n"
            for (i, s) in t.steps.enumerated() {
                let title = i < steps ? r.stepTitles[i] : "step \(i + 1)"
                out += "| \(i + 1). \(cell(title)) | \(s.done ? "yes" : "no") | \(s.seconds.map(duration) ?? "–") | \(s.leaks) | \(s.handsRaised) |\n"
            }
        }
        return out
    }

    /// Text for a table cell or a heading: one line, `|` escaped, control characters written
    /// as `\u{1B}` (`PrintableText`), so a name cannot break the table or reach a terminal raw.
    static func cell(_ s: String) -> String {
        PrintableText.escaped(s).replacingOccurrences(of: "|", with: "\\|")
    }

    // MARK: JUnit

    public static func junit(_ r: ClassRecord) -> String {
        var suites: [String] = []
        var totals = (tests: 0, failures: 0)
        let classname = JUnitReport.escape("class.\(r.className)")
        for t in r.trainees {
            var cases: [String] = []
            var failures = 0
            for (i, s) in t.steps.enumerated() {
                let title = i < r.stepTitles.count ? r.stepTitles[i] : "step \(i + 1)"
                let open = "    <testcase name=\"\(JUnitReport.escape("\(t.name): step \(i + 1): \(title)"))\" classname=\"\(classname)\" time=\"\(s.seconds ?? 0)\">"
                let properties = "      <properties>\n        <property name=\"leaks caused\" value=\"\(s.leaks)\"/>\n"
                    + "        <property name=\"hands raised\" value=\"\(s.handsRaised)\"/>\n      </properties>"
                var body = [open, properties]
                if !s.done {
                    failures += 1
                    body.append("      <failure message=\"not done\" type=\"not done\">\(JUnitReport.escape("\(t.name) did not get past step \(i + 1): \(title)"))</failure>")
                }
                body.append("    </testcase>")
                cases.append(body.joined(separator: "\n"))
            }
            totals.tests += t.steps.count; totals.failures += failures
            suites.append("  <testsuite name=\"\(JUnitReport.escape(t.name))\" tests=\"\(t.steps.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(t.seconds)\">\n"
                + cases.joined(separator: "\n") + "\n  </testsuite>")
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="\(JUnitReport.escape("hubsim class \(r.className): \(r.lessonTitle)"))" tests="\(totals.tests)" failures="\(totals.failures)" errors="0" skipped="0" time="\(r.seconds)">
        \(suites.joined(separator: "\n"))
        </testsuites>

        """
    }
}
