import Foundation
import Testing
@testable import HubsimCommands

/// Docs/check-app.md is where an app team reads `check-app`'s options: every option its
/// `--help` lists is written there too (`--serial` was in the help alone).
@Suite struct CheckAppDocTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Docs/check-app.md")

    @Test func everyOptionOfTheHelpIsOnThePage() throws {
        let page = try String(contentsOf: Self.page, encoding: .utf8)
        let help = CheckAppCommand.helpMessage(columns: 100)
        let options = Set(help.matches(of: /--[a-z][a-z-]+/).map { String($0.output) }).subtracting(["--help"])
        #expect(options.contains("--serial") && options.count >= 10, "\(help)")
        let missing = options.filter { !page.contains("`\($0)") && !page.contains(" \($0) ") }.sorted()
        #expect(missing.isEmpty, "Docs/check-app.md does not name \(missing.joined(separator: ", "))")
    }
}
