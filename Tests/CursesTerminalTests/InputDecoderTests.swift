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
}
