import ArgumentParser
@testable import HubsimCommands
import Testing

/// A value outside a typed option's set is refused in one line that names every valid value
/// and, for a typo, the value meant (ArgumentParser's own message lists them over lines, or
/// reads "Please provide one of", and suggests nothing).
@Suite struct ChoiceRefusalTests {
    @Test(arguments: [
        (["--profile", "entra-io"], "hubsim: unknown profile 'entra-io'; valid: workspace-one, entra-ios, entra-android, android-mhs; did you mean 'entra-ios'?"),
        (["--profile", "x"], "hubsim: unknown profile 'x'; valid: workspace-one, entra-ios, entra-android, android-mhs"),
        (["reset", "--profile", "Workspace-One"], "hubsim: unknown profile 'Workspace-One'; valid: workspace-one, entra-ios, entra-android, android-mhs; did you mean 'workspace-one'?"),
        (["check-app", "--sdk", "msl", "--", "true"], "hubsim: unknown SDK 'msl'; valid: workspace-one, msal, none; did you mean 'msal'?"),
        (["check-app", "--profile", "entra-andriod", "--", "true"], "hubsim: unknown profile 'entra-andriod'; valid: workspace-one, entra-ios, entra-android, android-mhs; did you mean 'entra-android'?"),
        (["tenant", "add-user", "t.yaml", "bob", "--staging", "multi"], "hubsim: unknown staging mode 'multi'; valid: multi-user, single-user; did you mean 'multi-user'?"),
    ])
    func aValueOutsideTheSetIsOneLineWithTheNearest(arguments: [String], line: String) async throws {
        MessageTests.expectRefusal(try await MessageTests.hubsim(arguments), line)
    }

    /// Both of ArgumentParser's forms: up to five values inline, six or more one per line.
    @Test func bothFormsOfTheMessageAreRead() throws {
        let inline = try #require(ChoiceRefusal("Error: The value 'x' is invalid for '--sdk <SDK>'. Please provide one of 'workspace-one', 'msal' or 'none'.\nHelp: ..."))
        #expect(inline == ChoiceRefusal(value: "x", noun: "SDK", valid: ["workspace-one", "msal", "none"]))
        let bullets = try #require(ChoiceRefusal("Error: The value 'sixx' is invalid for '--n <a-number>'. Please provide one of the following:\n  - one\n  - two\n  - three\n  - four\n  - five\n  - six\nUsage: ..."))
        #expect(bullets.text == "unknown a number 'sixx'; valid: one, two, three, four, five, six; did you mean 'six'?")
        #expect(ChoiceRefusal("Error: Missing value for '--device <device>'") == nil)
    }

    /// The typed options list their values in the help, from the types themselves.
    @Test func theHelpListsTheValues() {
        let help = Hubsim.helpMessage(for: CheckAppCommand.self, columns: 400)
        #expect(help.contains("(values: workspace-one, entra-ios, entra-android, android-mhs)"))
        #expect(help.contains("(values: workspace-one, msal, none)"))
        #expect(Hubsim.helpMessage(for: TenantCommand.AddUser.self, columns: 400).contains("(values: multi-user, single-user)"))
    }
}
