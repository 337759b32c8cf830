import SessionEngine

/// `expectFault:` and the fault a failed check names: a reader of a report must be able to
/// tell a leak an injected fault caused from a bug in the app (Docs/faults.md).
extension Checks {
    static func fault(_ e: FaultExpectation, device: SharedDevice) -> StepFailure? {
        var m = Mismatches()
        let effects = device.faultEffects(of: e.app)
        let armed = device.armedFaults(of: e.app)
        if let fired = e.fired {
            let ok = fired == "none" ? effects.isEmpty : effects.contains { named($0.fault.fault, fired) }
            m.check("fired on \(e.app)", expected: fired, actual: listText(effects.map { described($0.fault) }), ok)
        }
        if let name = e.armed {
            let ok = name == "none" ? armed.isEmpty : armed.contains { named($0.fault, name) }
            m.check("armed on \(e.app)", expected: name, actual: listText(armed.map(described)), ok)
        }
        if e.consequence != nil || e.during != nil {
            let candidates = effects.filter { e.fired == nil || named($0.fault.fault, e.fired!) }
            let ok = candidates.contains { effect in
                (e.consequence.map { effect.consequence.lowercased().contains($0.lowercased()) } ?? true)
                    && (e.during.map { effect.during?.rawValue == $0 } ?? true)
            }
            var expected: [String] = []
            if let c = e.consequence { expected.append("a consequence containing \"\(c)\"") }
            if let d = e.during { expected.append("during \(d)") }
            m.check("consequence", expected: expected.joined(separator: ", "),
                    actual: candidates.isEmpty ? "no fault fired" : candidates.map(consequenceLine).joined(separator: "\n"), ok)
        }
        return m.failure
    }

    /// Whether `fault` is the one a step names: by its kind (`delay`) or as written (`delay 30s`).
    static func named(_ fault: InjectedFault, _ name: String) -> Bool {
        fault.kind.rawValue == name || fault.label == name
    }

    /// A fault as the event log numbers it: its number, a hash sign before it, then its label.
    static func described(_ armed: ArmedFault) -> String { "#\(armed.id) \(armed.fault.label)" }

    /// A fired fault, the transition it hit and its consequence, on one line.
    static func consequenceLine(_ effect: FaultEffect) -> String {
        "\(described(effect.fault))\(effect.during.map { " at \($0.rawValue)" } ?? ""): \(effect.consequence)"
    }

    /// `failure`, saying which injected faults fired on `apps` (every app when nil): a check
    /// that fails after a fault fired may be the fault's doing, not the app's.
    static func mentioningFaults(_ failure: StepFailure?, apps: [AppID]?, device: SharedDevice) -> StepFailure? {
        guard var failure else { return nil }
        let effects = apps.map { ids in ids.flatMap { device.faultEffects(of: $0) } } ?? device.faultEffects
        guard !effects.isEmpty else { return failure }
        let lines = effects.map { "injected fault \(consequenceLine($0)) (\($0.fault.app))" }
        failure.message += " — after injected fault\(effects.count == 1 ? "" : "s") " + effects.map(described(_:)).joined(separator: ", ")
        failure.actual += "\n" + lines.joined(separator: "\n")
        return failure
    }

    static func described(_ effect: FaultEffect) -> String { "\(described(effect.fault)) on \(effect.fault.app)" }
}
