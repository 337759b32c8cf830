import SessionEngine

/// What one cell of the matrix found: one transition taken with the app in one state.
public struct CheckAppCell: Sendable, Equatable {
    /// How the app fared. Every kind but `handled` fails the check (exit status 1).
    public enum Verdict: Sendable, Equatable {
        case handled
        /// It showed another user's data: the leak audit's visible leak, in a line naming the
        /// items and whose they are.
        case leaked(String)
        /// It left an event unanswered past its time limit (the event's name).
        case hung(String)
        /// Its process ended without being asked to: the exit status and its last stderr line.
        case crashed(String)
        /// It broke the protocol and was stopped.
        case faulted(String)
        /// With `--strict` only: it showed nobody another user's data, but at the cell's end
        /// it can still read another user's items at rest (which, whose, protection).
        case exposed(String)

        /// The word the table shows.
        public var word: String {
            switch self {
            case .handled: "handled"
            case .leaked: "LEAKED"
            case .hung: "HUNG"
            case .crashed: "CRASHED"
            case .faulted: "FAULTED"
            case .exposed: "EXPOSED"
            }
        }

        /// What went wrong, in a line (nil when handled).
        public var detail: String? {
            switch self {
            case .handled: nil
            case let .leaked(s), let .hung(s), let .crashed(s), let .faulted(s), let .exposed(s): s
            }
        }

        public var failed: Bool { self != .handled }
    }

    public var transition: ShiftTransition
    public var state: ShiftAppState
    /// What reached the app from the transition on, in order: lifecycle events, the SDK's
    /// callbacks and notifications (short names, `CheckAppText.legend`), and notifications it missed.
    public var delivered: [String]
    /// What the app did from the transition on: items deleted and stored, another user's
    /// items it still holds readable, what its screen shows at the end.
    public var did: [String]
    public var verdict: Verdict
    /// What hubsim itself could not do in this cell (a step the device refused), if anything.
    public var notes: [String]
    /// Wall-clock seconds the cell took.
    public var duration: Double
    /// Another user's items the app can still read at rest at the cell's end, in a line (nil:
    /// none). Named under the table; a failure only with `--strict`.
    public var exposure: String? = nil
    /// How to fix the leak (or, with `--strict`, the exposure), in one line ending with the
    /// protocol page's anchor.
    public var advice: String? = nil

    /// The test case's name: `check-out of another user / background`.
    public var name: String { "\(transition.rawValue) / \(state.rawValue)" }

    /// The failure line: `LEAKED: shows cou1's 'orders' to cou2`.
    public var failureLine: String? { verdict.detail.map { "\(verdict.word): \($0)" } }
}

/// Everything one `hubsim check-app` found.
public struct CheckAppReport: Sendable {
    public var app: AppDefinition
    public var profile: ProfileID
    public var cells: [CheckAppCell]
    /// Wall-clock seconds for the whole matrix.
    public var duration: Double
    /// Every cell the run chose, in the matrix's order, before `--shard` took its part: what
    /// `check-app merge` puts the shards' cells back in order by.
    public var matrix: [CellID] = []
    /// The part of the matrix this run took (`--shard I/N`), nil for all of it.
    public var shard: MatrixShard? = nil
    /// How to rerun a failed cell alone, printed under it; nil: not printed.
    public var rerun: RerunCommand? = nil

    /// A cell's id: `workspace-one/check-out-of-another-user/background`.
    public func id(of cell: CheckAppCell) -> CellID {
        CellID(profile: profile, transition: cell.transition, state: cell.state)
    }
    /// The program never got through `initialize` in the first cell (why, in a line): the run
    /// stopped there, `cells` holds that one cell.
    public var startFailure: String?

    public var failed: Bool { startFailure != nil || cells.contains { $0.verdict.failed } }

    /// How many cells got each verdict word, in the order the summary names them.
    public var counts: [(word: String, count: Int)] {
        ["handled", "LEAKED", "EXPOSED", "HUNG", "CRASHED", "FAULTED"].map { word in (word, cells.filter { $0.verdict.word == word }.count) }
    }
}
