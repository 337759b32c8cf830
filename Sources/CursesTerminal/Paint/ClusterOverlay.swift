import HubUI

/// Grapheme clusters that curses cannot draw as one cell, written to the terminal directly.
///
/// A curses cell (`cchar_t`) holds one spacing character and at most four non-spacing ones
/// (`CCHARW_MAX`, 5 in ncurses), and curses moves its idea of the cursor by the first
/// character's `wcwidth`. An emoji ZWJ sequence (👩‍💻: two spacing emoji and a joiner) is
/// cut to its first emoji by `setcchar`, and a flag or a keycap (🇫🇷, 1️⃣: a first
/// character one column wide) leaves curses one column behind the terminal, which then
/// draws every later character of the row one cell to the right. Such a cell is given to
/// curses as blanks of the cluster's width (`TextWidth`), so curses' picture of the row is
/// right, and once curses has written its frame the cluster itself is written over them:
/// cursor and attributes saved (DECSC, `ESC 7`), the cell addressed, the cell's style, the
/// whole cluster, cursor and attributes restored (DECRC, `ESC 8`), so curses' next frame
/// starts where it believes it is.
enum ClusterOverlay {
    /// ncurses' `CCHARW_MAX`: the characters one cell holds.
    static let charactersPerCell = 5

    /// What curses holds in a cluster's first column: a private-use character (U+E000, one
    /// column for `wcwidth`) that no screen draws, so that whatever a later frame puts there
    /// differs (and is written).
    static let placeholder: Unicode.Scalar = "\u{E000}"

    /// Whether curses can draw `text` (one cluster) as one cell `width` columns wide.
    static func needsOverlay(_ text: String, width: Int) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return false }
        var count = 1
        while let next = scalars.next() {
            count += 1
            if count > charactersPerCell || TextWidth.of(next) != 0 { return true }
        }
        return count > 1 && TextWidth.of(first) != width
    }

    /// A cell to write over curses' blanks.
    struct Patch: Equatable {
        var x: Int
        var y: Int
        var text: String
        var style: CellStyle
    }

    /// The bytes that draw `patches` and leave the cursor and attributes as they were.
    static func bytes(_ patches: [Patch]) -> [UInt8] {
        guard !patches.isEmpty else { return [] }
        var out = "\u{1B}7"
        for patch in patches {
            out += "\u{1B}[\(patch.y + 1);\(patch.x + 1)H" + AnsiScreenEncoder.sgr(patch.style) + patch.text
        }
        out += "\u{1B}8"
        return Array(out.utf8)
    }
}
