import Foundation

/// Every file one run of a command reads or writes, gathered at its start so its outputs
/// (`--record`, `--cast`, `--junit`, `--log-file`) are checked together before the screen is
/// taken over or a scenario runs: no output may be a file the run reads (the device's
/// database and its companions, the tenant, the app catalogue, the scenario or lesson files),
/// nor another output, however either is spelled (`FileIdentity`), with `--force` or without.
/// Each output is then claimed as `OutputFile.claim` does (existing files, special files,
/// a writable directory).
struct RunFiles {
    /// A file the run reads, and what it is, for the refusal ("the tenant file").
    struct Input: Equatable {
        var what: String
        var path: String
    }

    /// A file the run writes, by the option that names it.
    struct Output: Equatable {
        var option: String
        var path: String
        /// Appended to (`--log-file`): an existing regular file is kept, not replaced.
        var appends: Bool
    }

    private(set) var inputs: [Input] = []
    private(set) var outputs: [Output] = []
    /// `--force`: outputs that replace may replace an existing file that is not an input.
    var force: Bool

    init(force: Bool) {
        self.force = force
    }

    /// The run reads `path` (nothing when nil).
    mutating func reads(_ path: String?, as what: String) {
        guard let path else { return }
        inputs.append(Input(what: what, path: path))
    }

    /// The run opens the SQLite database at `path`: the file and the companions SQLite makes
    /// beside it (SQLite's documentation, "Temporary Files Used By SQLite": the rollback
    /// journal, the write-ahead log and its shared-memory index), beside the path as given
    /// and beside the file a link there points to.
    mutating func readsDatabase(_ path: String) {
        reads(path, as: "the device's database")
        var spellings = [path]
        if let resolved = realpath(path, nil) {
            let target = String(cString: resolved)
            free(resolved)
            if target != path { spellings.append(target) }
        }
        for spelling in spellings {
            reads(spelling + "-wal", as: "the device database's write-ahead log")
            reads(spelling + "-shm", as: "the device database's shared-memory index")
            reads(spelling + "-journal", as: "the device database's rollback journal")
        }
    }

    /// The run writes `path` for `option` (nothing when nil).
    mutating func writes(_ path: String?, for option: String, appending: Bool = false) {
        guard let path else { return }
        outputs.append(Output(option: option, path: path, appends: appending))
    }

    /// Checks and claims every output in the order given; the first refusal is thrown, and
    /// nothing has been written then (a claim's probe file is removed at once). The claimed
    /// files by option.
    func claim() throws(OutputFile.Refusal) -> [String: OutputFile] {
        let inputIdentities = inputs.map { ($0, FileIdentity.of($0.path)) }
        var claimed: [String: OutputFile] = [:]
        var earlier: [(Output, FileIdentity?)] = []
        for output in outputs {
            let identity = FileIdentity.of(output.path)
            func refuse(_ problem: String, _ remedy: String) -> OutputFile.Refusal {
                OutputFile.Refusal(option: output.option, path: output.path, problem: problem, remedy: remedy)
            }
            if let identity {
                if let (input, _) = inputIdentities.first(where: { $0.1 == identity }) {
                    throw refuse("is \(input.what) (\(MessageText.shown(input.path)))",
                                 "hubsim never writes over a file it reads, even with --force: choose another path")
                }
                if let (other, _) = earlier.first(where: { $0.1 == identity }) {
                    throw refuse("\(other.option) writes the same file", "give each its own path")
                }
            }
            claimed[output.option] = try OutputFile.claim(output.path, for: output.option,
                                                          force: force, appending: output.appends)
            earlier.append((output, identity))
        }
        return claimed
    }
}
