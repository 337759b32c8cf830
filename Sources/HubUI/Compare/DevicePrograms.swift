import SessionEngine

/// Developers' programs playing a compared device's apps (Docs/bridge-protocol.md): after each
/// step the comparison waits until they have answered, as the scenario runner does
/// (Docs/architecture.md, "Every app through one port"). HubUI cannot start a process; the
/// caller gives the implementation (Scenarios wraps the app bridge).
public protocol DevicePrograms: Sendable {
    /// Performs the effects of the actions the comparison applies (the requests to programs).
    var performer: any DeviceEffectPerformer { get }
    /// Sends what the actions asked of the programs and waits until each has answered (or its
    /// time ran out), taking in what they did.
    func settle(_ device: inout SharedDevice)
    /// Ends the programs; their ends land in the device's log.
    func end(_ device: inout SharedDevice)
}
