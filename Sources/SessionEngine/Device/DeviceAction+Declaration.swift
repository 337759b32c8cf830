extension DeviceAction {
    /// What a device action says about itself, once: how its scenario step is written and
    /// read, the arrows of the state diagrams it may take, the refusals it may answer with,
    /// the profiles it belongs to, and whether the interactive UI asks before taking it. The
    /// scenario parser and recorder read steps and write actions from it, and the Hub runs a
    /// key bound to `UIIntent.device(step)` through it, so none of them has a case of its own
    /// for the action. `StepName.declaration` holds the table (Docs/architecture.md, "Adding a
    /// device action").
    ///
    /// An action whose step takes arguments of its own (`enroll: {user, password}`) has no
    /// declaration: its reading and writing are written out beside the others in the parser
    /// and the recorder.
    public struct Declaration: Sendable {
        /// How the step's value is written, and the action it becomes.
        public enum Form: Sendable {
            /// No value (`- dismissAutoSignOut`): always this action.
            case bare(DeviceAction)
            /// The id of an installed app (`- launch: notes`), which the action takes.
            case onApp(@Sendable (AppID) -> DeviceAction)
        }

        /// The step that writes it.
        public let step: StepName
        public let form: Form
        /// The arrows of the profiles' diagrams it may take (`Transition`); empty when it moves
        /// the device along none.
        public let transitions: [Transition]
        /// The refusals it may answer with (`refused: TAG` in a scenario).
        public let refusals: [Refusal.Kind]
        /// Whether it cannot be taken back: the interactive UI asks in the forecast-and-confirm
        /// dialog first (scenarios never ask).
        public let asksFirst: Bool
        /// On a profile it does not belong to, the one line a scenario's author reads (what to
        /// write instead); nil where it belongs.
        public let profileProblem: @Sendable (ProfileID) -> String?

        public init(_ step: StepName, _ form: Form, transitions: [Transition] = [], refusals: [Refusal.Kind],
                    asksFirst: Bool = false, profileProblem: @escaping @Sendable (ProfileID) -> String? = { _ in nil }) {
            self.step = step; self.form = form; self.transitions = transitions; self.refusals = refusals
            self.asksFirst = asksFirst; self.profileProblem = profileProblem
        }

        /// The action the step becomes; `app` is read only by a step on an app.
        public func action(on app: AppID) -> DeviceAction {
            switch form {
            case let .bare(action): action
            case let .onApp(make): make(app)
            }
        }

        /// Whether the step's value names an app.
        public var takesApp: Bool { if case .onApp = form { true } else { false } }
    }

    /// The action's declaration, when its step has one.
    public var declaration: Declaration? { stepName.declaration }
}

extension ProfileID {
    /// The Entra profiles, as messages name them (`entra-ios, entra-android, android-mhs`).
    public static let entraNames = allCases.filter(\.isEntra).map(\.rawValue).joined(separator: ", ")
    /// The Android profiles, as messages name them.
    public static let androidNames = allCases.filter { $0.platform == .android }.map(\.rawValue).joined(separator: ", ")
}
