import Foundation
import HubUI
import SessionEngine
import Testing

/// `--cast`: frames become an asciicast v2 recording that replays exactly what was drawn.
@Suite struct CastTests {
    /// The replayed cells equal the frame's, text and style, with the cursor where it was.
    func expectReplays(_ replay: AnsiReplay, _ frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(replay.grid.lines == frame.grid.lines, sourceLocation: sourceLocation)
        for y in 0..<frame.grid.height {
            for x in 0..<frame.grid.width where !frame.grid[x, y].isContinuation {
                #expect(replay.grid[x, y].style == frame.grid[x, y].style, "style at \(x),\(y)", sourceLocation: sourceLocation)
            }
        }
        #expect(replay.cursorVisible == (frame.cursor != nil), sourceLocation: sourceLocation)
        if let cursor = frame.cursor { #expect(replay.x == cursor.x && replay.y == cursor.y, sourceLocation: sourceLocation) }
    }

    @Test func aWalkReplaysFrameByFrameAsDiffs() {
        var model = Fixtures.model()
        var encoder = AnsiScreenEncoder()
        var replay = AnsiReplay(width: 80, height: 24)
        var sizes: [Int] = []
        func step(_ keys: String) {
            model.press(keys)
            let frame = model.render(width: 80, height: 24)
            let bytes = encoder.encode(frame)
            sizes.append(bytes.utf8.count)
            replay.play(bytes)
            expectReplays(replay, frame)
        }
        step("")
        step("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        model.settle()
        step("FRONTLINE<Enter>cou1<Enter>")
        step("cou1<Enter>")
        step("<Tab><Enter>")
        step("<F2>")
        step("<F3>")
        // The first frame is drawn whole; the ones after it only as what changed.
        #expect(sizes[0] > 1920)
        #expect(sizes[3] < sizes[0])
        // Nothing changed: nothing written.
        #expect(encoder.encode(model.render(width: 80, height: 24)).isEmpty)
    }

    @Test func wideCharactersAndTheirHalvesReplay() {
        var grid = CellGrid(width: 10, height: 2)
        grid.put("a漢字b", x: 0, y: 0, style: CellStyle(fg: .red))
        var encoder = AnsiScreenEncoder()
        var replay = AnsiReplay(width: 10, height: 2)
        replay.play(encoder.encode(Frame(grid: grid)))
        expectReplays(replay, Frame(grid: grid))
        // Overwrite the right half of 漢: its leader must be repainted as a space.
        grid.put("x", x: 2, y: 0, style: CellStyle(bold: true))
        grid[1, 0] = Cell(text: " ")
        replay.play(encoder.encode(Frame(grid: grid, cursor: (3, 1))))
        expectReplays(replay, Frame(grid: grid, cursor: (3, 1)))
    }

    @Test func stylesBecomeSGRFromAReset() {
        #expect(AnsiScreenEncoder.sgr(.plain) == "\u{1B}[0m")
        #expect(AnsiScreenEncoder.sgr(CellStyle(fg: .black, bg: .cyan)) == "\u{1B}[0;30;46m")
        #expect(AnsiScreenEncoder.sgr(CellStyle(fg: .brightWhite, bg: .red, bold: true)) == "\u{1B}[0;1;97;41m")
        #expect(AnsiScreenEncoder.sgr(CellStyle(bg: .brightBlack, dim: true, reverse: true, underline: true)) == "\u{1B}[0;2;4;7;100m")
    }

    @Test func jsonStringsEscapeControlsAndKeepUTF8() {
        #expect(Asciicast.json("a\"b\\c\u{1B}[0m\n\t\u{7F}≠") == "\"a\\\"b\\\\c\\u001b[0m\\n\\t\\u007f≠\"")
    }

    @Test func headerEventsResizesAndTimes() throws {
        var cast = Asciicast(width: 80, height: 24, timestamp: 1_795_000_000, title: "hubsim \"walk\"",
                             env: [("TERM", "xterm-256color"), ("SHELL", "/bin/bash")])
        let model = Fixtures.model()
        cast.append(model.render(width: 80, height: 24), at: 0)
        cast.append(model.render(width: 80, height: 24), at: 0.5)          // unchanged: no event
        cast.append(model.render(width: 100, height: 30), at: 1.25)
        cast.append(model.render(width: 80, height: 24), at: 1.0)          // a clock that went back is held
        let parsed = try cast.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed]) }
        let header = try #require(parsed[0] as? [String: Any])
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 80 && header["height"] as? Int == 24)
        #expect(header["timestamp"] as? Int == 1_795_000_000 && header["title"] as? String == "hubsim \"walk\"")
        #expect((header["env"] as? [String: String]) == ["TERM": "xterm-256color", "SHELL": "/bin/bash"])
        let events = parsed.dropFirst().compactMap { $0 as? [Any] }
        #expect(events.map { "\($0[1])" } == ["o", "r", "o", "r", "o"])
        #expect(events.map { ($0[0] as? Double) ?? -1 } == [0, 1.25, 1.25, 1.25, 1.25])
        #expect(events[1][2] as? String == "100x30" && events[3][2] as? String == "80x24")
        #expect(cast.text.hasSuffix("\n") && cast.eventCount == 5 && cast.width == 80)
    }

    @Test func anySequenceOfTimedFramesIsACast() {
        var model = Fixtures.model()
        var frames: [(frame: Frame, seconds: Double)] = [(model.render(width: 90, height: 30), 0)]
        model.press("FRONTLINE")
        frames.append((model.render(width: 90, height: 30), 2.5))
        let cast = Asciicast(frames: frames, title: "lesson")
        #expect(cast.lines[0] == "{\"version\": 2, \"width\": 90, \"height\": 30, \"title\": \"lesson\"}")
        #expect(cast.eventCount == 2 && cast.lines[2].hasPrefix("[2.500, \"o\", "))
        #expect(Asciicast(frames: [] as [(frame: Frame, seconds: Double)]).eventCount == 0)
    }

    @Test func aTypedPasswordIsNeverInTheCast() {
        var model = Fixtures.model()
        var cast = Asciicast(width: 80, height: 24)
        var t = 0.0
        func show() { t += 0.1; cast.append(model.render(width: 80, height: 24), at: t) }
        model.enrollThroughUI()
        show()
        // A password typed key by key (each key a frame), refused for its unknown Group ID
        // (no scrypt derivation to pay for a failure).
        for key in "FRONTLINE1<Enter>cou1<Enter>Wr0ngHunter2<Enter>".keySequence { _ = model.handle(.key(key)); show() }
        #expect(model.device.state == .checkedIn)
        let text = cast.text
        for fragment in ["Wr0ngHunter2", "Wr0ng", "Hunter2"] { #expect(!text.contains(fragment)) }
        #expect(text.contains("cou1"))
    }
}

private extension String {
    var keySequence: [Key] { Key.sequence(self)! }
}
