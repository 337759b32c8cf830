import Configuration
@testable import HubUI
import SessionEngine
import Testing

/// A frame of the panes view costs what it draws: the panes that fit and the summary tile,
/// not the apps the tile stands for. The facts a pane shows that the device works out over
/// every app (its verdict, its token, its single sign-on rules, its findings) and the counts
/// over every app (the status line's leaks, the tile's lifecycles) are worked out once per
/// device change, not on every frame nor once per pane per app (a frame of a 1,000-app device
/// at 200x60 took 41 s in the debug build when every pane went through every app).
@Suite struct FrameCostTests {
    /// `count` apps cycled from the catalogue (ids and names numbered), cou1 checked out, the
    /// first two launched, at 80x24: five panes and the summary tile, whatever the count.
    static func model(apps count: Int) -> HubModel {
        let base = try! BundledAssets.catalogue().apps
        let apps = (0..<count).map { i in
            var a = base[i % base.count]
            a.id = "\(a.id)\(i)"
            a.name = "\(a.name) \(i)"
            return a
        }
        var m = HubModel(device: SharedDevice(profile: .workspaceOne, tenant: try! BundledAssets.tenant(), apps: apps,
                                              dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher)), width: 80, height: 24)
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab>l<Tab>l")
        return m
    }

    /// The apps whose panes `frame` drew, in order (each pane's title zooms it).
    static func panesDrawn(_ frame: Frame) -> [AppID] {
        frame.hitMap.regions.compactMap { region in
            if case let .appCommand(.zoomPane, app) = region.target { return app }
            return nil
        }.uniqued()
    }

    /// Work done while `body` runs: facts worked out per app, and panes drawn.
    static func work(_ m: inout HubModel, _ body: (inout HubModel) -> Void) -> (appFacts: Int, panes: Int) {
        let counter = LayoutWorkCount()
        counter.during { body(&m) }
        return (counter.appFacts, counter.panesDrawn)
    }

    @Test(arguments: [10, 1000])
    func aFrameWorksOutNothingForAppsOffScreen(apps count: Int) {
        var m = Self.model(apps: count)
        var frame: Frame?
        let work = Self.work(&m) { frame = $0.render(width: 80, height: 24) }
        // The same work for 10 apps as for 1,000: five panes looked at, nothing worked out.
        #expect(work.panes == 5)
        #expect(work.appFacts == 0, "\(work.appFacts) apps' facts worked out by a frame that changed nothing")
        #expect(Self.panesDrawn(frame!) == m.device.apps.prefix(5).map(\.id))
        #expect(frame!.grid.text.contains("\(count - 5) more apps"))
    }

    @Test(arguments: [10, 1000])
    func aDeviceChangeWorksOutEachAppOnce(apps count: Int) {
        var m = Self.model(apps: count)
        // A second passes (the device changes): each app's verdict once for the counts, and
        // the facts of the five panes on screen once; the frame after it works out nothing.
        let work = Self.work(&m) {
            _ = $0.handle(.tick(1))
            _ = $0.render(width: 80, height: 24)
        }
        #expect(work.appFacts == count + 5)
        #expect(work.panes == 5)
    }

    @Test func theCounterSeesAFrameThatWorksOutEveryApp() {
        // The counter can fail the tests above: a model that kept nothing (as after a step
        // applied without an event) works the counts out in its frame, and the frame is the
        // one drawn from what was kept.
        var m = Self.model(apps: 1000)
        let kept = m.render(width: 80, height: 24)
        var fresh = m
        fresh.leakTallyKept = nil
        fresh.paneFactsKept = nil
        var frame: Frame?
        let work = Self.work(&fresh) { frame = $0.render(width: 80, height: 24) }
        #expect(work.appFacts >= 1000)
        #expect(frame == kept)
        // Tab to the next page: its panes' facts are worked out, and only theirs. (The first
        // key of an instant is the person's activity, a change of the device: pressed first.)
        m.press("<Tab>")
        let next = Self.work(&m) { $0.press("<Tab><Tab><Tab>") }
        #expect(m.focus == .pane(m.device.apps[5].id))
        #expect(next.appFacts == 5)
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
