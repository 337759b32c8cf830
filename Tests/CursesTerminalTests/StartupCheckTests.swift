import Testing
@testable import CursesTerminal

@Suite("Start-up checks")
struct StartupCheckTests {
    @Test func aTerminalWithATypeStarts() {
        let env = TerminalEnvironment(stdinIsTerminal: true, stdoutIsTerminal: true, term: "xterm-256color")
        #expect(env.problem == nil)
    }

    @Test("refused with one line and exit 2", arguments: [
        TerminalEnvironment(stdinIsTerminal: false, stdoutIsTerminal: true, term: "xterm"),
        TerminalEnvironment(stdinIsTerminal: true, stdoutIsTerminal: false, term: "xterm"),
        TerminalEnvironment(stdinIsTerminal: true, stdoutIsTerminal: true, term: nil),
        TerminalEnvironment(stdinIsTerminal: true, stdoutIsTerminal: true, term: ""),
        TerminalEnvironment(stdinIsTerminal: true, stdoutIsTerminal: true, term: "dumb"),
    ])
    func refused(env: TerminalEnvironment) throws {
        let problem = try #require(env.problem)
        #expect(problem.exitCode == 2)
        #expect(!problem.message.contains("\n"))
        #expect(problem.message.hasPrefix("hubsim: "))
    }

    @Test func noColorCountsOnlyWhenNotEmpty() {
        func env(_ value: String?) -> TerminalEnvironment {
            TerminalEnvironment(stdinIsTerminal: true, stdoutIsTerminal: true, term: "xterm", noColor: value)
        }
        #expect(env("1").wantsNoColor)
        #expect(!env("").wantsNoColor)
        #expect(!env(nil).wantsNoColor)
    }

    @Test func exitCodesAreTheShellsOnes() {
        #expect(TerminalExit.quit.exitCode == 0)
        #expect(TerminalExit.signal(2).exitCode == 130)
        #expect(TerminalExit.signal(15).exitCode == 143)
        #expect(TerminalExit.signal(1).exitCode == 129)
        #expect(TerminalExit.hangup.exitCode == 129)
    }
}
