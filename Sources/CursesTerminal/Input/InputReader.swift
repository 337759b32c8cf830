import HubUI

/// Decodes what curses reads, one `wget_wch` result at a time, and assembles the mouse reports
/// that arrive as a prefix key code (`DecodedInput.mouseReport`) and then plain characters.
///
/// A report that stops half-way (a terminal cut off mid-write, a pasted fragment) is dropped
/// once no byte of it came for `escapeDelay`, the same delay curses gives a lone Esc
/// (`set_escdelay`); the next key is then a key again. Time is passed in (milliseconds of
/// a monotonic clock), so tests run without a terminal and without sleeping.
public struct InputReader: Sendable {
    /// How long a partial report waits for its next byte, in milliseconds (curses' ESCDELAY).
    public static let escapeDelay: Int64 = 25
    /// Longer than any report (`ESC [ < 64 ; 65535 ; 65535 M` is 17 bytes): a report that is
    /// still going is no report.
    static let longestReport = 32

    private struct Partial: Sendable {
        var encoding: MouseReportEncoding
        var bytes: [UInt32] = []
        var lastInput: Int64
    }

    private var partial: Partial?

    public init() {}

    /// When a partial report will be dropped if nothing more comes (nil when none is pending):
    /// the session waits for input no longer than this.
    public var deadline: Int64? { partial.map { $0.lastInput + Self.escapeDelay } }

    /// Drops a partial report whose delay has passed at `now`.
    public mutating func expire(at now: Int64) {
        if let deadline, now >= deadline { partial = nil }
    }

    /// What `raw`, read at `now`, stands for: nothing while a report is incomplete, the
    /// report's mouse event once it completes, otherwise what `InputDecoder` says.
    public mutating func read(_ raw: RawInput, at now: Int64) -> [DecodedInput] {
        expire(at: now)
        if var report = partial {
            // A report is characters only; a key code (an arrow, a resize) ends it unfinished.
            guard case let .character(code) = raw else {
                partial = nil
                return read(raw, at: now)
            }
            report.bytes.append(code)
            report.lastInput = now
            switch Self.parse(report) {
            case .incomplete:
                partial = report.bytes.count < Self.longestReport ? report : nil
                return []
            case let .complete(event):
                partial = nil
                return event.map { [.event($0)] } ?? []
            case .invalid:
                // Not part of a report: the byte was typed, and stands for itself.
                partial = nil
                return [InputDecoder.decode(raw)]
            }
        }
        let decoded = InputDecoder.decode(raw)
        if case let .mouseReport(encoding) = decoded {
            partial = Partial(encoding: encoding, lastInput: now)
            return []
        }
        return [decoded]
    }

    private enum Parse { case incomplete, complete(InputEvent?), invalid }

    private static func parse(_ report: Partial) -> Parse {
        switch report.encoding {
        case .x10:
            guard report.bytes.count == 3 else { return .incomplete }
            let values = report.bytes.map { Int($0) - 32 }
            return .complete(event(button: values[0], x: values[1] - 1, y: values[2] - 1, press: values[0] & 3 != 3))
        case .sgr:
            let last = report.bytes[report.bytes.count - 1]
            switch last {
            case 0x30...0x39, 0x3B: return .incomplete // digits and ';'
            case 0x4D, 0x6D: // 'M' press, 'm' release
                let body = String(decoding: report.bytes.dropLast().map { UInt8($0) }, as: UTF8.self)
                let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
                // A report ended but garbled: dropped whole.
                guard numbers.count == 3, let button = numbers[0], let x = numbers[1], let y = numbers[2] else { return .complete(nil) }
                return .complete(event(button: button, x: x - 1, y: y - 1, press: last == 0x4D))
            default: return .invalid
            }
        }
    }

    /// A press of the left, middle or right button or a wheel step; releases and motion are
    /// ignored, as `InputDecoder.decodeMouse` does with curses' reports.
    private static func event(button: Int, x: Int, y: Int, press: Bool) -> InputEvent? {
        guard press, button >= 0, button & 32 == 0, x >= 0, y >= 0 else { return nil }
        let kind: MouseEvent.Button
        switch (button & 64 != 0, button & 3) {
        case (false, 0): kind = .left
        case (false, 1): kind = .middle
        case (false, 2): kind = .right
        case (true, 0): kind = .wheelUp
        case (true, 1): kind = .wheelDown
        default: return nil
        }
        return .mouse(MouseEvent(x: x, y: y, button: kind))
    }
}
