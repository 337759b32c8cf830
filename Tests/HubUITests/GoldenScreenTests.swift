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
