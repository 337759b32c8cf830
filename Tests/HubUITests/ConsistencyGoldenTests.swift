import HubUI
import Testing

/// Golden screens of consistent actions (Docs/forecasts.md, Docs/decisions.md) and the F3 picture, at 80x24 and 120x40.
@Suite struct ConsistencyGoldenTests {
    @Test(arguments: ConsistencyScreens.all.map(\.name))
    func screenMatchesGolden(name: String) {
        let model = ConsistencyScreens.all.first { $0.name == name }!.make()
        for (w, h) in [(80, 24), (120, 40)] {
            Golden.check("\(name)-\(w)x\(h)", model.render(width: w, height: h))
        }
    }
}
