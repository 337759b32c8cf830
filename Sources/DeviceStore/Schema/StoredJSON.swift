import Configuration
import Foundation
import SessionEngine

/// Reads the JSON columns of a stored device, without `Codable` when the text is exactly
/// what `SnapshotWriter` writes for the values a resumed start most often meets.
///
/// Before the first frame, the runtime's first use of each `Codable` type (each new
/// type–protocol pair scans the binary's conformance records) cost a resumed device about
/// 2 ms, far more than the bytes decoded (Docs/performance.md, fourth pass). So:
/// - an app's definition whose text is the compiled catalogue's is taken from the build
///   (`BundledAssets.compiledDefinition`), not decoded;
/// - an enrollment, a list of users and an empty list are read by `PlainJSON`, which accepts
///   only the writer's form with no escaped character.
///
/// Any other text goes to `JSONDecoder`, made at its first use, as before: a value reads the
/// same either way (`StoredJSONTests` compares each reader with the decoder). Measured again
/// with `JSONDecoder` for every column (Docs/decisions.md, "The device store's special cases,
/// measured"): a resumed session's peak memory 1.5–2.3 MB higher, over the 16 MB budget.
final class StoredJSON {
    private lazy var decoder = JSONDecoder()

    /// `text` decoded as a `T` (what the fast readers fall back to).
    func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try decoder.decode(type, from: Data(text.utf8))
    }

    /// An app's definition: the compiled catalogue's when `text` is exactly its text.
    func definition(_ id: AppID, _ text: String) throws -> AppDefinition {
        if let compiled = BundledAssets.compiledDefinition(id, json: text) { return compiled }
        return try decode(AppDefinition.self, text)
    }

    func enrollment(_ text: String) throws -> Enrollment {
        if let enrollment = PlainJSON.enrollment(text) { return enrollment }
        return try decode(Enrollment.self, text)
    }

    /// A list of users (a finding's owners).
    func users(_ text: String) throws -> [UserID] {
        if let users = PlainJSON.users(text) { return users }
        return try decode([UserID].self, text)
    }

    /// A list that is most often empty (held deliveries).
    func list<Element: Decodable>(of element: Element.Type, _ text: String) throws -> [Element] {
        if text == "[]" { return [] }
        return try decode([Element].self, text)
    }
}

/// A strict reader of the few JSON shapes `StoredJSON` reads by hand: the writer's exact
/// form (sorted keys, no spaces) and strings without a backslash, whose bytes are then the
/// string's own. It returns nil for anything else, never a different value.
struct PlainJSON {
    private let bytes: [UInt8]
    private var position = 0

    private init(_ text: String) { bytes = Array(text.utf8) }

    /// `{"assignedUser":"…","enrolledAt":{"milliseconds":N},"group":"…","mode":"…","stagingUser":"…"}`,
    /// `assignedUser` and `group` only when they are set (the encoder leaves nil out).
    static func enrollment(_ text: String) -> Enrollment? {
        var json = PlainJSON(text)
        guard json.take("{") else { return nil }
        var assignedUser: UserID?
        if json.take("\"assignedUser\":") {
            guard let name = json.string(), json.take(",") else { return nil }
            assignedUser = UserID(name)
        }
        guard json.take("\"enrolledAt\":{\"milliseconds\":"), let milliseconds = json.integer(), json.take("},") else { return nil }
        var group: String?
        if json.take("\"group\":") {
            guard let name = json.string(), json.take(",") else { return nil }
            group = name
        }
        guard json.take("\"mode\":"), let modeName = json.string(), let mode = StagingMode(rawValue: modeName),
              json.take(",\"stagingUser\":"), let stagingUser = json.string(), json.take("}"), json.atEnd else { return nil }
        return Enrollment(stagingUser: UserID(stagingUser), group: group, mode: mode,
                          enrolledAt: SimInstant(milliseconds: milliseconds), assignedUser: assignedUser)
    }

    /// `["…","…"]` (or `[]`).
    static func users(_ text: String) -> [UserID]? {
        var json = PlainJSON(text)
        guard json.take("[") else { return nil }
        var users: [UserID] = []
        if json.take("]") { return json.atEnd ? users : nil }
        repeat {
            guard let name = json.string() else { return nil }
            users.append(UserID(name))
        } while json.take(",")
        return json.take("]") && json.atEnd ? users : nil
    }

    private var atEnd: Bool { position == bytes.count }

    /// Moves past `literal` when the text continues with it.
    private mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        let matches = literal.withUTF8Buffer { expected in
            expected.indices.allSatisfy { bytes[position + $0] == expected[$0] }
        }
        if matches { position += count }
        return matches
    }

    /// A string with no escape: its bytes are the value's. A backslash or a control
    /// character (which JSON escapes) gives nil.
    private mutating func string() -> String? {
        guard take("\"") else { return nil }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: bytes[start..<position - 1], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            position += 1
        }
        return nil
    }

    /// A whole number as the encoder writes one: an optional minus, then digits without a
    /// leading zero; nil when it does not fit an `Int64`.
    private mutating func integer() -> Int64? {
        let negative = take("-")
        let digits = position
        var value: Int64 = 0
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            let digit = Int64(bytes[position] - UInt8(ascii: "0"))
            let (times10, over1) = value.multipliedReportingOverflow(by: 10)
            // Built negative, so that Int64.min fits too.
            let (next, over2) = times10.subtractingReportingOverflow(digit)
            guard !over1 && !over2 else { return nil }
            value = next
            position += 1
        }
        guard position > digits, bytes[digits] != UInt8(ascii: "0") || position == digits + 1 else { return nil }
        if negative { return value }
        guard value != .min else { return nil }
        return -value
    }
}
