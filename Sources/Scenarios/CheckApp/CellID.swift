import SessionEngine

/// A cell of the shift-change matrix by name, the same on every machine and in every run:
/// `workspace-one/check-out-of-another-user/background` — the profile, the transition
/// (`ShiftTransition`'s words, lower case, spaces as '-') and the app's state. It depends on
/// nothing but those three names, so `--shard` splits the same cells on N CI jobs,
/// `check-app merge` puts their reports back in the matrix's order, and `--cell` reruns one
/// cell alone. Docs/check-app.md, "Cell ids".
public struct CellID: Hashable, Sendable, CustomStringConvertible {
    public var profile: ProfileID
    public var transition: ShiftTransition
    public var state: ShiftAppState

    public init(profile: ProfileID, transition: ShiftTransition, state: ShiftAppState) {
        self.profile = profile
        self.transition = transition
        self.state = state
    }

    /// An id as `description` writes it; nil when any of its three parts is not one hubsim
    /// knows, or the transition is not one of the profile's.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let profile = ProfileID(rawValue: parts[0]),
              let transition = ShiftTransition.matrix(for: DeviceProfile.named(profile)).first(where: { Self.slug($0) == parts[1] }),
              let state = ShiftAppState(rawValue: parts[2]) else { return nil }
        self.init(profile: profile, transition: transition, state: state)
    }

    public var description: String { "\(profile.rawValue)/\(Self.slug(transition))/\(state.rawValue)" }

    /// The test case's name, as the table and JUnit write it: `check-out of another user / background`.
    public var name: String { "\(transition.rawValue) / \(state.rawValue)" }

    /// A transition's words as an id writes them: `account-removed-in-settings`.
    public static func slug(_ transition: ShiftTransition) -> String {
        String(transition.rawValue.lowercased().map { $0 == " " ? "-" : $0 })
    }

    /// Every cell of `profile`'s matrix (or of the given transitions), in the matrix's order:
    /// transition by transition, each in every app state.
    public static func matrix(_ profile: ProfileID, transitions: [ShiftTransition]? = nil,
                              states: [ShiftAppState] = ShiftAppState.allCases) -> [CellID] {
        (transitions ?? ShiftTransition.matrix(for: DeviceProfile.named(profile))).flatMap { t in
            states.map { CellID(profile: profile, transition: t, state: $0) }
        }
    }
}
