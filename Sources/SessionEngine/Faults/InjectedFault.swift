/// One fault as QA arms it: its kind and, where the kind takes them, a duration or the number
/// of items deleted before a crash. `label` is its one spelling in menus, logs, scenario
/// files and recordings; `init(parsing:)` reads it back.
public struct InjectedFault: Codable, Equatable, Sendable {
    public var kind: FaultKind
    /// delay, slow-callback: simulated seconds (nil: `kind.defaultSeconds`).
    public var seconds: Double?
    /// crash-in-callback: items deleted before the crash (nil: chosen by the device's fault seed).
    public var deletesBeforeCrash: Int?

    public init(_ kind: FaultKind, seconds: Double? = nil, deletesBeforeCrash: Int? = nil) {
        self.kind = kind
        self.seconds = kind.needsSeconds ? (seconds ?? kind.defaultSeconds) : nil
        self.deletesBeforeCrash = kind == .crashInCallback ? deletesBeforeCrash : nil
    }

    /// The duration it acts for (0 for kinds without one).
    public var duration: Double { seconds ?? kind.defaultSeconds ?? 0 }

    /// `drop`, `delay 30s`, `slow-callback 2m`, `crash-in-callback after 1`.
    public var label: String {
        switch kind {
        case .delay, .slowCallback: "\(kind.rawValue) \(Self.compact(duration))"
        case .crashInCallback: deletesBeforeCrash.map { "\(kind.rawValue) after \($0)" } ?? kind.rawValue
        case .drop, .duplicate, .reorder, .nilAccounts, .tokenInFlight: kind.rawValue
        }
    }

    /// The inverse of `label`. Durations may be written `45`, `45s`, `2m`, `2m30s`, `1h`;
    /// nil for anything else (an unknown kind, a negative or absurd duration, extra words).
    public init?(parsing text: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let first = words.first, let kind = FaultKind(rawValue: first) else { return nil }
        switch kind {
        case .drop, .duplicate, .reorder, .nilAccounts, .tokenInFlight:
            guard words.count == 1 else { return nil }
            self.init(kind)
        case .delay, .slowCallback:
            guard words.count <= 2 else { return nil }
            if words.count == 1 { self.init(kind); return }
            guard let s = Self.seconds(words[1]), s > 0, s <= Self.longest else { return nil }
            self.init(kind, seconds: s)
        case .crashInCallback:
            if words.count == 1 { self.init(kind); return }
            guard words.count == 3, words[1] == "after", let n = Int(words[2]), n >= 0, n <= 1_000_000 else { return nil }
            self.init(kind, deletesBeforeCrash: n)
        }
    }

    /// The longest duration a fault may take: a day of simulated time.
    public static let longest: Double = 86_400

    /// `90` → `1m30s`: whole units, no spaces, so a label is one word after the kind.
    static func compact(_ seconds: Double) -> String {
        let total = seconds.isNaN ? 0 : Int(min(max(0, seconds.rounded()), 1e9))
        let h = total / 3600, m = (total / 60) % 60, s = total % 60
        var out = ""
        if h > 0 { out += "\(h)h" }
        if m > 0 { out += "\(m)m" }
        if s > 0 || out.isEmpty { out += "\(s)s" }
        return out
    }

    /// `45`, `45s`, `2m`, `2m30s`, `1h5m` → seconds; nil when malformed.
    static func seconds(_ text: String) -> Double? {
        if let plain = Double(text), plain.isFinite { return plain }
        var total = 0.0
        var digits = ""
        var sawUnit = false
        for c in text {
            if c.isASCII, c.isNumber { digits.append(c); continue }
            guard let n = Double(digits), !digits.isEmpty else { return nil }
            switch c {
            case "h": total += n * 3600
            case "m": total += n * 60
            case "s": total += n
            default: return nil
            }
            digits = ""
            sawUnit = true
        }
        return sawUnit && digits.isEmpty ? total : nil
    }
}
