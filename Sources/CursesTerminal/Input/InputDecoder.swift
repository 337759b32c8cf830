import CNCurses
import HubUI

/// One value from `wget_wch`: a character, or a key code when it returned `KEY_CODE_YES`.
public enum RawInput: Equatable, Sendable {
    case character(UInt32)
    case keyCode(Int32)
}

/// What a raw input stands for. Mouse and resize need a further call to curses
/// (`getmouse`, the window size), which the session makes; decoding itself is pure.
public enum DecodedInput: Equatable, Sendable {
    case event(InputEvent)
    case mouse
    /// The start of a mouse report that `InputReader` assembles itself from the bytes that
    /// follow (`InputDecoder.sgrMousePrefix`, `x10MousePrefix`).
    case mouseReport(MouseReportEncoding)
    case resize
    /// A key hubsim has no use for (Insert, keypad keys, …).
    case ignored
}

/// Mouse button bits as curses reports them (`MEVENT.bstate`).
public enum MouseBits {
    public static let button1Pressed = UInt64(cn_button1_pressed())
    public static let button1Released = UInt64(cn_button1_released())
    public static let button1Clicked = UInt64(cn_button1_clicked())
    public static let button2Pressed = UInt64(cn_button2_pressed())
    public static let button2Clicked = UInt64(cn_button2_clicked())
    public static let button3Pressed = UInt64(cn_button3_pressed())
    public static let button3Clicked = UInt64(cn_button3_clicked())
    public static let wheelUp = UInt64(cn_button4_pressed())
    public static let wheelDown = UInt64(cn_button5_pressed())
}

/// How a terminal encodes a mouse report after its prefix.
public enum MouseReportEncoding: Equatable, Sendable {
    /// xterm's SGR (1006): `ESC [ <` button `;` column `;` row, then `M` (press) or `m` (release).
    case sgr
    /// X10/normal (1000): `ESC [ M` and three bytes, each value + 32 (positions 1-based).
    case x10
}

/// Turns what curses reads into `InputEvent`s. Pure, so the table is tested without a terminal.
public enum InputDecoder {
    /// The key codes curses returns for the mouse-report prefixes once the session bound them
    /// with `define_key` in place of `KEY_MOUSE`: after `KEY_MOUSE` curses reads the report's
    /// remaining bytes with a blocking read of its own, with no time limit, so a partial report
    /// would wait for ever and swallow the next keys (Docs/reliability.md).
    public static let sgrMousePrefix: Int32 = KEY_MAX + 1
    public static let x10MousePrefix: Int32 = KEY_MAX + 2

    /// Decodes one `wget_wch` result.
    public static func decode(_ raw: RawInput) -> DecodedInput {
        switch raw {
        case let .character(code): return decodeCharacter(code)
        case let .keyCode(code): return decodeKeyCode(code)
        }
    }

    static func decodeCharacter(_ code: UInt32) -> DecodedInput {
        switch code {
        case 0x0D, 0x0A: return .event(.key(.enter))
        case 0x09: return .event(.key(.tab))
        case 0x1B: return .event(.key(.escape))
        // DEL is what most terminals send for Backspace; ^H is the rest.
        case 0x7F, 0x08: return .event(.key(.backspace))
        case 0x01...0x1A:
            return .event(.key(.ctrl(Character(Unicode.Scalar(code + 0x60)!))))
        case 0x00: return .event(.key(.ctrl("@")))
        case 0x1C...0x1F:
            return .event(.key(.ctrl(Character(Unicode.Scalar(code + 0x40)!))))
        default:
            guard code >= 0x20, let scalar = Unicode.Scalar(code) else { return .ignored }
            return .event(.key(.char(Character(scalar))))
        }
    }

    static func decodeKeyCode(_ code: Int32) -> DecodedInput {
        switch code {
        case KEY_UP: return .event(.key(.up))
        case KEY_DOWN: return .event(.key(.down))
        case KEY_LEFT: return .event(.key(.left))
        case KEY_RIGHT: return .event(.key(.right))
        case KEY_HOME: return .event(.key(.home))
        case KEY_END: return .event(.key(.end))
        case KEY_PPAGE: return .event(.key(.pageUp))
        case KEY_NPAGE: return .event(.key(.pageDown))
        case KEY_BACKSPACE: return .event(.key(.backspace))
        case KEY_DC: return .event(.key(.delete))
        case KEY_ENTER: return .event(.key(.enter))
        case KEY_BTAB: return .event(.key(.backTab))
        case KEY_RESIZE: return .resize
        case KEY_MOUSE: return .mouse
        case sgrMousePrefix: return .mouseReport(.sgr)
        case x10MousePrefix: return .mouseReport(.x10)
        case cn_key_f(1)...cn_key_f(24):
            // xterm reports Shift-F1..F12 as F13..F24; hubsim binds F1..F12 only.
            let n = Int(code - cn_key_f(0))
            return .event(.key(.function(n > 12 ? n - 12 : n)))
        default:
            return .ignored
        }
    }

    /// Decodes a mouse report. Presses count (curses' click resolution is off, so a click
    /// reacts at once); releases and motion are ignored.
    public static func decodeMouse(buttonState bits: UInt64, x: Int, y: Int) -> InputEvent? {
        let button: MouseEvent.Button
        if bits & (MouseBits.button1Pressed | MouseBits.button1Clicked) != 0 {
            button = .left
        } else if bits & (MouseBits.button3Pressed | MouseBits.button3Clicked) != 0 {
            button = .right
        } else if bits & (MouseBits.button2Pressed | MouseBits.button2Clicked) != 0 {
            button = .middle
        } else if bits & MouseBits.wheelUp != 0 {
            button = .wheelUp
        } else if bits & MouseBits.wheelDown != 0 {
            button = .wheelDown
        } else {
            return nil
        }
        guard x >= 0, y >= 0 else { return nil }
        return .mouse(MouseEvent(x: x, y: y, button: button))
    }
}
