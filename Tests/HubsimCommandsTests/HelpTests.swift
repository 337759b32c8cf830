import ArgumentParser
import Foundation
import Testing
@testable import HubsimCommands

/// `hubsim --help` lists every command and the default command's options; a mistyped command
/// gets the nearest one's name; `check-app --help` fits 80 columns. Through the real binary.
@Suite struct HelpTests {
    /// Help is wrapped to the terminal's width; without a terminal, to `COLUMNS`.
    static let eighty = ["COLUMNS": "80"]

    static func expectFitsEightyColumns(_ text: String, _ what: String) {
        for line in text.split(separator: "\n") {
            #expect(line.count <= 80, "\(what): \(line.count) columns: \(line)")
        }
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func theRootHelpListsTheInteractiveOptionsAndEveryCommand(arguments: [String]) async throws {
        let run = try await MessageTests.hubsim(arguments, environment: Self.eighty)
        #expect(run.status == 0, "\(run.stderr)")
        let help = run.stdout
        for option in ["--profile <profile>", "--ephemeral", "--app <name=command>", "--device <device>", "--record <file>", "--no-confirm", "-h, --help"] {
            #expect(help.contains("\n  " + option), "\(option) missing from hubsim \(arguments[0])")
        }
        for command in ["interactive (default)", "run", "check-app", "lesson", "race", "compare", "tenant", "reset"] {
            #expect(help.contains("\n  " + command + " "), "\(command) missing from hubsim \(arguments[0])")
        }
        #expect(help.contains("USAGE: hubsim [<options>] "))
        #expect(help.components(separatedBy: "OPTIONS:").count == 2, "one list of options")
        Self.expectFitsEightyColumns(help, "hubsim \(arguments[0])")
    }

    /// The same text as the composition the command makes, so a change of ArgumentParser's
    /// layout that breaks the composition shows here, not as a silently shorter help.
    @Test func theRootHelpIsComposedNotArgumentParsersAlone() {
        let help = Hubsim.rootHelp(columns: 80)
        #expect(help != Hubsim.helpMessage(for: Hubsim.self, columns: 80))
        #expect(help.contains("--ephemeral") && help.contains("SUBCOMMANDS:"))
        #expect(Hubsim.help(for: ValidationError("x")) == nil)
    }

    @Test(arguments: [
        ("chek-app", "check-app"), ("lesosn", "lesson"), ("rn", "run"), ("complare", "compare"), ("Race", "race"), ("tennant", "tenant"), ("hlep", "help"),
    ])
    func aMistypedCommandGetsTheNearestOne(typed: String, meant: String) async throws {
        let run = try await MessageTests.hubsim([typed, "--ephemeral"])
        #expect(run.status == 2)
        #expect(run.stderr == "hubsim: Unexpected argument '\(typed)'. Did you mean '\(meant)'?; see 'hubsim --help'\n")
    }

    @Test func aWordNearNoCommandGetsNoGuess() async throws {
        let run = try await MessageTests.hubsim(["frobnicate"])
        #expect(run.status == 2)
        #expect(run.stderr == "hubsim: Unexpected argument 'frobnicate'; see 'hubsim --help'\n")
        // Options keep ArgumentParser's own guess.
        let option = try await MessageTests.hubsim(["--profle", "x"])
        #expect(option.stderr.contains("Did you mean '--profile'?"), "\(option.stderr)")
    }

    @Test func nearestIsOnlyAClearTypo() {
        let names = Hubsim.commandNames
        #expect(CommandName.nearest(to: "chek-app", among: names) == "check-app")
        #expect(CommandName.nearest(to: "checkapp", among: names) == "check-app")
        #expect(CommandName.nearest(to: "x", among: names) == nil)
        #expect(CommandName.nearest(to: "interactiv", among: names) == "interactive")
        #expect(CommandName.nearest(to: "reste", among: names) == "reset")
        #expect(CommandName.distance(Array("ab"), Array("ba")) == 1)
        #expect(CommandName.distance(Array(""), Array("run")) == 3)
    }

    @Test func checkAppsHelpHasAShortUsageOnceAndFitsEightyColumns() async throws {
        let run = try await MessageTests.hubsim(["check-app", "--help"], environment: Self.eighty)
        #expect(run.status == 0)
        let usages = run.stdout.components(separatedBy: "USAGE:").count - 1
        #expect(usages == 1, "usage printed \(usages) times")
        #expect(run.stdout.contains("USAGE: hubsim check-app [<options>] -- <command> [<argument> ...]\n       hubsim check-app [<options>] --app <app>\n"))
        #expect(run.stdout.contains("--serial"))
        Self.expectFitsEightyColumns(run.stdout, "hubsim check-app --help")
    }
}
