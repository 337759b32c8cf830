import Configuration
import SessionEngine

/// Why a lesson or a race refuses a developer's program (an `exec:` app) at load: the lesson
/// player steps back, and undoes what the class did off track, by restoring the device and
/// the screen exactly as they were at an earlier step (`LessonPlayer`). A running program's
/// memory cannot be restored with them: after a step back it would answer as if the step had
/// happened, and the class would be taught what no device does. `hubsim run`, `compare`,
/// `check-app` and `--record` play programs (Docs/lessons.md, "Lessons and your own program").
enum LessonPrograms {
    /// Throws the one line when `scenario`'s apps include a program; `apps` is the file's
    /// `apps:` node, where the line points.
    static func refuse(_ scenario: Scenario, apps: YAMLValue?, kind: String) throws(ConfigError) {
        guard let program = scenario.apps.first(where: \.isExternal) else { return }
        let message = "app '\(program.id)' is your own program (exec:): a \(kind) steps back to earlier states, which a running program cannot follow; "
            + "play it with hubsim run, hubsim compare or --record, or give the \(kind) catalogue apps"
        throw apps?.error(message) ?? ConfigError(file: scenario.file, line: 1, column: 1, message: message)
    }
}
