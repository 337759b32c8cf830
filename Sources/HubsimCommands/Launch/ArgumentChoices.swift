import ArgumentParser
import SessionEngine

// Options with a fixed set of values are typed: ArgumentParser lists the values in `--help`
// and refuses any other before a command runs, in one line (`ChoiceRefusal`).

extension ProfileID: ExpressibleByArgument {}

extension StagingMode: ExpressibleByArgument {
    /// The engine's type is not `CaseIterable`; its two modes, for the help and the refusal.
    public static var allValueStrings: [String] { [StagingMode.multiUser, .singleUser].map(\.rawValue) }
}

/// The SDKs a program run as an app can integrate (`--sdk`; `--app NAME:SDK=COMMAND` spells
/// the same names), as `CommandLineApp.sdk(named:)` reads them.
enum SDKChoice: String, CaseIterable, ExpressibleByArgument {
    case workspaceOne = "workspace-one"
    case msal
    case none
}
