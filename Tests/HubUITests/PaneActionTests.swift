import HubUI
import SessionEngine
import Testing

/// A pane's buttons come from the key table: the focused pane offers exactly the pane
/// buttons whose bindings hold, and each button does what its key does.
@Suite struct PaneActionTests {
    /// A focused pane in each situation that changes which pane keys work, at a size where
    /// every button fits: workspace-one checked in and checked out (single sign-on app), and
    /// entra-ios signed out (an app without single sign-on) and signed in.
    static let situations: [(name: String, make: @Sendable () -> HubModel)] = [
        ("workspace-one checked in, notes", {
            var m = Fixtures.model(width: 200, height: 60, apps: ["notes", "mail"])
            m.enrollThroughUI()
            m.press("<Tab>")
            return m
        }),
        ("workspace-one checked out, mail (single sign-on)", {
            var m = Fixtures.model(width: 200, height: 60, apps: ["notes", "mail"])
            m.enrollThroughUI()
            m.checkOutThroughUI(user: "cou1")
            m.press("<Tab><Tab>")
            return m
        }),
        ("entra-ios signed out, forms", {
            var m = Fixtures.model(.entraIOS, width: 200, height: 60, apps: ["forms", "mail"])
            m.enrollThroughUI()
            m.press("<Tab>")
            return m
        }),
        ("entra-ios signed in, mail (single sign-on)", {
            var m = Fixtures.model(.entraIOS, width: 200, height: 60, apps: ["forms", "mail"])
            m.enrollThroughUI()
            m.press("cou1<Enter>cou1<Enter><Tab><Tab>")
            return m
        }),
    ]

    /// The pane buttons drawn for `app`, left to right, as their commands.
    static func drawnButtons(_ m: HubModel, _ app: AppID) -> [UIIntent] {
        m.render(width: m.width, height: m.height).hitMap.regions.compactMap { region in
            guard case let .appCommand(command, id) = region.target, id == app, command != .zoomPane else { return nil }
            return command
        }
    }

    /// Clicks an uncovered cell of the region drawn for `target`.
    static func click(_ m: inout HubModel, _ target: HitTarget) -> Bool {
        let frame = m.render(width: m.width, height: m.height)
        guard let region = frame.hitMap.regions.last(where: { $0.target == target }) else { return false }
        let cells = (region.rect.y..<region.rect.maxY).flatMap { y in (region.rect.x..<region.rect.maxX).map { (x: $0, y: y) } }
        guard let cell = cells.first(where: { frame.hitMap.target(x: $0.x, y: $0.y) == target }) else { return false }
        _ = m.handle(.mouse(MouseEvent(x: cell.x, y: cell.y)))
        return true
    }

    @Test(arguments: 0..<situations.count) func aPaneOffersTheButtonsOfTheKeysThatWork(_ index: Int) throws {
        let (name, make) = Self.situations[index]
        let m = make()
        let app = try #require(m.focus.appID, "\(name): no pane has the focus")
        let context = m.keyContext
        let expected = KeyTable.bindings.filter { $0.paneButton != nil && $0.when(context) }
        #expect(!expected.isEmpty, "\(name)")
        // Every pane button is an app-pane key that works here, and each such key's button is drawn.
        for binding in expected { #expect(binding.isActive(in: context), "\(name): \(binding.command) has a button but its key is off") }
        #expect(Set(Self.drawnButtons(m, app)) == Set(expected.map(\.command)), "\(name)")
        #expect(Self.drawnButtons(m, app) == KeyTable.paneButtons(in: context).map(\.command), "\(name): order")
    }

    @Test(arguments: 0..<situations.count) func everyPaneButtonDoesWhatItsKeyDoes(_ index: Int) throws {
        let (name, make) = Self.situations[index]
        let base = make()
        let app = try #require(base.focus.appID, "\(name): no pane has the focus")
        for (button, command) in KeyTable.paneButtons(in: base.keyContext) {
            let binding = try #require(KeyTable.bindings.first { $0.command == command && $0.paneButton != nil })
            let key = try #require(binding.activeKeys(in: base.keyContext).first, "\(name): \(command) has no working key")
            var byKey = base, byClick = base
            byKey.press(key)
            #expect(Self.click(&byClick, .appCommand(command, app: app)), "\(name): [\(button.label)] is not drawn")
            let what = "\(name): \(key.displayName) and [\(button.label)]"
            #expect(byKey.device.snapshot == byClick.device.snapshot, "\(what): the device differs")
            #expect(byKey.actionLog.map(\.action) == byClick.actionLog.map(\.action), "\(what): the actions differ")
            #expect(byKey.focus == byClick.focus && byKey.view == byClick.view && byKey.page == byClick.page, "\(what): the UI differs")
            #expect((byKey.confirmation == nil) == (byClick.confirmation == nil), "\(what): one asks first, the other not")
            #expect(byKey.screen() == byClick.screen(), "\(what): the screens differ")
        }
    }

    @Test func noPaneButtonsWithoutAFocusedPane() {
        var m = Fixtures.model(width: 200, height: 60)
        m.enrollThroughUI()
        #expect(m.focus == .hub)
        #expect(KeyTable.paneButtons(in: m.keyContext).isEmpty)
    }
}
