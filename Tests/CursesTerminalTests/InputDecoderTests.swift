import CNCurses
import HubUI
import Testing
@testable import CursesTerminal

@Suite("Input decoding")
struct InputDecoderTests {
    @Test("characters and control keys", arguments: [
        (UInt32(0x0D), InputEvent.key(.enter)),
        (0x0A, .key(.enter)),
        (0x09, .key(.tab)),
        (0x1B, .key(.escape)),
        (0x7F, .key(.backspace)),
        (0x08, .key(.backspace)),
        (0x01, .key(.ctrl("a"))),
        (0x0C, .key(.ctrl("l"))),
        (0x1A, .key(.ctrl("z"))),
        (0x1F, .key(.ctrl("_"))),
        (0x61, .key(.char("a"))),
        (0x20, .key(.char(" "))),
        (0xFC, .key(.char("ü"))),
        (0x26A1, .key(.char("⚡"))),
    ])
    func characters(code: UInt32, expected: InputEvent) {
        #expect(InputDecoder.decode(.character(code)) == .event(expected))
    }

    @Test("key codes", arguments: [
        (KEY_UP, Key.up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
        (KEY_HOME, .home), (KEY_END, .end), (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown),
        (KEY_BACKSPACE, .backspace), (KEY_DC, .delete), (KEY_ENTER, .enter), (KEY_BTAB, .backTab),
    ])
    func keyCodes(code: Int32, expected: Key) {
        #expect(InputDecoder.decode(.keyCode(code)) == .event(.key(expected)))
    }

    @Test func functionKeysOneToTwelveAndShiftedOnesFoldBack() {
        for n in 1...12 {
            #expect(InputDecoder.decode(.keyCode(cn_key_f(Int32(n)))) == .event(.key(.function(n))))
        }
        #expect(InputDecoder.decode(.keyCode(cn_key_f(13))) == .event(.key(.function(1))))
        #expect(InputDecoder.decode(.keyCode(cn_key_f(22))) == .event(.key(.function(10))))
    }

    @Test func resizeMouseAndUnusedKeys() {
        #expect(InputDecoder.decode(.keyCode(KEY_RESIZE)) == .resize)
        #expect(InputDecoder.decode(.keyCode(KEY_MOUSE)) == .mouse)
        #expect(InputDecoder.decode(.keyCode(KEY_IC)) == .ignored)
        #expect(InputDecoder.decode(.character(0xD800)) == .ignored) // a lone surrogate is no character
    }

    @Test func mousePressesAreClicksAndReleasesAreIgnored() {
        #expect(InputDecoder.decodeMouse(buttonState: MouseBits.button1Pressed, x: 3, y: 4)
            == .mouse(MouseEvent(x: 3, y: 4, button: .left)))
        #expect(InputDecoder.decodeMouse(buttonState: MouseBits.button1Clicked, x: 0, y: 0)
            == .mouse(MouseEvent(x: 0, y: 0, button: .left)))
        #expect(InputDecoder.decodeMouse(buttonState: MouseBits.button3Pressed, x: 1, y: 1)
            == .mouse(MouseEvent(x: 1, y: 1, button: .right)))
        #expect(InputDecoder.decodeMouse(buttonState: MouseBits.button2Pressed, x: 1, y: 1)
            == .mouse(MouseEvent(x: 1, y: 1, button: .middle)))
        #expect(InputDecoder.decodeMouse(buttonState: MouseBits.wheelUp, x: 5, y: 6)
            == .mouse(MouseEvent(x: 5, y: 6, button: .wheelUp)))
        #expect(InputDecoder.decodeMouse(buttonState: MouseBits.wheelDown, x: 5, y: 6)
            == .mouse(MouseEvent(x: 5, y: 6, button: .wheelDown)))
        #expect(InputDecoder.decodeMouse(buttonState: MouseBits.button1Released, x: 3, y: 4) == nil)
    }

    // MARK: - Mouse reports assembled by InputReader, with the escape delay

    /// Feeds `text` one character at a time, `step` milliseconds apart from `start`, and
    /// returns everything decoded.
    static func feed(_ reader: inout InputReader, prefix: Int32? = InputDecoder.sgrMousePrefix, _ text: String,
                     start: Int64 = 1_000, step: Int64 = 1) -> [DecodedInput] {
        var now = start
        var out: [DecodedInput] = []
        if let prefix { out += reader.read(.keyCode(prefix), at: now) }
        for scalar in text.unicodeScalars {
            now += step
            out += reader.read(.character(scalar.value), at: now)
        }
        return out
    }

    @Test func anSGRReportDecodesPressesAndIgnoresReleasesAndMotion() {
        var reader = InputReader()
        #expect(Self.feed(&reader, "0;12;5M") == [.event(.mouse(MouseEvent(x: 11, y: 4, button: .left)))])
        #expect(Self.feed(&reader, "0;12;5m") == [])
        #expect(Self.feed(&reader, "2;1;1M") == [.event(.mouse(MouseEvent(x: 0, y: 0, button: .right)))])
        #expect(Self.feed(&reader, "1;3;3M") == [.event(.mouse(MouseEvent(x: 2, y: 2, button: .middle)))])
        #expect(Self.feed(&reader, "64;3;3M") == [.event(.mouse(MouseEvent(x: 2, y: 2, button: .wheelUp)))])
        #expect(Self.feed(&reader, "65;3;3M") == [.event(.mouse(MouseEvent(x: 2, y: 2, button: .wheelDown)))])
        #expect(Self.feed(&reader, "32;3;3M") == []) // motion with a button held
        #expect(reader.deadline == nil)
    }

    @Test func anX10ReportDecodesItsThreeBytes() {
        var reader = InputReader()
        // Button 0 (+32), column 12 and row 5 (1-based, +32).
        #expect(Self.feed(&reader, prefix: InputDecoder.x10MousePrefix, "\u{20}\u{2C}\u{25}")
            == [.event(.mouse(MouseEvent(x: 11, y: 4, button: .left)))])
        #expect(Self.feed(&reader, prefix: InputDecoder.x10MousePrefix, "\u{23}\u{2C}\u{25}") == []) // release
    }

    /// Partial mouse reports (Docs/reliability.md): a report cut off half-way used to swallow the next key for ever.
    @Test func aPartialReportIsDroppedAfterTheEscapeDelayAndTheNextKeyIsAKey() {
        var reader = InputReader()
        #expect(Self.feed(&reader, "0;12", start: 1_000) == [])
        #expect(reader.deadline == 1_004 + InputReader.escapeDelay)
        // Within the delay the report is still being read: a digit continues it.
        #expect(reader.read(.character(0x35), at: 1_004 + InputReader.escapeDelay - 1) == [])
        // Past the delay (counted from its last byte), the next key stands for itself.
        let next = 1_004 + 2 * InputReader.escapeDelay
        #expect(reader.read(.character(0x61), at: next) == [.event(.key(.char("a")))])
        #expect(reader.deadline == nil)
        #expect(reader.read(.character(0x62), at: next + 1) == [.event(.key(.char("b")))])
    }

    @Test func expiringOnTheSessionsTimeoutDropsThePartialReport() {
        var reader = InputReader()
        #expect(Self.feed(&reader, prefix: InputDecoder.x10MousePrefix, "\u{20}", start: 0) == [])
        reader.expire(at: InputReader.escapeDelay)
        #expect(reader.deadline == InputReader.escapeDelay + 1) // not yet: 24 ms after its last byte
        reader.expire(at: InputReader.escapeDelay + 1)
        #expect(reader.deadline == nil)
        // A digit now is a digit typed, not a report's coordinate.
        #expect(reader.read(.character(0x31), at: 100) == [.event(.key(.char("1")))])
    }

    @Test func aByteThatCannotContinueAReportIsAKeyAtOnce() {
        var reader = InputReader()
        #expect(Self.feed(&reader, "0;1x") == [.event(.key(.char("x")))])
        #expect(reader.deadline == nil)
        #expect(Self.feed(&reader, "0;1") == [])
        #expect(reader.read(.keyCode(KEY_UP), at: 1_005) == [.event(.key(.up))])
        #expect(reader.deadline == nil)
    }

    @Test func aMalformedOrEndlessReportIsDropped() {
        var reader = InputReader()
        #expect(Self.feed(&reader, "0;;5M") == [])
        #expect(reader.deadline == nil)
        #expect(Self.feed(&reader, String(repeating: "1", count: InputReader.longestReport)) == [])
        #expect(reader.deadline == nil)
        #expect(reader.read(.character(0x7A), at: 5_000) == [.event(.key(.char("z")))])
    }

    @Test func keysOutsideReportsDecodeAsBefore() {
        var reader = InputReader()
        #expect(reader.read(.character(0x1B), at: 0) == [.event(.key(.escape))])
        #expect(reader.read(.keyCode(KEY_RESIZE), at: 1) == [.resize])
        #expect(InputDecoder.decode(.keyCode(InputDecoder.sgrMousePrefix)) == .mouseReport(.sgr))
    }
}
