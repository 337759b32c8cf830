import Foundation
import HubUI
import SessionEngine
import Testing

@Suite struct GoldenScreenTests {
    @Test(arguments: Screens.all.map(\.name))
    func screenMatchesGolden(name: String) {
        let model = Screens.all.first { $0.name == name }!.make()
        for (w, h) in [(80, 24), (120, 40)] {
            Golden.check("\(name)-\(w)x\(h)", model.render(width: w, height: h))
        }
    }

    @Test func tooSmallScreen() {
        let model = Fixtures.model()
        Golden.check("too-small-79x24", model.render(width: 79, height: 24))
        Golden.check("too-small-40x10", model.render(width: 40, height: 10))
    }
}

@Suite struct GoldenHelperTests {
    @Test func aMismatchReadsAsANumberedLineDiff() {
        let diff = Golden.diff("same\nold line\nend", "same\nnew line\nend\nextra")
        #expect(diff == "  2 - |old line|\n  2 + |new line|\n  4 - |<missing>|\n  4 + |extra|")
    }

    @Test func goldenFilesAreFoundBesideTheTests() {
        #expect(Golden.directory.path.hasSuffix("Tests/HubUITests/Golden"))
        #expect((try? String(contentsOf: Golden.directory.appendingPathComponent("home-80x24.txt"), encoding: .utf8)) != nil)
    }
}
