import Configuration
import CursesTerminal
import Foundation
import HubUI
import Scenarios

/// `hubsim compare` in a terminal: the `CompareModel` on a curses session, after the picker
/// (`ComparePicker`) when no file was named. Nothing is saved: both devices live in memory,
/// as a scenario's do.
struct CompareLaunch {
    /// What to play, or nil: the picker chooses among `choices`.
    var comparison: Comparison?
    var choices: CompareChoices?

    func run() throws {
        let session = try CursesSession.started(environment: StartupPath.environment())
        let capabilities = session.capabilities
        let theme: Theme = capabilities.hasColor ? .colour : .mono
        var size = (width: capabilities.width, height: capabilities.height)
        var chosen = comparison
        if chosen == nil, let choices {
            var picker = ComparePicker(comparisons: choices.comparisons.map(\.entry), scenarios: choices.scenarios.map(\.entry),
                                       scenariosHeading: choices.scenariosHeading, theme: theme, width: size.width, height: size.height)
            let exit = session.run(&picker)
            size = (picker.width, picker.height)
            // Quit in the picker (no entry chosen) ends hubsim, as quit does on the comparison.
            guard exit == .quit, let index = picker.chosen else { return try finish(session, exit) }
            chosen = choices.comparison(at: index)
        }
        guard let chosen else { return try finish(session, .quit) }
        var model = CompareModel(chosen.start(theme: theme), title: chosen.scenario.name, width: size.width, height: size.height)
        let exit = session.run(&model)
        // Programs (exec: apps) end with the comparison, before the terminal is given back.
        var play = model.play
        play.endPrograms()
        try finish(session, exit)
    }

    /// Ends the session; a signal or a lost terminal ends the process as it does elsewhere.
    private func finish(_ session: CursesSession, _ exit: TerminalExit) throws {
        session.end()
        exit.endProcessBySignal()
        if exit != .quit { throw CommandError(.terminal(exit)) }
    }
}
