/// An asciicast v2 recording built from painted frames with their times: a header line of
/// JSON, then one `[time, "o", data]` line per frame that changed the screen and a
/// `[time, "r", "WxH"]` line when the size changed, as asciinema's players expect.
///
/// Takes any sequence of frames (an interactive session, a scenario rendered headless, a
/// lesson), so what plays back is exactly what was drawn. Secrets are never drawn (masked
/// fields), so they are never in a recording either. Pure: the caller says the time.
public struct Asciicast: Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    /// The header and the event lines, without line breaks.
    public private(set) var lines: [String]
    private var encoder = AnsiScreenEncoder()
    /// The last event's time in milliseconds: times never go back.
    private var lastMilliseconds = 0

    /// A recording of a `width`×`height` terminal. `timestamp` is the start in Unix seconds;
    /// `env` holds TERM and SHELL when known.
    public init(width: Int, height: Int, timestamp: Int? = nil, title: String? = nil, env: [(name: String, value: String)] = []) {
        self.width = width
        self.height = height
        var header = "{\"version\": 2, \"width\": \(width), \"height\": \(height)"
        if let timestamp { header += ", \"timestamp\": \(timestamp)" }
        if let title { header += ", \"title\": \(Self.json(title))" }
        if !env.isEmpty {
            header += ", \"env\": {" + env.map { "\(Self.json($0.name)): \(Self.json($0.value))" }.joined(separator: ", ") + "}"
        }
        lines = [header + "}"]
    }

    /// A recording of `frames`, each shown at its time in seconds from the start (a scenario
    /// or a lesson rendered headless); the size is the first frame's.
    public init<Frames: Sequence>(frames: Frames, timestamp: Int? = nil, title: String? = nil)
    where Frames.Element == (frame: Frame, seconds: Double) {
        var iterator = frames.makeIterator()
        guard let first = iterator.next() else {
            self.init(width: 0, height: 0, timestamp: timestamp, title: title)
            return
        }
        self.init(width: first.frame.grid.width, height: first.frame.grid.height, timestamp: timestamp, title: title)
        append(first.frame, at: first.seconds)
        while let next = iterator.next() { append(next.frame, at: next.seconds) }
    }

    /// Adds `frame`, shown `seconds` after the recording began: a resize event first when
    /// its size differs from the terminal's, then what changed on screen.
    public mutating func append(_ frame: Frame, at seconds: Double) {
        lastMilliseconds = max(lastMilliseconds, Self.milliseconds(seconds))
        let time = Self.time(lastMilliseconds)
        if frame.grid.width != width || frame.grid.height != height {
            width = frame.grid.width
            height = frame.grid.height
            lines.append("[\(time), \"r\", \"\(width)x\(height)\"]")
        }
        let output = encoder.encode(frame)
        guard !output.isEmpty else { return }
        lines.append("[\(time), \"o\", \(Self.json(output))]")
    }

    /// The recording as a file: every line ends with a line break.
    public var text: String { lines.map { $0 + "\n" }.joined() }

    /// How many events follow the header.
    public var eventCount: Int { lines.count - 1 }

    private static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return seconds >= 1e12 ? Int(1e15) : Int((seconds * 1000).rounded())
    }

    /// `12.345`: seconds with milliseconds, as JSON numbers.
    private static func time(_ ms: Int) -> String {
        let fraction = ms % 1000
        return "\(ms / 1000)." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + "\(fraction)"
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, the
    /// rest as UTF-8.
    public static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
