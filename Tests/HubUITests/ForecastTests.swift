import Foundation
import HubUI
import SessionEngine
import Testing

/// The forecast-and-confirm dialog says what the step does because it takes the step, on a
/// copy of the device (`StepForecast`): per app, right after the step and, rehearsed too, at
/// the app's next chance. Each case here is one a type-based sentence got wrong.
@Suite struct ForecastTests {
    /// entra-ios, cou1 signed in from the broker; only Chat ever ran (now in the background).
    static func entraOnlyChatRan() -> HubModel {
        var m = ConfirmationTests.entraSignedIn()
        m.press("h<Enter>")   // the broker's global sign-out
        return m
    }

    /// entra-ios: cou1 signed into Tasks in the app itself (Tasks is not set up for the
    /// broker), then cou2 signed in globally from the broker; the broker's sign-out asked.
    static func entraTasksInAppAsCou1() -> HubModel {
        var m = Fixtures.model(.entraIOS)
        m.enrollThroughUI()
        m.press("cou2<Enter>cou2<Enter>")
        m.apply(.launch("tasks"))
        m.apply(.beginTokenRequest("tasks"))
        m.apply(.completeTokenRequest(user: "cou1", password: Secret("cou1")))
        m.press("<Esc><Esc>h<Enter>")
        return m
    }

    /// workspace-one: Scanner ran for cou1 (who set its preferences), noticed cou1's check-in
    /// (its wipe keeps preferences), then cou2 checked out; the console's wipe asked.
    static func ws1ScannerHoldsCou1Preferences() -> HubModel {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.apply(.launch("scanner"))
        m.apply(.openBroker)
        m.press("m<Enter>y")
        m.apply(.launch("scanner"))
        m.apply(.openBroker)
        m.checkOutThroughUI(user: "cou2")
        m.press("<C-x>")
        return m
    }

    static let cases: [(name: String, make: @Sendable () -> HubModel)] = [
        ("forecast-entra-only-chat-ran", entraOnlyChatRan),
        ("forecast-entra-tasks-in-app", entraTasksInAppAsCou1),
        ("forecast-ws1-scanner-preferences", ws1ScannerHoldsCou1Preferences),
    ]

    @Test(arguments: cases.map(\.name))
    func theDialogMatchesItsGolden(name: String) {
        let m = Self.cases.first { $0.name == name }!.make()
        #expect(m.confirmation?.forecast != nil)
        Golden.check("\(name)-80x24", m.render(width: 80, height: 24))
    }

    /// The forecast of every app equals what the step then does: the verdict and the rest,
    /// right after the step; and for each rehearsed next chance, what launching the app after
    /// the real step does.
    @Test(arguments: cases.map(\.name))
    func whatTheDialogSaysIsWhatAYesDoes(name: String) throws {
        var m = Self.cases.first { $0.name == name }!.make()
        let forecast = try #require(m.confirmation?.forecast)
        let before = m.device
        m.press("y")
        #expect(m.confirmation == nil && m.actionLog.last?.action == forecast.action)
        for app in forecast.apps {
            #expect(AppOutcome(app.app, before: before, after: m.device) == app.step, "\(app.app)")
            guard let next = app.next, next.kind != .refresh else { continue }
            var later = m.device
            _ = later.apply(.launch(app.app))
            #expect(AppOutcome(app.app, before: m.device, after: later) == next.outcome, "\(app.app) at its \(next.kind.rawValue)")
        }
    }

    @Test func appsThatNeverRanHoldNothingAndAreNotSaidToClear() throws {
        let m = Self.entraOnlyChatRan()
        let forecast = try #require(m.confirmation?.forecast)
        let chat = try #require(forecast.app("chat")), mail = try #require(forecast.app("mail"))
        #expect(chat.step.received == [API.accountChangedNotification] && chat.step.deleted.map(\.owner) == ["cou1"])
        #expect(mail.step.missed == .notRunning && mail.step.holds.isEmpty && mail.step.verdict.kind == .missed)
        // The four MSAL apps that never ran and Forms: each holds nothing, and none is said to clear.
        let screen = m.screen()
        #expect(screen.components(separatedBy: "holds no user").count - 1 == 5)
        #expect(!screen.contains("clear") && !screen.contains("keeps showing"))
    }

    @Test func tasksIsSaidToShowCou1sDataNotCou2s() throws {
        let m = Self.entraTasksInAppAsCou1()
        #expect(m.device.state == .checkedOut("cou2"))
        let tasks = try #require(m.confirmation?.forecast?.app("tasks"))
        #expect(tasks.step.holds.compactMap(\.owner) == ["cou1"])
        let sentence = m.screen()
        #expect(sentence.contains("cou1's"))
        #expect(!sentence.contains("cou2's data"))
    }

    @Test func scannerIsSaidToHoldCou1sPreferencesNotCou2s() throws {
        let m = Self.ws1ScannerHoldsCou1Preferences()
        #expect(m.device.state == .checkedOut("cou2"))
        let scanner = try #require(m.confirmation?.forecast?.app("scanner"))
        #expect(scanner.step.holds.allSatisfy { $0.owner == "cou1" && $0.dataClass == .preference })
        #expect(!scanner.step.holds.isEmpty)
        #expect(m.screen().contains("holds cou1's"))
        #expect(!m.screen().contains("cou2's preferences"))
    }

    /// The rehearsal uses keys of its own: a question asked and answered leaves the device
    /// with the keys a run without the question gets (recordings and seeded runs replay).
    @Test func aRehearsalTakesNoKeyFromTheDevicesSource() {
        func checkedOut() -> HubModel {
            var m = Fixtures.model()
            m.enrollThroughUI()
            m.checkOutThroughUI(user: "cou1")
            return m
        }
        var asked = checkedOut(), plain = checkedOut()
        asked.press("<C-x>n")
        #expect(asked.confirmation == nil)
        asked.apply(.launch("notes"))
        plain.apply(.launch("notes"))
        #expect(asked.device.app("notes")?.keychain.sdkKey != nil)
        #expect(asked.device.app("notes")?.keychain == plain.device.app("notes")?.keychain)
    }

    /// A remove is rehearsed too: the other app of the keychain group loses the token, and
    /// its next background refresh, rehearsed, fails as the real one does.
    @Test func removeAccountForecastsTheRefreshThatFails() throws {
        var m = SSOScreens.removeConfirm()
        let forecast = try #require(m.confirmation?.forecast)
        let chat = try #require(forecast.app("chat"))
        #expect(chat.step.token == .removed(account: "cou1", by: "mail"))
        let refresh = try #require(chat.next)
        #expect(refresh.kind == .refresh)
        m.press("y")
        var later = m.device
        _ = later.apply(.refreshInBackground("chat"))
        #expect(AppOutcome("chat", before: m.device, after: later) == refresh.outcome)
        #expect(forecast.app("roster")?.step.token == forecast.app("roster")?.step.tokenBefore)
    }

    /// The dialog's forecast follows the device while the question waits (a clock tick).
    @Test func theForecastIsRehearsedAgainWhenTheDeviceChanges() {
        var m = Self.ws1ScannerHoldsCou1Preferences()
        let first = m.confirmation?.forecast?.revision
        _ = m.handle(.tick(2))
        #expect(m.confirmation?.forecast?.revision == m.device.revision)
        #expect(first != m.device.revision)
    }
}

/// Many apps: the dialog stays within 80x24, shows whole sentences while they fit and counts
/// the rest.
@Suite struct ForecastFitTests {
    @Test func theWholeCatalogueFitsAt80x24WithTheRestCounted() throws {
        var m = Fixtures.model(apps: BundledAssetsForTests.allApps)
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        for id in BundledAssetsForTests.allApps.prefix(8) { m.apply(.launch(id)) }
        m.apply(.openBroker)
        m.press("<C-x>")
        let forecast = try #require(m.confirmation?.forecast)
        #expect(forecast.apps.count == BundledAssetsForTests.allApps.count)
        let lines = m.render(width: 80, height: 24).grid.lines
        if ProcessInfo.processInfo.environment["HUBSIM_PEEK"] != nil { print(lines.joined(separator: "\n")) }
        #expect(lines.count == 24)
        let more = try #require(lines.first { $0.contains(" more app") }, "the rest are counted")
        let shown = forecast.apps.filter { app in lines.contains { $0.hasPrefix("  │ \(app.name) ") } }
        #expect(more.contains("+\(forecast.apps.count - shown.count) more apps"))
        #expect(lines.contains { $0.contains("[ Wipe ]") })
        // At 120x40 every app's sentence is there.
        let big = m.render(width: 120, height: 40).grid.text
        #expect(!big.contains(" more app"))
    }
}

enum BundledAssetsForTests {
    static let allApps: [AppID] = RandomWalk.catalogue.ids
}
