import Foundation

/// `hubsim check-app --junit FILE`: one `<testsuite>` for the app, one `<testcase>` per
/// cell named `check-out of another user / background`, a `<failure>` whose message is the
/// leak, hang, crash or fault line and whose body says what reached the app and what it did.
/// XML text is escaped as the scenario reports escape it (`JUnitReport.escape`).
public enum CheckAppJUnit {
    public static func render(_ report: CheckAppReport) -> String {
        let escape = JUnitReport.escape
        let suite = "check-app \(report.app.id) (\(report.profile.rawValue))"
        let className = "check-app.\(report.app.id).\(report.profile.rawValue)"
        let failures = report.cells.filter { $0.verdict.failed }.count
        var cases: [String] = []
        for cell in report.cells {
            let open = "    <testcase name=\"\(escape(cell.name))\" classname=\"\(escape(className))\" time=\"\(time(cell.duration))\""
            guard let line = cell.failureLine else {
                cases.append(open + "/>")
                continue
            }
            let body = "\(cell.name)\n\(line)\n" + (cell.advice.map { "\($0)\n" } ?? "") + "delivered: \(cell.delivered.joined(separator: ", "))\nthe app did: \(cell.did.joined(separator: "; "))\n"
                + cell.notes.map { "hubsim: \($0)\n" }.joined()
            cases.append(open + ">\n      <failure message=\"\(escape(line))\" type=\"\(cell.verdict.word.lowercased())\">\(escape(body))</failure>\n    </testcase>")
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="hubsim check-app" tests="\(report.cells.count)" failures="\(failures)" errors="0" skipped="0" time="\(time(report.duration))">
          <testsuite name="\(escape(suite))" tests="\(report.cells.count)" failures="\(failures)" errors="0" skipped="0" time="\(time(report.duration))">
        \(cases.joined(separator: "\n"))
          </testsuite>
        </testsuites>

        """
    }

    private static func time(_ s: Double) -> String { String(format: "%.3f", s) }
}
