/// A password or passcode as typed by a person.
///
/// Every way Swift has of turning a value into text (`description`, `debugDescription`,
/// `dump`, string interpolation, `Mirror`) prints a mask, so a secret cannot reach a log,
/// a recording or an error message by accident. The plaintext is reachable only through
/// `withPlaintext`, which the credential hasher uses.
public struct Secret: Sendable, Hashable, ExpressibleByStringLiteral,
    CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable
{
    private let plaintext: String

    public init(_ plaintext: String) { self.plaintext = plaintext }
    public init(stringLiteral value: String) { self.plaintext = value }

    public func withPlaintext<R>(_ body: (String) throws -> R) rethrows -> R { try body(plaintext) }

    public var isEmpty: Bool { plaintext.isEmpty }
    /// Number of characters, for drawing one mask dot per character typed.
    public var count: Int { plaintext.count }
    /// True when every character is a decimal digit (app passcodes are PINs).
    public var isAllDigits: Bool { !plaintext.isEmpty && plaintext.allSatisfy { $0.isASCII && $0.isNumber } }

    public var description: String { "••••" }
    public var debugDescription: String { "Secret(••••)" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
