import HubUI
import Testing
@testable import CursesTerminal

/// Clusters curses cannot draw as one cell reach the terminal whole, at their cell, with the
/// cursor and attributes given back to curses afterwards.
@Suite("Cluster overlay")
struct ClusterOverlayTests {
    @Test func sequencesCursesWouldCutOrMisplaceAreOverlaid() {
        // Several spacing characters (cut to the first by setcchar), or a first character
        // narrower than the cluster (curses' cursor one column behind the terminal's).
        for text in ["👩‍💻", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "🇫🇷", "1️⃣", "❤️"] {
            #expect(ClusterOverlay.needsOverlay(text, width: TextWidth.of(text)), "\(text)")
        }
        // One character, or one and its combining marks: curses draws them itself.
        for text in ["a", "漢", "e\u{301}", "a\u{308}\u{304}", "👍"] {
            #expect(!ClusterOverlay.needsOverlay(text, width: TextWidth.of(text)), "\(text)")
        }
    }

    /// The bytes for a cluster hold the whole cluster, at its 1-based position, in its style,
    /// between DECSC and DECRC.
    @Test func theWholeClusterIsWrittenAtItsCell() {
        let style = CellStyle(fg: .red, bold: true)
        let bytes = ClusterOverlay.bytes([ClusterOverlay.Patch(x: 4, y: 2, text: "👨‍👩‍👧", style: style)])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == "\u{1B}7\u{1B}[3;5H" + AnsiScreenEncoder.sgr(style) + "👨‍👩‍👧" + "\u{1B}8")
        #expect(text.unicodeScalars.filter { $0.value > 0x7F }.map(\.value) == [0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467])
        #expect(ClusterOverlay.bytes([]).isEmpty)
    }

    /// What the painter is given for a row with clusters: each cluster in one run text, whole.
    @Test func frameDiffCarriesWholeClusters() {
        var grid = CellGrid(width: 8, height: 1)
        grid.put("│👩‍💻🇫🇷é│", x: 0, y: 0)
        let texts = FrameDiff.runs(from: nil, to: grid).flatMap(\.texts)
        #expect(texts.prefix(7) == ["│", "👩‍💻", "", "🇫🇷", "", "é", "│"])
    }
}
