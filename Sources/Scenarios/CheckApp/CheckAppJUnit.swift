import Foundation

/// `hubsim check-app --junit FILE`: one `<testsuite>` for the app, one `<testcase>` per
/// cell named `check-out of another user / background`, a `<failure>` whose message is the
/// leak, hang, crash or fault line and whose body says what reached the app, what it did and
/// the command that reruns the cell alone. XML text is escaped as the scenario reports escape
/// it (`JUnitReport.escape`).
///
/// The suite's properties carry what `check-app merge` needs to put shards back together:
/// `hubsim.cells`, every cell id of the run before `--shard` took its part, in the matrix's
/// order, and `hubsim.shard` (`2/3`) in a shard's file. Each test case is one line, or three
/// with its failure (whose line breaks are character references), which is how
/// `CheckAppMerge` reads them back.
public enum CheckAppJUnit {
    public static func render(_ report: CheckAppReport) -> String {
        let escape = JUnitReport.escape
        let className = "check-app.\(report.app.id).\(report.profile.rawValue)"
        var cases: [String] = []
        for cell in report.cells {
            let open = "    <testcase name=\"\(escape(cell.name))\" classname=\"\(escape(className))\" time=\"\(time(cell.duration))\""
            guard let line = cell.failureLine else {
                cases.append(open + "/>")
                continue
            }
            let body = "\(cell.name)\n\(line)\n" + (cell.advice.map { "\($0)\n" } ?? "") + "delivered: \(cell.delivered.joined(separator: ", "))\nthe app did: \(cell.did.joined(separator: "; "))\n"
                + cell.notes.map { "hubsim: \($0)\n" }.joined()
                + (report.rerun.map { "rerun: \($0.line(for: report.id(of: cell)))\n" } ?? "")
            cases.append(open + ">\n      <failure message=\"\(escape(line))\" type=\"\(cell.verdict.word.lowercased())\">\(escape(body))</failure>\n    </testcase>")
        }
        let matrix = report.matrix.isEmpty ? report.cells.map(report.id(of:)) : report.matrix
        return document(suite: suiteName(app: report.app.id, profile: report.profile.rawValue), cells: matrix.map(\.description),
                        shard: report.shard?.description, cases: cases, failures: report.cells.filter { $0.verdict.failed }.count,
                        time: report.duration)
    }

    /// The suite's name: `check-app store (workspace-one)`.
    static func suiteName(app: String, profile: String) -> String { "check-app \(app) (\(profile))" }

    /// The whole document around the test cases, each already written (`render`), or taken
    /// from the shards' files (`CheckAppMerge`).
    static func document(suite: String, cells: [String], shard: String?, cases: [String], failures: Int, time seconds: Double) -> String {
        let escape = JUnitReport.escape
        let properties = ["      <property name=\"hubsim.cells\" value=\"\(escape(cells.joined(separator: " ")))\"/>"]
            + (shard.map { ["      <property name=\"hubsim.shard\" value=\"\(escape($0))\"/>"] } ?? [])
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(time(seconds))\""
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="hubsim check-app" \(counts)>
          <testsuite name="\(escape(suite))" \(counts)>
            <properties>
        \(properties.joined(separator: "\n"))
            </properties>
        \(cases.joined(separator: "\n"))
          </testsuite>
        </testsuites>

        """
    }

    static func time(_ s: Double) -> String { String(format: "%.3f", s) }
}
