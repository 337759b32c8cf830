import BridgeProtocol

extension JSONValue {
    /// Why `parse` refused a line, in the words a developer can act on: JSON too deeply nested
    /// or with a number no double holds (`1e400`) is JSON all the same (RFC 8259 allows both
    /// and leaves the limits to the parser, sections 9 and 6); anything else is not JSON.
    static func whyNotParsed(_ bytes: [UInt8]) -> String {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var end = index
                while end < bytes.count, "0123456789+-.eE".utf8.contains(bytes[end]) { end += 1 }
                let token = String(decoding: bytes[index..<end], as: UTF8.self)
                if let value = Double(token), !value.isFinite {
                    return "a number out of range: \(SharedDevicePrintable.clip(token, to: 20)) (a double holds up to about 1.8e308)"
                }
                index = end
                continue
            default: break
            }
            index += 1
        }
        if deepest > deepestNesting { return "JSON nested \(deepest) levels deep: hubsim reads at most \(deepestNesting)" }
        return "not JSON"
    }
}
