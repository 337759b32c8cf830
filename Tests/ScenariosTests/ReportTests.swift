import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SessionEngine
import Testing
@testable import Scenarios

@Suite struct ReportTests {
    /// A run with a pass, a failure (with characters XML must escape) and a file error.
    static func mixedRun() async throws -> RunReport {
        let dir = Fixtures.temporaryDirectory()
        let good = Fixtures.write(Fixtures.ws1("  - expect: {state: checkedOut}"), "good.yaml", in: dir)
        let bad = Fixtures.write("""
            name: "Fails <on purpose> & \\"quotes\\" # not a directive"
            profile: workspace-one
            steps:
              - enroll: {group: FRONTLINE, user: stage, password: stage}
              - expect: {screen: "<b>&amp;'"}
              - goOnline
              - goOffline
            """, "bad.yaml", in: dir)
        let broken = Fixtures.write("profile: workspace-one\nsteps:\n  - launch: chess\n", "broken.yaml", in: dir)
        return await Fixtures.runner().run(files: [good, bad, broken])
    }

    @Test func tapHasAPlanAPointPerScenarioAndDiagnosticsForFailures() async throws {
        let report = try await Self.mixedRun()
        let tap = TAPReport.render(report)
        let lines = tap.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "TAP version 13")
        #expect(lines[1] == "1..3")
        let points = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        #expect(points.count == 3)
        #expect(points[0].hasPrefix("ok 1 - ") && points[0].hasSuffix("good.yaml: t (3 steps)"))
        #expect(points[1].hasPrefix("not ok 2 - ") && points[1].contains("\\# not a directive"))
        #expect(points[2].hasPrefix("not ok 3 - ") && points[2].hasSuffix("broken.yaml # file error"))
        // The failure's diagnostics: a YAML block between --- and ..., with the screen.
        let start = try #require(lines.firstIndex(of: "  ---"))
        let end = try #require(lines[start...].firstIndex(of: "  ..."))
        let block = lines[start...end].joined(separator: "\n")
        #expect(block.contains("  step: \"2: expect screen\""))
        #expect(block.contains("  line: 5"))
        #expect(block.contains("  column: 5"))
        #expect(block.contains("  screen: |2-"))
        #expect(block.contains("Enroll") == false)
        #expect(block.contains("Checked in (staged)"))
        #expect(tap.contains("  message: \"unknown app 'chess'; valid: notes, scanner, inventory, reports, forms\""))
    }

    @Test func junitParsesAsXMLWithTheRightCounts() async throws {
        let report = try await Self.mixedRun()
        let xml = JUnitReport.render(report)
        let document = try XMLDocument(xmlString: xml, options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        func attr(_ e: XMLElement, _ name: String) -> String? { e.attribute(forName: name)?.stringValue }
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 3)
        // good: 3 steps passed; bad: 4 steps, 1 failure, 2 skipped; broken: 1 error.
        #expect(suites.map { attr($0, "tests") } == ["3", "4", "1"])
        #expect(suites.map { attr($0, "failures") } == ["0", "1", "0"])
        #expect(suites.map { attr($0, "errors") } == ["0", "0", "1"])
        #expect(suites.map { attr($0, "skipped") } == ["0", "2", "0"])
        #expect(attr(root, "tests") == "8" && attr(root, "failures") == "1" && attr(root, "errors") == "1" && attr(root, "skipped") == "2")
        #expect(attr(suites[1], "name") == "Fails <on purpose> & \"quotes\" # not a directive")
        let cases = suites[1].elements(forName: "testcase")
        #expect(cases.count == 4)
        #expect(attr(cases[1], "name") == "step 2 (line 5): expect screen")
        #expect(attr(cases[1], "line") == "5")
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(attr(failure, "message") == "screen differs")
        let body = failure.stringValue ?? ""
        #expect(body.contains("shows \"<b>&amp;'\""))
        #expect(body.contains("last screen (80x24):"))
        #expect(body.contains("Checked in (staged)"))
        #expect(cases[2].elements(forName: "skipped").count == 1)
        let error = try #require(suites[2].elements(forName: "testcase").first?.elements(forName: "error").first)
        #expect(error.stringValue?.hasSuffix("broken.yaml:3:13: unknown app 'chess'; valid: notes, scanner, inventory, reports, forms") == true)
    }

    @Test func xmlEscapingCoversMarkupAndControlCharacters() {
        #expect(JUnitReport.escape("a<b>&\"c'\n\u{0}\u{9B}\u{FFFE}") == "a&lt;b&gt;&amp;&quot;c&apos;&#10;\\u{0}\\u{9B}\u{FFFD}")
    }
}
