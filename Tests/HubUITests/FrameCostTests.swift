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
        // The device goes offline (F4): each app's verdict once for the counts, and the facts
        // of the five panes on screen once; the frame after it works out nothing.
        let work = Self.work(&m) {
            $0.press(.function(4))
            _ = $0.render(width: 80, height: 24)
        }
        #expect(!m.device.online)
        #expect(work.appFacts == count + 5)
        #expect(work.panes == 5)
    }

    /// A clock second changes the clock's cells and nothing a pane or the counts are worked
    /// out from: with 10,000 apps, the second and its frame work out no app's facts and lay
    /// out no row, and the frame is the one worked out afresh (the clock's minute included).
    @Test func aClockSecondWorksOutNothingOfTenThousandApps() {
        var m = Self.model(apps: 10_000)
        let start = m.device.now
        var frames: [Frame] = []
        let counter = LayoutWorkCount()
        counter.during {
            // To a second before the next minute, then the second that turns it.
            let seconds = 60 - Double(start.milliseconds / 1000 % 60)
            for tick in [seconds - 1, 1] where tick > 0 {
                _ = m.handle(.tick(tick))
                frames.append(m.render(width: 80, height: 24))
            }
        }
        #expect(m.device.now.seconds(since: start) == 60 - Double(start.milliseconds / 1000 % 60))
        #expect(m.device.state == .checkedOut("cou1"))
        #expect(counter.appFacts == 0, "\(counter.appFacts) apps' facts worked out by clock seconds")
        #expect(counter.rows == 0)
        #expect(counter.panesDrawn == 5 * frames.count)
        var fresh = m
        fresh.cache.leakTally = nil
        fresh.cache.paneFacts = nil
        fresh.cache.scrollLayout = nil
        #expect(fresh.render(width: 80, height: 24) == frames.last)
        // The minute turned: the status line's clock is drawn afresh in the kept frame too.
        #expect(frames.first!.grid.text.contains(String(start.description.prefix(5))))
        #expect(frames.last!.grid.text.contains(String(m.device.now.description.prefix(5))))
        #expect(String(start.description.prefix(5)) != String(m.device.now.description.prefix(5)))
    }

    @Test func theCounterSeesAFrameThatWorksOutEveryApp() {
        // The counter can fail the tests above: a model that kept nothing (as after a step
        // applied without an event) works the counts out in its frame, and the frame is the
        // one drawn from what was kept.
        var m = Self.model(apps: 1000)
        let kept = m.render(width: 80, height: 24)
        var fresh = m
        fresh.cache.leakTally = nil
        fresh.cache.paneFacts = nil
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
