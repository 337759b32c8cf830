import HubUI

/// A small terminal for the tests: plays the bytes `AnsiScreenEncoder` writes (cursor
/// moves, clear, SGR, cursor visibility, UTF-8 text) onto a grid, so a test can check that
/// what a recording replays is the frame that was drawn, cell by cell and style by style.
struct AnsiReplay {
    var grid: CellGrid
    var x = 0, y = 0
    var style = CellStyle.plain
    var cursorVisible = true

    init(width: Int, height: Int) { grid = CellGrid(width: width, height: height) }

    mutating func play(_ bytes: String) {
        var scalars = Array(bytes.unicodeScalars)[...]
        while let s = scalars.popFirst() {
            guard s == "\u{1B}" else {
                let ch = Character(s)
                let w = TextWidth.of(ch)
                if x < grid.width, y < grid.height {
                    grid[x, y] = Cell(text: String(ch), style: style)
                    if w == 2, x + 1 < grid.width { grid[x + 1, y] = Cell(text: "", style: style) }
                }
                x += w
                continue
            }
            guard scalars.popFirst() == "[" else { fatalError("not a CSI sequence") }
            var params = ""
            while let p = scalars.first, !(p.value >= 0x40 && p.value <= 0x7E) { params.unicodeScalars.append(p); scalars.removeFirst() }
            let final = scalars.popFirst()!
            let numbers = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            switch final {
            case "H": y = max(1, numbers.first ?? 1) - 1; x = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
            case "J": grid = CellGrid(width: grid.width, height: grid.height)
            case "m": style = Self.style(numbers.isEmpty ? [0] : numbers, from: style)
            case "h", "l": if params == "?25" { cursorVisible = final == "h" }
            default: fatalError("unexpected sequence \(params)\(final)")
            }
        }
    }

    static func style(_ codes: [Int], from start: CellStyle) -> CellStyle {
        let colours: [TermColor] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]
        let brights: [TermColor] = [.brightBlack, .brightRed, .brightGreen, .brightYellow, .brightBlue, .brightMagenta, .brightCyan, .brightWhite]
        var s = start
        for code in codes {
            switch code {
            case 0: s = .plain
            case 1: s.bold = true
            case 2: s.dim = true
            case 4: s.underline = true
            case 7: s.reverse = true
            case 30...37: s.fg = colours[code - 30]
            case 90...97: s.fg = brights[code - 90]
            case 40...47: s.bg = colours[code - 40]
            case 100...107: s.bg = brights[code - 100]
            default: fatalError("unexpected SGR \(code)")
            }
        }
        return s
    }
}
