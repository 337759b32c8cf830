import ArgumentParser
import Configuration
import CursesTerminal
import Foundation
import HubUI
import Scenarios

/// `hubsim compare` in a terminal: the `CompareModel` on a curses session. Nothing is
/// saved: both devices live in memory, as a scenario's do.
struct CompareLaunch {
    var comparison: Comparison

    func run() throws {
        let session: CursesSession
        do {
            session = try CursesSession.start(environment: StartupPath.environment())
        } catch {
            FileHandle.standardError.write(Data((PrintableText.escaped(error.message) + "\n").utf8))
            throw ExitCode(error.exitCode)
        }
        let capabilities = session.capabilities
        var model = CompareModel(comparison.start(theme: capabilities.hasColor ? .colour : .mono),
                                 title: comparison.scenario.name, width: capabilities.width, height: capabilities.height)
        let exit = session.run(&model)
        session.end()
        exit.endProcessBySignal()
        if exit != .quit { throw ExitCode(exit.exitCode) }
    }
}
