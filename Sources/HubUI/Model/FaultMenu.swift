import SessionEngine

/// The faults menu of one app's pane (Docs/faults.md): every kind of fault with its one-line
/// summary, a duration for the kinds that take one, and the faults armed on the app with a row
/// that disarms them. Both go through the device's actions (`armFault`, `disarmFaults`), so
/// the action log and the recorder see them as they see a key's launch. (Disarming is of all
/// the app's armed faults at once: that is the action a scenario step writes and replays.)
public struct FaultMenu: Equatable, Sendable {
    /// What choosing a row does.
    public enum Row: Equatable, Sendable {
        /// Arms a fault of this kind (with the menu's duration for it) on the app.
        case arm(FaultKind)
        /// Disarms the app's armed faults before they fire.
        case disarmAll
    }

    /// What a click in the menu means, typed like every hit target.
    public enum Hit: Hashable, Sendable {
        /// A row, by position in `rows(on:)`: chosen, as Enter chooses it.
        case row(Int)
        /// A kind's duration, 30 s longer or shorter (the row's `[+]` and `[-]`).
        case longer(FaultKind), shorter(FaultKind)
        /// The menu's close button.
        case close
        /// The menu's own area between its rows: a click there does nothing (it is not beside it).
        case inside
    }

    /// The app whose pane opened the menu.
    public let app: AppID
    /// The chosen row, by position in `rows(on:)`.
    public internal(set) var selection = 0
    /// Durations changed in the menu, by kind; the others are the kind's default.
    public internal(set) var durations: [FaultKind: Double] = [:]

    /// A duration moves in half-minute steps (`+`/`-`), from half a minute up to the longest
    /// the engine takes.
    static let step = 30.0

    public init(app: AppID, durations: [FaultKind: Double] = [:]) {
        self.app = app
        self.durations = durations
    }

    /// The rows in order: every kind, then, while any is armed on the app, disarming them.
    public func rows(on d: SharedDevice) -> [Row] {
        FaultKind.allCases.map(Row.arm) + (d.armedFaults(of: app).isEmpty ? [] : [.disarmAll])
    }

    /// The fault a kind's row arms: with the chosen duration where the kind takes one.
    public func fault(_ kind: FaultKind) -> InjectedFault {
        InjectedFault(kind, seconds: kind.needsSeconds ? seconds(of: kind) : nil)
    }

    /// The duration the menu would arm `kind` with.
    public func seconds(of kind: FaultKind) -> Double { durations[kind] ?? kind.defaultSeconds ?? Self.step }

    /// Makes `kind`'s duration `steps` half-minutes longer (shorter when negative); nothing for a
    /// kind without one.
    mutating func change(_ kind: FaultKind, by steps: Int) {
        guard kind.needsSeconds else { return }
        let wanted = seconds(of: kind) + Double(steps) * Self.step
        durations[kind] = min(InjectedFault.longest, max(Self.step, wanted))
    }

    /// Keeps the selection on a row that exists (an armed fault may have fired meanwhile).
    mutating func clamp(rows count: Int) {
        selection = min(max(0, selection), max(0, count - 1))
    }
}
