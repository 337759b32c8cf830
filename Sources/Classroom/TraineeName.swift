/// A trainee's name: the SSH user name they connect as (`ssh -p 2222 ana@host`), which names
/// their seat, their tile and their device file. A short, checked set of characters, so that
/// it is safe as a file name and on the trainer's screen.
public struct TraineeName: Hashable, Sendable, CustomStringConvertible {
    public let text: String
    public var description: String { text }

    public static let longest = 32
    /// What the refusal names, in the words a trainee understands.
    public static let rule = "a-z 0-9 . _ - (up to \(longest), a letter or digit first)"

    /// nil for a name outside the set (`TraineeName.rule`).
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.longest else { return nil }
        for (i, b) in bytes.enumerated() {
            let letterOrDigit = (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
            let mark = b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
            guard letterOrDigit || (mark && i > 0) else { return nil }
        }
        self.text = text
    }
}
