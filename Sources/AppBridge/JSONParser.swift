/// A strict JSON reader (RFC 8259) over one line's bytes. The bridge's own rather than
/// Foundation's: it keeps object keys in order, tells booleans from numbers on every
/// platform, and bounds nesting, so a program's hostile line cannot exhaust the stack.
struct JSONParser {
    private let bytes: [UInt8]
    private var at = 0
    private var depth = 0
    static let maxDepth = 64

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The whole input as one value, or nil.
    mutating func document() -> JSONValue? {
        skipSpace()
        guard let value = value() else { return nil }
        skipSpace()
        return at == bytes.count ? value : nil
    }

    private mutating func skipSpace() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D { at += 1 }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
        var i = at
        for b in word.utf8 {
            guard i < bytes.count, bytes[i] == b else { return nil }
            i += 1
        }
        at = i
        return value
    }

    private mutating func value() -> JSONValue? {
        guard at < bytes.count else { return nil }
        switch bytes[at] {
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "{"): return object()
        default: return number()
        }
    }

    private mutating func array() -> JSONValue? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { return nil }
        at += 1
        var items: [JSONValue] = []
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
        while true {
            skipSpace()
            guard let item = value() else { return nil }
            items.append(item)
            skipSpace()
            guard at < bytes.count else { return nil }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            return nil
        }
    }

    private mutating func object() -> JSONValue? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { return nil }
        at += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
        while true {
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
            at += 1
            skipSpace()
            guard let item = value() else { return nil }
            // A repeated key: the last one wins, as in most readers.
            if let i = members.firstIndex(where: { $0.0 == key }) { members.remove(at: i) }
            members.append((key, item))
            skipSpace()
            guard at < bytes.count else { return nil }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
            return nil
        }
    }

    private mutating func string() -> String? {
        at += 1
        var runStart = at
        var out = ""
        func flush(_ end: Int) -> Bool {
            guard end > runStart else { return true }
            guard let run = String(validating: bytes[runStart..<end], as: UTF8.self) else { return false }
            out += run
            return true
        }
        while at < bytes.count {
            let b = bytes[at]
            if b == UInt8(ascii: "\"") {
                guard flush(at) else { return nil }
                at += 1
                return out
            }
            if b < 0x20 { return nil }
            if b != UInt8(ascii: "\\") { at += 1; continue }
            guard flush(at) else { return nil }
            at += 1
            guard at < bytes.count else { return nil }
            let e = bytes[at]
            at += 1
            switch e {
            case UInt8(ascii: "\""): out += "\""
            case UInt8(ascii: "\\"): out += "\\"
            case UInt8(ascii: "/"): out += "/"
            case UInt8(ascii: "b"): out += "\u{8}"
            case UInt8(ascii: "f"): out += "\u{C}"
            case UInt8(ascii: "n"): out += "\n"
            case UInt8(ascii: "r"): out += "\r"
            case UInt8(ascii: "t"): out += "\t"
            case UInt8(ascii: "u"):
                guard var code = hex4() else { return nil }
                if (0xD800...0xDBFF).contains(code) {
                    // A surrogate pair: the low half must follow.
                    guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else { return nil }
                    at += 2
                    guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { return nil }
                out.unicodeScalars.append(scalar)
            default: return nil
            }
            runStart = at
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[at]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
            at += 1
        }
        return v
    }

    private mutating func number() -> JSONValue? {
        let start = at
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        guard at < bytes.count, isDigit(bytes[at]) else { return nil }
        if bytes[at] == UInt8(ascii: "0") { at += 1 } else { while at < bytes.count, isDigit(bytes[at]) { at += 1 } }
        var integral = true
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            integral = false
            at += 1
            guard at < bytes.count, isDigit(bytes[at]) else { return nil }
            while at < bytes.count, isDigit(bytes[at]) { at += 1 }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            integral = false
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard at < bytes.count, isDigit(bytes[at]) else { return nil }
            while at < bytes.count, isDigit(bytes[at]) { at += 1 }
        }
        let text = String(decoding: bytes[start..<at], as: UTF8.self)
        if integral, let i = Int(text) { return .int(i) }
        return Double(text).map(JSONValue.double)
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}
