import SessionEngine

/// One step of a scenario as each compared profile plays it: `checkOut cou1` on
/// workspace-one is `signIn cou1` on entra-ios and on entra-android (`ProfileTranslation`,
/// in Scenarios). A step a profile does not have (the console's wipe on an Entra profile,
/// Android's account removal in Settings on iOS) is not played on it: its column says so.
public struct ComparedStep: Equatable, Sendable {
    /// The step as the scenario wrote it (`checkOut cou1`), and where.
    public var label: String
    public var line: Int
    /// What each profile does, in order (one list per compared profile, in the comparison's
    /// order); empty where the step is not part of that profile.
    public var actions: [[DeviceAction]]
    /// How each reads (`signIn cou1`, or `not part of this profile`).
    public var labels: [String]
    /// Why the step is not part of a profile, per profile; nil where it is played.
    public var notPart: [String?]

    /// What a column shows for a step its profile does not have.
    public static let notPartLabel = "not part of this profile"

    public init(label: String, line: Int, actions: [[DeviceAction]], labels: [String], notPart: [String?]) {
        self.label = label; self.line = line; self.actions = actions; self.labels = labels; self.notPart = notPart
    }

    /// `checkOut cou1 ⇄ signIn cou1 ⇄ signIn cou1`, or the step alone when every profile
    /// plays it the same.
    public var text: String {
        Set(labels).count == 1 ? labels[0] : labels.joined(separator: " ⇄ ")
    }
}
