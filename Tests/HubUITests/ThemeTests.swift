import HubUI
import SessionEngine
import Testing

@Suite struct ThemeTests {
    @Test func monoDrawsNoColourAtAll() {
        for base in Contexts.models {
            var m = base
            m.theme = .mono
            for cell in m.render(width: 120, height: 40).grid.cells {
                #expect(cell.style.fg == .default && cell.style.bg == .default)
            }
        }
    }

    /// The cells of the first row that contains `text`.
    func styles(of text: String, in frame: Frame) -> [CellStyle]? {
        for (y, line) in frame.grid.lines.enumerated() {
            guard let r = line.range(of: text) else { continue }
            let x = line.distance(from: line.startIndex, to: r.lowerBound)
            return (x..<(x + text.count)).map { frame.grid[$0, y].style }
        }
        return nil
    }

    @Test func ownersAreToldApartInBothThemes() {
        var m = Screens.paneLeak()
        let colour = m.render(width: 120, height: 40)
        let first = styles(of: "Bookmarks of cou1", in: colour)?.first
        let second = styles(of: "Bookmarks of cou2", in: colour)?.first
        #expect(first != nil && second != nil && first != second)
        #expect(first?.fg != .default)
        m.theme = .mono
        let mono = m.render(width: 120, height: 40)
        #expect(mono.grid.text.contains("[cou1] Bookmarks of cou1"))
        #expect(mono.grid.text.contains("[cou2] Bookmarks of cou2"))
        #expect(styles(of: "[cou1]", in: mono)?.first != styles(of: "[cou2]", in: mono)?.first)
    }

    @Test func leakBannerIsLoudInBothThemes() {
        var m = Screens.paneLeak()
        for theme in [Theme.colour, .mono] {
            m.theme = theme
            let style = styles(of: "LEAK: shows cou1's 2 items", in: m.render(width: 120, height: 40))?.first
            #expect(style == theme.leakBanner)
            #expect(style?.bold == true)
        }
    }

    @Test func cursorSitsAtTheEndOfTheActiveFieldAndHidesOtherwise() {
        let form = Screens.enrollForm()
        let frame = form.render(width: 80, height: 24)
        guard let cursor = frame.cursor else { Issue.record("no cursor on a form"); return }
        #expect(frame.grid.lines[cursor.y].hasPrefix("│•••"))
        #expect(cursor.x == 4)
        #expect(Screens.home().render(width: 80, height: 24).cursor == nil)
        #expect(Screens.help().render(width: 80, height: 24).cursor == nil)
    }
}
