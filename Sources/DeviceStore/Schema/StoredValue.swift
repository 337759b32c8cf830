import Foundation
import GRDB
import SessionEngine

/// The allowed range of every value read back from a device database, and the checks that
/// enforce them (the table of columns and ranges: Docs/stored-values.md).
///
/// A value is read as a raw `DatabaseValue`, never through GRDB's typed subscript, which stops
/// the process on a value of another type (SQLite's documentation, "Datatypes": any column can
/// hold any type). A value outside its range is damage: `SnapshotReader.Unreadable`, which the
/// store reports as a damaged file, one line naming the column and the value.
enum StoredValue {
    /// The largest counter, serial or sequence number a file may hold: 2^53, the largest
    /// integer every JSON reader and `Double` hold exactly. A session adds one at a time, so
    /// from here it would need 2^63 − 2^53 (about 9.2 × 10^18) steps to reach `Int.max`:
    /// at a billion steps a second, 290 years (and the engine's increments saturate anyway).
    static let maximumCount: Int64 = 1 << 53
    /// A counter: `0...maximumCount`.
    static let count: ClosedRange<Int64> = 0...maximumCount
    /// An item serial or a log sequence number: they start at 1.
    static let serial: ClosedRange<Int64> = 1...maximumCount
    /// Names and identifiers (users, apps, items, groups, transitions): the files hubsim reads
    /// allow 1–64 characters (Docs/qa.md, "Limits and ranges of the files"); an item id adds a
    /// serial to an app id, a coverage name a refusal's tags to an event's name.
    static let identifierLength = 1...256
    /// Free text (log lines, item texts, app log details): the engine writes lines of a few
    /// hundred characters; a value this long is not one of them.
    static let textLength = 0...65_536
    /// JSON columns: the largest (an app set of a whole catalogue) is tens of kilobytes.
    static let jsonLength = 1...1_048_576
    /// AES-256 keys (`AESGCMCipher`): anything else would stop the process at the next seal.
    static let keyLength = 32...32
    /// A sealed item is AES-GCM's combined form: a 12-byte nonce, the text and a 16-byte tag.
    static let sealedLength = 28...1_048_576

    typealias Unreadable = SnapshotReader.Unreadable

    /// A whole number within `range`.
    static func integer(_ value: DatabaseValue, _ column: String, _ range: ClosedRange<Int64>) throws -> Int {
        guard let number = try optionalInteger(value, column, range) else { throw Unreadable(description: "\(column) is missing") }
        return number
    }

    static func optionalInteger(_ value: DatabaseValue, _ column: String, _ range: ClosedRange<Int64>) throws -> Int? {
        switch value.storage {
        case .null: return nil
        case let .int64(number):
            guard range.contains(number) else {
                throw Unreadable(description: "\(column) is \(number), outside \(range.lowerBound)...\(range.upperBound)")
            }
            return Int(number)
        default: throw Unreadable(description: "\(column) is not a whole number (\(kind(of: value)))")
        }
    }

    /// A flag: 0 or 1.
    static func flag(_ value: DatabaseValue, _ column: String) throws -> Bool {
        guard let flag = try optionalFlag(value, column) else { throw Unreadable(description: "\(column) is missing") }
        return flag
    }

    static func optionalFlag(_ value: DatabaseValue, _ column: String) throws -> Bool? {
        return try optionalInteger(value, column, 0...1).map { $0 == 1 }
    }

    /// Text of `length` characters.
    static func text(_ value: DatabaseValue, _ column: String, _ length: ClosedRange<Int>) throws -> String {
        guard let text = try optionalText(value, column, length) else { throw Unreadable(description: "\(column) is missing") }
        return text
    }

    static func optionalText(_ value: DatabaseValue, _ column: String, _ length: ClosedRange<Int>) throws -> String? {
        switch value.storage {
        case .null: return nil
        case let .string(text):
            // A character is 1–4 UTF-8 bytes: within these byte counts it is within range,
            // and the characters (a walk over the text) are counted only otherwise.
            let bytes = text.utf8.count
            if bytes > length.upperBound || bytes < length.lowerBound * 4 {
                let characters = text.count
                guard length.contains(characters) else {
                    throw Unreadable(description: "\(column) has \(characters) characters, outside \(length.lowerBound)...\(length.upperBound)")
                }
            }
            return text
        default: throw Unreadable(description: "\(column) is not text (\(kind(of: value)))")
        }
    }

    /// A name or identifier.
    static func identifier(_ value: DatabaseValue, _ column: String) throws -> String {
        try text(value, column, identifierLength)
    }

    static func optionalIdentifier(_ value: DatabaseValue, _ column: String) throws -> String? {
        try optionalText(value, column, identifierLength)
    }

    static func user(_ value: DatabaseValue, _ column: String) throws -> UserID { UserID(try identifier(value, column)) }

    static func optionalUser(_ value: DatabaseValue, _ column: String) throws -> UserID? {
        try optionalIdentifier(value, column).map { UserID($0) }
    }

    /// Bytes of `length`.
    static func blob(_ value: DatabaseValue, _ column: String, _ length: ClosedRange<Int>) throws -> [UInt8] {
        guard case let .blob(data) = value.storage else {
            throw Unreadable(description: value.isNull ? "\(column) is missing" : "\(column) is not bytes (\(kind(of: value)))")
        }
        guard length.contains(data.count) else {
            throw Unreadable(description: "\(column) has \(data.count) bytes, outside \(length.lowerBound)...\(length.upperBound)")
        }
        return Array(data)
    }

    /// One of an enumeration's stored names.
    static func name<T: RawRepresentable>(_ type: T.Type, _ value: DatabaseValue, _ column: String) throws -> T where T.RawValue == String {
        guard case let .string(raw) = value.storage else {
            throw Unreadable(description: value.isNull ? "\(column) is missing" : "\(column) is not text (\(kind(of: value)))")
        }
        guard let named = T(rawValue: raw) else {
            throw Unreadable(description: "\(column) has an unknown value '\(raw.prefix(64))'")
        }
        return named
    }

    /// A stored time: a whole number of milliseconds within `0...SimInstant.latest` (an
    /// out-of-range time would make the engine's clock meaningless).
    static func instant(_ value: DatabaseValue, _ column: String) throws -> SimInstant {
        guard let time = try optionalInstant(value, column) else { throw Unreadable(description: "\(column) is missing") }
        return time
    }

    static func optionalInstant(_ value: DatabaseValue, _ column: String) throws -> SimInstant? {
        if value.isNull { return nil }
        guard case let .int64(milliseconds) = value.storage else {
            throw Unreadable(description: "\(column) is not a whole number of milliseconds")
        }
        try checkInstant(SimInstant(milliseconds: milliseconds), column)
        return SimInstant(milliseconds: milliseconds)
    }

    /// A time read from inside a JSON value.
    static func checkInstant(_ instant: SimInstant?, _ column: String) throws {
        guard let instant, !instant.isPlausible else { return }
        throw Unreadable(description: "\(column) is \(instant.milliseconds), outside 0...\(SimInstant.latest.milliseconds)")
    }

    /// A JSON value: `read` on its text; a decoding error becomes one line naming the column
    /// and what is wrong, never the decoder's dump.
    static func json<T>(_ value: DatabaseValue, _ column: String, _ read: (String) throws -> T) throws -> T {
        let text = try self.text(value, column, jsonLength)
        do { return try read(text) } catch let error as Unreadable {
            throw error
        } catch {
            throw Unreadable(description: "\(column) is not valid JSON for this field (\(problem(error)))")
        }
    }

    /// What a decoding error says, in a few words.
    static func problem(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the whole value" : keys.joined(separator: ".")
        }
        switch error {
        case let DecodingError.typeMismatch(type, context): return "\(path(context)) is not \(type)"
        case let DecodingError.valueNotFound(type, context): return "\(path(context)) is null, expected \(type)"
        case let DecodingError.keyNotFound(key, _): return "'\(key.stringValue.prefix(64))' is missing"
        case let DecodingError.dataCorrupted(context):
            return context.codingPath.isEmpty ? "not JSON" : "\(path(context)) has a value hubsim does not know"
        default: return "cannot be read"
        }
    }

    private static func kind(of value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64: "an integer"
        case .double: "a real number"
        case .string: "text"
        case .blob: "bytes"
        }
    }
}
