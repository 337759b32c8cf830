import SessionEngine

/// One step of a scenario as each of the two compared profiles plays it: `checkOut cou1`
/// on workspace-one is `signIn cou1` on entra-ios (`ProfileTranslation`, in Scenarios).
public struct ComparedStep: Equatable, Sendable {
    /// The step as the scenario wrote it (`checkOut cou1`), and where.
    public var label: String
    public var line: Int
    /// What each side does, in order, with how each reads (`signIn cou1`).
    public var left: [DeviceAction]
    public var right: [DeviceAction]
    public var leftLabel: String
    public var rightLabel: String

    public init(label: String, line: Int, left: [DeviceAction], right: [DeviceAction], leftLabel: String, rightLabel: String) {
        self.label = label; self.line = line; self.left = left; self.right = right
        self.leftLabel = leftLabel; self.rightLabel = rightLabel
    }
}
