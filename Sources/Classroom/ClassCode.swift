import Foundation

/// The class code: the password every trainee types once to join (`ssh` asks for it).
///
/// Generated at start by default, six characters from an alphabet without look-alikes (no 0,
/// O, 1, I or L), shown as `7KQ-42M`, the way a trainer reads it aloud; or the trainer's own,
/// from a file or `HUBSIM_CLASS_CODE`, never from an argument, which `ps` shows to everyone on
/// the machine. Compared case-blind and without its dash, in constant time.
public struct ClassCode: Sendable {
    /// What the trainer reads out (and only the trainer's screen shows).
    public let shown: String
    private let normalized: [UInt8]

    static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    /// The shortest code a trainer may choose: a shorter one is guessed in a lesson's time.
    public static let shortest = 6

    public init(_ text: String) {
        shown = text
        normalized = Self.normalize(text)
    }

    /// A new random code, `XXX-XXX`.
    public static func generate() -> ClassCode {
        var generator = SystemRandomNumberGenerator()
        let letters = (0..<6).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return ClassCode(String(letters[0..<3]) + "-" + String(letters[3..<6]))
    }

    /// The code from `--code-file FILE` (its first line), else `HUBSIM_CLASS_CODE`, else a new one.
    /// Throws a one-line problem for an unreadable file or a code too short.
    public static func chosen(file: String?, environment: [String: String]) throws(ClassroomProblem) -> ClassCode {
        var text: String?
        var source = ""
        if let file {
            guard let contents = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw ClassroomProblem("--code-file '\(file)' cannot be read; give a readable file whose first line is the class code")
            }
            text = contents.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            source = "--code-file '\(file)'"
        } else if let value = environment["HUBSIM_CLASS_CODE"] {
            text = value
            source = "HUBSIM_CLASS_CODE"
        }
        guard let text else { return generate() }
        let code = ClassCode(text.trimmingCharacters(in: .whitespaces))
        guard code.normalized.count >= shortest else {
            throw ClassroomProblem("\(source): the class code needs at least \(shortest) letters or digits")
        }
        return code
    }

    /// Whether `typed` is this code (case-blind, dashes and spaces ignored), in constant time.
    public func matches(_ typed: String) -> Bool {
        let other = Self.normalize(typed)
        var difference = UInt8(other.count == normalized.count ? 0 : 1)
        for i in 0..<normalized.count {
            difference |= normalized[i] ^ (i < other.count ? other[i] : 0)
        }
        return difference == 0
    }

    private static func normalize(_ text: String) -> [UInt8] {
        Array(text.uppercased().utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: " ") })
    }
}

/// A problem that stops the classroom before it opens: one line, exit 2.
public struct ClassroomProblem: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
