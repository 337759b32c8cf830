/// Every bound hubsim puts on what it reads from a tenant file, the app catalogue or a
/// scenario (Docs/reliability.md): a file past one of them is refused with a message that states it,
/// before it can take memory or time. Docs/qa.md, "Limits and ranges of the files", lists them all.
public enum Limits {
    /// A tenant, catalogue or scenario file: 1 MiB, checked before the file is read. The
    /// shipped files are below 8 KiB; a 54 MB scenario once took 2.5 GB and 19.5 s.
    public static let fileBytes = 1_048_576
    /// Lists and mappings inside each other (the shipped files need 5 levels).
    public static let nesting = 16
    /// Entries of one list or mapping: steps of a scenario, users of a tenant, apps…
    public static let entries = 10_000
    /// Values in a file once aliases (`*name`) are expanded, which a handful of lines can
    /// multiply past any memory (the "billion laughs").
    public static let expandedValues = 200_000
    /// A key sequence (`press:`) in characters, the longest value a file may hold.
    public static let keySequenceLength = 4_096
    /// Any other text value (display names, item texts, expected screen text…) in characters.
    public static let textLength = 1_000
    /// A name or identifier (user name, group ID, app id, mapping key) in characters.
    public static let nameLength = 64
    /// The longest duration a file may give, in seconds: 10 years of 365 days. Far beyond
    /// any shift, and far inside what the clock (1,000 years, `SimInstant.latest`) can hold.
    public static let durationSeconds = 315_360_000
    /// Failed attempts before a lockout, and other counts a policy gives.
    public static let attempts = 1_000
    /// Counts a scenario expects (held deliveries, leaks, items).
    public static let expectedCount = 10_000
    /// The off-screen terminal of a scenario and `<Resize:WxH>`: columns and rows.
    public static let screenWidth = 1_000
    public static let screenHeight = 500

    /// `1234567` as `1,234,567`, as limits are stated in messages.
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }
}
