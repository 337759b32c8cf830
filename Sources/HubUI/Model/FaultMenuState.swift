import SessionEngine

/// The faults menu of a focused app's pane (`HubModel+Faults`): the menu while it is open, and
/// the durations last chosen in it, offered again when it next opens.
public struct FaultMenuState: Sendable {
    public internal(set) var menu: FaultMenu?
    var durations: [FaultKind: Double] = [:]
}
