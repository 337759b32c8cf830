import Configuration
import Foundation
import HubUI
import SessionEngine

/// The key syntax of `press:` steps: text is typed as it is; named keys go in angle brackets.
///
///     press: "FRONTLINE<Tab>cou1<Tab>${HUBSIM_PASSWORD_COU1}<Enter>"
///
/// Names (case-insensitive) are the UI's key names (`Key(name:)`, as the hint line shows
/// them): `<Enter>`, `<Tab>`, `<S-Tab>` (`<BackTab>`), `<Esc>`, `<Bksp>`, `<Del>`, `<Up>`,
/// `<Down>`, `<Left>`, `<Right>`, `<Home>`, `<End>`, `<PgUp>`, `<PgDn>`, `<F1>`…`<F24>`,
/// `<C-x>` or `<^X>` (Control and a letter), `<Space>`; plus `<lt>` (a literal `<`) and
/// three events that are not keys: `<Click:X,Y>` (left click at a cell), `<Tick:SECONDS>`
/// (wall time passing) and `<Resize:WxH>`.
public enum KeySequence {
    /// A problem at a character offset of the key string.
    public struct Problem: Error, Equatable, Sendable {
        public var offset: Int
        public var message: String
    }

    /// The names a person can write, for error messages.
    public static var validNames: String {
        "<Enter>, <Tab>, <S-Tab>, <Esc>, <Bksp>, <Del>, <Up>, <Down>, <Left>, <Right>, <Home>, <End>, "
            + "<PgUp>, <PgDn>, <F1>…<F24>, <C-a>…<C-z>, <Space>, <lt>, <Click:X,Y>, <Tick:SECONDS>, <Resize:WxH>"
    }

    public static func parse(_ text: String) throws(Problem) -> [InputEvent] {
        var events: [InputEvent] = []
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let ch = chars[i]
            guard ch == "<" else { events.append(.key(.char(ch))); i += 1; continue }
            guard let close = chars[i...].firstIndex(of: ">") else {
                throw Problem(offset: i, message: "'<' is not closed; write <lt> for a literal '<'")
            }
            let name = String(chars[(i + 1)..<close])
            events.append(try event(named: name, offset: i))
            i = close + 1
        }
        return events
    }

    private static func event(named name: String, offset: Int) throws(Problem) -> InputEvent {
        let lower = name.lowercased()
        if lower == "lt" { return .key(.char("<")) }
        // Key names are the UI's own (the hint line shows the same ones).
        if !name.isEmpty, let key = Key(name: name) { return .key(key) }
        if lower.hasPrefix("click:") {
            let parts = lower.dropFirst(6).split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, parts[0] >= 0, parts[1] >= 0 else {
                throw Problem(offset: offset, message: "<\(PrintableText.quoted(name))> must be <Click:X,Y> with cell coordinates")
            }
            guard parts[0] < Limits.screenWidth, parts[1] < Limits.screenHeight else {
                throw Problem(offset: offset, message: "<Click:X,Y> must be between 0,0 and \(Limits.screenWidth - 1),\(Limits.screenHeight - 1) (got \(PrintableText.quoted(name)))")
            }
            return .mouse(MouseEvent(x: parts[0], y: parts[1]))
        }
        if lower.hasPrefix("tick:") {
            guard let s = Double(lower.dropFirst(5)), s.isFinite, s >= 0 else {
                throw Problem(offset: offset, message: "<\(PrintableText.quoted(name))> must be <Tick:SECONDS>, e.g. <Tick:0.5>")
            }
            guard s <= Double(Limits.durationSeconds) else {
                throw Problem(offset: offset, message: "<Tick:SECONDS> must be between 0 and \(Limits.grouped(Limits.durationSeconds)) seconds (10 years) (got \(PrintableText.quoted(name)))")
            }
            return .tick(s)
        }
        if lower.hasPrefix("resize:") {
            let parts = lower.dropFirst(7).split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
                throw Problem(offset: offset, message: "<\(PrintableText.quoted(name))> must be <Resize:WxH> with W and H whole numbers from 1x1 to \(Limits.screenWidth)x\(Limits.screenHeight), e.g. <Resize:120x40>")
            }
            guard parts[0] <= Limits.screenWidth, parts[1] <= Limits.screenHeight else {
                throw Problem(offset: offset, message: "<Resize:WxH> must be between 1x1 and \(Limits.screenWidth)x\(Limits.screenHeight) (got \(PrintableText.quoted(name)))")
            }
            return .resize(width: parts[0], height: parts[1])
        }
        throw Problem(offset: offset, message: "unknown key <\(PrintableText.quoted(name))>; valid: \(validNames)")
    }

    /// Writes events back in this syntax (the recorder and reports use it).
    public static func format(_ events: [InputEvent]) -> String {
        events.map(format).joined()
    }

    static func format(_ event: InputEvent) -> String {
        switch event {
        case let .key(key): return format(key)
        case let .mouse(m): return "<Click:\(m.x),\(m.y)>"
        case let .tick(s): return "<Tick:\(s)>"
        case let .resize(w, h): return "<Resize:\(w)x\(h)>"
        }
    }

    static func format(_ key: Key) -> String {
        switch key {
        case .char("<"): return "<lt>"
        case let .char(c): return String(c)
        case let .ctrl(c): return "<C-\(c)>"
        case .enter: return "<Enter>"
        case .tab: return "<Tab>"
        case .backTab: return "<S-Tab>"
        case .escape: return "<Esc>"
        case .backspace: return "<Bksp>"
        case .delete: return "<Del>"
        case .up: return "<Up>"
        case .down: return "<Down>"
        case .left: return "<Left>"
        case .right: return "<Right>"
        case .home: return "<Home>"
        case .end: return "<End>"
        case .pageUp: return "<PgUp>"
        case .pageDown: return "<PgDn>"
        case let .function(n): return "<F\(n)>"
        }
    }
}
