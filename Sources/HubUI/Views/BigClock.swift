/// The lock screen's clock in large digits (3x5 cells each), for a projector at the back of
/// a classroom. Drawn only where the Hub column has room for it.
enum BigClock {
    static let height = 5

    /// Width of `text` ("08:05") in cells.
    static func width(of text: String) -> Int { text.count * 4 - 1 }

    private static let glyphs: [Character: [String]] = [
        "0": ["███", "█ █", "█ █", "█ █", "███"],
        "1": ["  █", "  █", "  █", "  █", "  █"],
        "2": ["███", "  █", "███", "█  ", "███"],
        "3": ["███", "  █", "███", "  █", "███"],
        "4": ["█ █", "█ █", "███", "  █", "  █"],
        "5": ["███", "█  ", "███", "  █", "███"],
        "6": ["███", "█  ", "███", "█ █", "███"],
        "7": ["███", "  █", "  █", "  █", "  █"],
        "8": ["███", "█ █", "███", "█ █", "███"],
        "9": ["███", "█ █", "███", "  █", "███"],
        ":": ["   ", " █ ", "   ", " █ ", "   "],
    ]

    /// The five rows of `text` in large digits.
    static func rows(_ text: String) -> [String] {
        (0..<height).map { row in text.map { glyphs[$0]?[row] ?? "   " }.joinedText(separator: " ") }
    }
}
