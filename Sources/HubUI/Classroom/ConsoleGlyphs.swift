/// The console's symbols, and their ASCII forms where the trainer's locale is not UTF-8
/// (as the Hub's diagram and fault marks do, `HubModel.asciiDrawings`).
struct ConsoleGlyphs {
    let hand: String, dot: String, previous: String, next: String, ellipsis: String, times: String, dash: String

    static let unicode = ConsoleGlyphs(hand: "✋", dot: "·", previous: "◀", next: "▶", ellipsis: "…", times: "×", dash: "–")
    static let ascii = ConsoleGlyphs(hand: "[hand]", dot: "-", previous: "<", next: ">", ellipsis: "...", times: "x", dash: "-")

    static func of(ascii: Bool) -> ConsoleGlyphs { ascii ? .ascii : .unicode }

    /// Key names as drawn: the arrows' names in words where the locale is not UTF-8.
    func keys(_ names: String) -> String {
        guard hand == ConsoleGlyphs.ascii.hand else { return names }
        return names.replacingArrows
    }
}

private extension String {
    /// `↑/↓` as `Up/Down`.
    var replacingArrows: String {
        var out = ""
        for ch in self {
            switch ch {
            case "↑": out += "Up"
            case "↓": out += "Down"
            case "←": out += "Left"
            case "→": out += "Right"
            default: out.append(ch)
            }
        }
        return out
    }
}
