import HubUI

/// Whether the terminal shows colour, and how many.
public enum ColorMode: Equatable, Sendable {
    /// No colour: `NO_COLOR` is set or the terminal has none. Attributes still apply.
    case monochrome
    /// Colour with this many colours (8, 16, 256, …).
    case colors(Int)
}

/// Text attributes, independent of curses' bit layout (the painter converts them).
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
}

/// A cell style as curses draws it: attributes and a foreground/background colour pair
/// in curses numbering (-1 is the terminal's default colour).
public struct CursesStyle: Hashable, Sendable {
    public var attributes: TextAttributes
    public var foreground: Int16
    public var background: Int16

    public init(attributes: TextAttributes = [], foreground: Int16 = -1, background: Int16 = -1) {
        self.attributes = attributes; self.foreground = foreground; self.background = background
    }
}

/// Maps `CellStyle` onto what the terminal can show.
public enum StyleMapping {
    /// The curses style for `style` under `mode`. With fewer than 16 colours a bright
    /// foreground becomes its base colour in bold, a bright background its base colour.
    public static func map(_ style: CellStyle, mode: ColorMode) -> CursesStyle {
        var attributes: TextAttributes = []
        if style.bold { attributes.insert(.bold) }
        if style.dim { attributes.insert(.dim) }
        if style.reverse { attributes.insert(.reverse) }
        if style.underline { attributes.insert(.underline) }
        guard case let .colors(count) = mode else { return CursesStyle(attributes: attributes) }
        let fg = number(style.fg, colors: count)
        let bg = number(style.bg, colors: count)
        if fg.brightenedByBold { attributes.insert(.bold) }
        return CursesStyle(attributes: attributes, foreground: fg.number, background: bg.number)
    }

    /// The curses colour number of `color`, and whether brightness must come from bold.
    static func number(_ color: TermColor, colors: Int) -> (number: Int16, brightenedByBold: Bool) {
        let base: Int16, bright: Bool
        switch color {
        case .default: return (-1, false)
        case .black: (base, bright) = (0, false)
        case .red: (base, bright) = (1, false)
        case .green: (base, bright) = (2, false)
        case .yellow: (base, bright) = (3, false)
        case .blue: (base, bright) = (4, false)
        case .magenta: (base, bright) = (5, false)
        case .cyan: (base, bright) = (6, false)
        case .white: (base, bright) = (7, false)
        case .brightBlack: (base, bright) = (0, true)
        case .brightRed: (base, bright) = (1, true)
        case .brightGreen: (base, bright) = (2, true)
        case .brightYellow: (base, bright) = (3, true)
        case .brightBlue: (base, bright) = (4, true)
        case .brightMagenta: (base, bright) = (5, true)
        case .brightCyan: (base, bright) = (6, true)
        case .brightWhite: (base, bright) = (7, true)
        }
        guard bright else { return (base, false) }
        return colors >= 16 ? (base + 8, false) : (base, true)
    }
}

/// Colour pairs allocated on first use. Pair 0 is the terminal's default pair
/// (`use_default_colors`); when the terminal runs out of pairs, pair 0 is used.
public struct ColorPairTable: Sendable {
    public let capacity: Int
    /// Pair n+1 is `pairs[n]`. A screen uses a few dozen pairs, so a scan is as quick as a
    /// hash, and an array's storage needs no runtime conformance lookup at the first paint
    /// (a dictionary keyed by a new type costs one, about 0.1 ms, before the first frame: StartupPath).
    private var pairs: [Pair] = []
    private struct Pair: Equatable { var fg: Int16, bg: Int16 }

    /// A table for a terminal with `capacity` pairs (`COLOR_PAIRS`, capped at what a short holds).
    public init(capacity: Int) { self.capacity = min(capacity, Int(Int16.max)) }

    /// The pair for (`fg`, `bg`), and whether it is new (the caller must `init_pair` it).
    public mutating func pair(fg: Int16, bg: Int16) -> (number: Int16, isNew: Bool) {
        if fg == -1 && bg == -1 { return (0, false) }
        let wanted = Pair(fg: fg, bg: bg)
        if let index = pairs.firstIndex(of: wanted) { return (Int16(index + 1), false) }
        let next = pairs.count + 1
        guard next < capacity else { return (0, false) }
        pairs.append(wanted)
        return (Int16(next), true)
    }

    /// How many pairs are allocated.
    public var count: Int { pairs.count }
}
