import Foundation
import SessionEngine

/// Reads a fault as a file writes it: an app's deliberate fault (`ignores-wipe-callback`,
/// always on) or a delivery fault (`drop`, `delay 30s`, `crash-in-callback after 1`), armed
/// once and fired on the app's next delivery or wipe (Docs/faults.md). The app catalogue, a
/// scenario's app entries and its `fault:` steps read them here, so one unknown fault gets
/// one error everywhere.
public enum FaultEntry {
    /// What an app entry's `faults:` list holds.
    public enum Read: Equatable, Sendable {
        case deliberate(AppFault)
        case delivery(InjectedFault)
    }

    /// Every delivery fault kind as a file writes it, with the argument it takes.
    public static let deliveryForms: [String] = FaultKind.allCases.map { kind in
        switch kind {
        case .delay: "delay 30s"
        case .slowCallback: "slow-callback 2m"
        case .crashInCallback: "crash-in-callback [after N]"
        case .drop, .duplicate, .reorder, .nilAccounts, .tokenInFlight: kind.rawValue
        }
    }

    /// The delivery faults a `fault:` step arms, for error messages.
    public static var validDelivery: String { deliveryForms.joined(separator: ", ") }

    /// Everything an app entry's `faults:` list takes, for error messages.
    public static var validEntries: String {
        AppFault.allCases.map(\.rawValue).joined(separator: ", ") + " (the app's own, always on), or a delivery fault armed at install: "
            + validDelivery
    }

    /// A delivery fault written as `text` at `node`: the kind first, then its argument.
    public static func delivery(_ text: String, at node: YAMLValue) throws(ConfigError) -> InjectedFault {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let kindText = String(trimmed.prefix { $0 != " " })
        guard FaultKind(rawValue: kindText) != nil else {
            if AppFault(rawValue: trimmed) != nil {
                throw node.error("'\(trimmed)' is an app's own fault: list it under the app's 'faults:'; a fault step arms one of: \(validDelivery)")
            }
            throw node.error("unknown fault '\(PrintableText.quoted(trimmed))'; valid: \(validDelivery)")
        }
        guard let fault = InjectedFault(parsing: trimmed) else {
            let form = deliveryForms.first { $0.hasPrefix(kindText) } ?? kindText
            throw node.error("'\(PrintableText.quoted(trimmed))' is not a \(kindText) fault as written; write it as '\(form)'")
        }
        return fault
    }

    /// One entry of an app's `faults:` list.
    public static func entry(_ text: String, at node: YAMLValue) throws(ConfigError) -> Read {
        if let fault = AppFault(rawValue: text) { return .deliberate(fault) }
        let kindText = String(text.trimmingCharacters(in: .whitespaces).prefix { $0 != " " })
        guard FaultKind(rawValue: kindText) != nil else {
            throw node.error("unknown fault '\(PrintableText.quoted(text))'; valid: \(validEntries)")
        }
        return .delivery(try delivery(text, at: node))
    }

    /// An app entry's `faults:` list, split into its two kinds, in the order written.
    public static func list(_ node: YAMLValue) throws(ConfigError) -> (deliberate: [AppFault], delivery: [InjectedFault]) {
        var deliberate: [AppFault] = []
        var delivery: [InjectedFault] = []
        for item in try node.items("faults") {
            switch try entry(try item.string("a fault"), at: item) {
            case let .deliberate(f): if !deliberate.contains(f) { deliberate.append(f) }
            case let .delivery(f): delivery.append(f)
            }
        }
        return (deliberate, delivery)
    }
}
