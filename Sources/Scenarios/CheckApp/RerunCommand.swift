/// The command line that reruns one cell of a `hubsim check-app` run alone, printed under
/// every failed cell (the table and the JUnit failure): the run's own options, `--cell ID`,
/// then the app's command after `--`, each word quoted for a POSIX shell where it needs it,
/// so it can be pasted as it is into the directory the run started in.
public struct RerunCommand: Sendable, Equatable {
    /// The options that decide what a cell does (`--tenant`, `--sdk`, `--timeout`, …), without
    /// `--profile`, `--transition` and `--shard`: the cell id says the profile and the cell.
    public var options: [String]
    /// The app's command and its arguments.
    public var command: [String]

    public init(options: [String], command: [String]) {
        self.options = options
        self.command = command
    }

    /// `hubsim check-app --cell workspace-one/check-in/background -- python3 myapp.py`
    public func line(for cell: CellID) -> String {
        (["hubsim", "check-app"] + options + ["--cell", cell.description, "--"] + command).map(Self.quoted).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back: as it is when it has only characters no shell
    /// treats specially, otherwise in single quotes (a quote inside written `'\''`).
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { c in
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || "@%+=:,./_-".unicodeScalars.contains(c)
        }
        if plain { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
