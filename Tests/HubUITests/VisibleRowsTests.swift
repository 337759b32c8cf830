import Configuration
@testable import HubUI
import SessionEngine
import Testing

/// The scrolling views lay their rows out once for what the device is, not on every key: a
/// key that only scrolls, and the frame after it, lay out no row, whether the view holds a
/// few rows or ten thousand (a tenant validating 10,000 redirect URIs made each key of the
/// SSO map lay out the whole map again, and a held key froze the screen for minutes).
@Suite struct VisibleRowsTests {
    /// Mail's set-up and its registration with `extra` more redirect URIs, cou1 checked out, the SSO map open.
    static func ssoMap(extra: Int) -> HubModel {
        let base = try! BundledAssets.catalogue()
        var apps = base.apps.filter { ["chat", "mail", "roster"].contains($0.id) }
        var tenant = try! BundledAssets.tenant()
        let i = apps.firstIndex { $0.id == "mail" }!
        let uris = (0..<extra).map { "https://login.contoso.example/mail/callback/\($0)" }
        apps[i].sso!.redirectURIs += uris
        let r = tenant.appRegistrations.firstIndex { $0.clientID == apps[i].sso!.clientID }!
        tenant.appRegistrations[r].redirectURIs += uris
        var m = HubModel(device: SharedDevice(profile: .workspaceOne, tenant: tenant, apps: apps,
                                              dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher)), width: 80, height: 24)
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<F11>")
        return m
    }

    /// Rows laid out while `keys` are pressed one by one, each followed by its frame.
    static func rowsLaidOut(_ m: inout HubModel, pressing keys: [Key]) -> Int {
        let counter = LayoutWorkCount()
        counter.during {
            for key in keys {
                m.press(key)
                _ = m.screen()
            }
        }
        return counter.rows
    }

    @Test(arguments: [10, 10_000])
    func scrollingTheSSOMapLaysOutNoRow(extra: Int) {
        var m = Self.ssoMap(extra: extra)
        let before = m.screen()
        #expect(before.contains("SSO map"))
        let laidOut = Self.rowsLaidOut(&m, pressing: [.down, .down, .pageDown, .pageDown, .up, .end, .home, .pageDown])
        #expect(laidOut == 0, "\(laidOut) rows laid out for keys that only scroll")
        // The keys did scroll, and the frame drawn from the kept rows is the one laid out afresh.
        let after = m.screen()
        #expect(after != before)
        #expect(after.contains(" rows \(m.scrolls.ssoMap + 1)–"))
        var fresh = m
        fresh.cache.scrollLayout = nil
        #expect(fresh.screen() == after)
    }

    @Test func theCounterSeesALayOutWhenTheDeviceChanges() {
        // The counter can fail the test above: the map closed and opened again is laid out
        // again, and so is the map after the device changed (it goes offline, F4).
        var m = Self.ssoMap(extra: 1000)
        #expect(Self.rowsLaidOut(&m, pressing: [.function(11), .function(11)]) > 1000)
        let counter = LayoutWorkCount()
        counter.during { m.press(.function(4)) }
        #expect(m.view == .ssoMap)
        #expect(!m.device.online)
        #expect(counter.rows > 1000)
    }

    @Test func aClockSecondLaysOutNoRowOfTheMap() {
        // The map reads no clock: a second keeps its rows, and the frame from them is the one
        // laid out afresh.
        var m = Self.ssoMap(extra: 1000)
        let counter = LayoutWorkCount()
        counter.during { _ = m.handle(.tick(1)) }
        #expect(m.view == .ssoMap)
        #expect(counter.rows == 0)
        var fresh = m
        fresh.cache.scrollLayout = nil
        #expect(fresh.screen() == m.screen())
    }

    @Test func theKeptRowsFollowTheWidth() {
        var m = Self.ssoMap(extra: 50)
        _ = m.handle(.resize(width: 120, height: 30))
        let kept = m.screen()
        var fresh = m
        fresh.cache.scrollLayout = nil
        #expect(fresh.screen() == kept)
        #expect(m.cache.scrollLayout?.key.width == 118)
    }

    @Test(arguments: [3, 300])
    func scrollingTheAuditLaysOutNoRow(apps count: Int) {
        let apps = (0..<count).map { i in
            AppDefinition(id: "app\(i)", name: "App \(i)", sdk: .workspaceOne(.none), userItems: ["Item of {user}"], commonItems: ["Common"])
        }
        var device = SharedDevice(profile: .workspaceOne, tenant: try! BundledAssets.tenant(), apps: apps,
                                  dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
        _ = device.enroll(group: "FRONTLINE", user: "stage", password: "stage")
        _ = device.completeEnrollment()
        _ = device.checkOut(group: "FRONTLINE", user: "cou1", password: "cou1")
        var m = HubModel(device: device, width: 80, height: 24)
        m.press("a")
        #expect(m.view == .audit)
        let laidOut = Self.rowsLaidOut(&m, pressing: [.down, .pageDown, .end, .up, .home])
        #expect(laidOut == 0)
        var fresh = m
        fresh.cache.scrollLayout = nil
        #expect(fresh.screen() == m.screen())
    }

    @Test func scrollingTheFilteredEventLogTestsNoLineAgain() {
        var m = Self.ssoMap(extra: 10)
        m.press("<F11>")
        // A log of thousands of lines: the clock moved a second at a time, cou1 active (no lock).
        for _ in 0..<1000 {
            m.apply(.advanceClock(seconds: 1))
            m.apply(.userActivity)
        }
        m.press("<F2>")
        m.press("K")
        #expect(m.view == .eventLog && m.eventLog.filter.isActive)
        let first = m.screen()
        let laidOut = Self.rowsLaidOut(&m, pressing: [.pageUp, .pageUp, .up, .pageDown])
        #expect(laidOut == 0, "\(laidOut) lines tested by the filter for keys that only scroll")
        let after = m.screen()
        var fresh = m
        fresh.cache.scrollLayout = nil
        #expect(fresh.screen() == after)
        #expect(first.contains(" of \(m.device.log.entries.count) entries"))
    }

    @Test func scrollingTheZoomedPaneLaysOutNoRow() {
        var m = Self.ssoMap(extra: 10)
        m.press("<F11>")
        // A long history: Mail launched and sent back again and again, cou1 active.
        for _ in 0..<300 {
            m.apply(.launch("mail"))
            m.apply(.background("mail"))
        }
        m.apply(.launch("mail"))
        for _ in 0..<5 where m.focus != .pane("mail") { m.press("<Tab>") }
        m.press("f")
        #expect(m.view == .zoom && m.zoom.app == "mail")
        let laidOut = Self.rowsLaidOut(&m, pressing: [.down, .pageDown, .pageDown, .end, .up, .home])
        #expect(laidOut == 0)
        var fresh = m
        fresh.cache.scrollLayout = nil
        #expect(fresh.screen() == m.screen())
        #expect(m.zoomExtent.rows > 600)
    }
}
