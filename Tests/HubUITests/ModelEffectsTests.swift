import Configuration
@testable import HubUI
import Platform
import SessionEngine
import Synchronization
import Testing

/// The Hub performs each action's effects as it applies it (`HubModel.performer`), so no caller
/// has a queue to drain, and its message after an event comes from the event's typed result.
@Suite struct ModelEffectsTests {
    /// Keeps what it is given, in order.
    final class Collector: DeviceEffectPerformer {
        let effects = Mutex<[DeviceEffect]>([])
        func perform(_ effects: [DeviceEffect]) { self.effects.withLock { $0 += effects } }
        var events: [String] { effects.withLock { $0.map { effect in switch effect { case let .request(r): "\(r.app) \(r.event.name)" } } } }
    }

    static func model() -> HubModel {
        let catalogue = try! BundledAssets.catalogue()
        let device = SharedDevice(profile: DeviceProfile.named(.workspaceOne), tenant: try! BundledAssets.tenant(),
                                  apps: try! catalogue.select(["notes"]) + [ExternalScreens.app],
                                  dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
        var m = HubModel(device: device, theme: .colour, width: 80, height: 24)
        m.confirmsActions = false
        return m
    }

    @Test func theModelHandsAnActionsRequestsToItsPerformerInOrder() {
        var m = Self.model()
        let collector = Collector()
        m.performer = collector
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        #expect(collector.events.isEmpty)  // nothing reached the program: it is not running
        #expect(m.apply(.launch("notes")) == .accepted)
        #expect(collector.events.isEmpty)  // a catalogue app answers inside the event
        #expect(m.apply(.launch("myapp")) == .accepted)
        #expect(collector.events == ["myapp cold launch", "myapp controllerDidFinishInitialCheck(error: nil)"])
        #expect(m.apply(.unlock("cou1")).refusal != nil)  // refused (not locked): nothing more
        #expect(collector.events.count == 2)
    }

    @Test func theMessageAfterAnEventComesFromItsResult() {
        var m = Self.model()
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.act(.logOut)
        #expect(m.notice?.text == "Checked in. Not broadcast: each Workspace ONE app notices at its next foreground or cold start.")
        #expect(ActionResult.signedOut(.broadcast(.globalSignOut)).aftermath
                == "Signed out for every app; GLOBAL_SIGN_OUT broadcast to running apps with a runtime receiver.")
        #expect(ActionResult.configurationRemoved(SharedModeRegistration(brokenRules: []), stillSharedMode: false).aftermath == nil)
    }
}
