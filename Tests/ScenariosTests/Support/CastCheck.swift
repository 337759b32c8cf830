import Foundation
import Testing

/// What a player needs of an asciicast v2 file, checked line by line: a JSON header with
/// version 2 and the size, then events `[time, "o"|"r", text]` each valid JSON, times never
/// going back, resizes as `WxH`; and no secret anywhere in it.
enum CastCheck {
    static func check(_ text: String, width: Int, height: Int, secrets: [String] = [],
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(text.hasSuffix("\n"), sourceLocation: sourceLocation)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines.first!.utf8)) as? [String: Any],
                                  sourceLocation: sourceLocation)
        #expect(header["version"] as? Int == 2, sourceLocation: sourceLocation)
        #expect(header["width"] as? Int == width && header["height"] as? Int == height, sourceLocation: sourceLocation)
        var last = 0.0
        var outputs = 0
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], "\(line)",
                                     sourceLocation: sourceLocation)
            #expect(event.count == 3, sourceLocation: sourceLocation)
            let time = try #require(event[0] as? Double, sourceLocation: sourceLocation)
            #expect(time >= last, "time went back: \(line.prefix(40))", sourceLocation: sourceLocation)
            last = time
            let kind = event[1] as? String
            #expect(kind == "o" || kind == "r", sourceLocation: sourceLocation)
            if kind == "o" { outputs += 1 }
            if kind == "r" { #expect((event[2] as? String)?.wholeMatch(of: /\d+x\d+/) != nil, sourceLocation: sourceLocation) }
        }
        #expect(outputs > 0, sourceLocation: sourceLocation)
        for secret in secrets { #expect(!text.contains(secret), "the cast holds a secret", sourceLocation: sourceLocation) }
    }
}
