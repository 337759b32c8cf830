/// A fault armed on one app, waiting for the app's next delivery (or wipe or clear).
public struct ArmedFault: Codable, Equatable, Sendable, Identifiable {
    /// 1, 2, … in arming order, never reused on a device.
    public var id: Int
    public var app: AppID
    public var fault: InjectedFault
    public var armedAt: SimInstant

    public init(id: Int, app: AppID, fault: InjectedFault, armedAt: SimInstant) {
        self.id = id; self.app = app; self.fault = fault; self.armedAt = armedAt
    }

    /// `fault #` and the number, then the label in brackets (`(delay 30s)`): how logs, verdicts and the pane name it.
    public var name: String { "fault #\(id) (\(fault.label))" }
}
