import Configuration
import HubUI
import Platform
import SessionEngine

/// Every screen and overlay the golden tests cover, each built by driving the model the way
/// a person would (keys), so the goldens also exercise the input path.
enum Screens {
    static let all: [(name: String, make: @Sendable () -> HubModel)] = [
        ("enroll-form", enrollForm),
        ("install-progress", installProgress),
        ("lock-screen-refusal", lockScreenRefusal),
        ("passcode-prompt", passcodePrompt),
        ("home", home),
        ("logout-menu", logoutMenu),
        ("logout-confirm", logoutConfirm),
        ("inactivity-lock", inactivityLock),
        ("entra-signed-out", entraSignedOut),
        ("entra-signed-in", entraSignedIn),
        ("pane-blocked", paneBlocked),
        ("pane-pending", panePending),
        ("pane-leak", paneLeak),
        ("pane-refusal", paneRefusal),
        ("step-mode-held", stepModeHeld),
        ("event-log", eventLog),
        ("diagram", diagram),
        ("help", help),
        ("mono-leak", monoLeak),
        ("many-apps", manyApps),
        ("verdicts-ws1", verdictsWorkspaceOne),
        ("leak-ws1", leakWorkspaceOne),
        ("audit-ws1", auditWorkspaceOne),
        ("verdicts-entra", verdictsEntra),
        ("leak-entra", leakEntra),
        ("audit-entra", auditEntra),
        ("zoom-pane", zoomPane),
        ("event-log-filtered", eventLogFiltered),
    ] + SSOScreens.all + ExternalScreens.all + SharedDeviceSetupScreens.all + FaultScreens.all + AndroidScreens.all

    /// workspace-one after a check-in and a check-out of a second user (Docs/app-developers.md, "Reading a pane"): notes and
    /// scanner received the wipe and the user change, reports will notice, handbook WILL LEAK,
    /// inventory never started, forms is not integrated.
    static func verdictsWorkspaceOne() -> HubModel {
        var m = Fixtures.model(apps: ["notes", "scanner", "handbook", "reports", "inventory", "forms"])
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab>l<Tab>l<Tab>l<Tab>l<Esc><F5>m<Enter>y<F5>")
        m.checkOutThroughUI(user: "cou2")
        m.press("<F5><Tab>l<Tab>l<Esc>")
        return m
    }

    /// Then handbook comes to the foreground: the leak the marker announced.
    static func leakWorkspaceOne() -> HubModel {
        var m = verdictsWorkspaceOne()
        m.press("<Tab><Tab><Tab>l")
        return m
    }

    static func auditWorkspaceOne() -> HubModel {
        var m = leakWorkspaceOne()
        m.press("a")
        return m
    }

    /// entra-ios after cou1's global sign-out and cou2's sign-in: chat heard it in the
    /// background, mail missed it (no background capability), tasks WILL LEAK, forms has no SDK.
    static func verdictsEntra() -> HubModel {
        var m = Fixtures.model(.entraIOS)
        m.enrollThroughUI()
        m.press("cou1<Enter>cou1<Enter><F5><Tab>l<Tab>l<Tab>l<Tab>h<F5><Enter>y<F5>")
        m.press("cou2<Enter>cou2<Enter>")
        return m
    }

    static func leakEntra() -> HubModel {
        var m = verdictsEntra()
        m.press("<Tab><Tab>l<Tab>l")
        return m
    }

    static func auditEntra() -> HubModel {
        var m = leakEntra()
        m.press("a")
        return m
    }

    /// notes zoomed: its items and whole history, scrolled one line.
    static func zoomPane() -> HubModel {
        var m = leakWorkspaceOne()
        m.press("<Tab><Tab><Tab><Tab><Tab>f<Down>")
        return m
    }

    /// F2 showing the leaks of handbook only.
    static func eventLogFiltered() -> HubModel {
        var m = leakWorkspaceOne()
        m.press("<F2>KKKAAA")
        return m
    }

    static func enrollForm() -> HubModel {
        var m = Fixtures.model()
        m.press("FRONTLINE<Enter>stage<Enter>sta")
        return m
    }

    static func installProgress() -> HubModel {
        var m = Fixtures.model()
        m.press("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        for _ in 0..<5 { _ = m.handle(.tick(0.4)) }
        return m
    }

    static func lockScreenRefusal() -> HubModel {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.press("FRONTLINE<Enter>cou1<Enter>wrong<Enter>")
        return m
    }

    static func passcodePrompt() -> HubModel {
        var m = Fixtures.model(strict: true)
        m.enrollThroughUI(group: "WAREHOUSE")
        m.press("WAREHOUSE<Enter>cou1<Enter>cou1<Enter>12")
        return m
    }

    static func home() -> HubModel {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab>l<Tab><Tab>l<Tab><Tab><Tab>l<Esc>")
        m.press("+")  // the Hub home has no text field, so + warps the clock a minute
        return m
    }

    static func logoutMenu() -> HubModel {
        var m = home()
        m.press("m")
        return m
    }

    static func logoutConfirm() -> HubModel {
        var m = logoutMenu()
        m.press("<Enter>")
        return m
    }

    static func inactivityLock() -> HubModel {
        var m = home()
        m.press("<F6>")
        return m
    }

    static func entraSignedOut() -> HubModel {
        var m = Fixtures.model(.entraIOS)
        m.enrollThroughUI()
        m.press("<Tab>l<Tab>l<Esc>cou1<Enter>cou")
        return m
    }

    static func entraSignedIn() -> HubModel {
        var m = Fixtures.model(.entraIOS)
        m.enrollThroughUI()
        m.press("<Tab>l<Tab>l<Tab><Tab>l<Esc>cou1<Enter>cou1<Enter>w")
        return m
    }

    static func paneBlocked() -> HubModel {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.press("<Tab>l<Tab>l<Esc>")
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab><Tab>l")
        return m
    }

    static func panePending() -> HubModel {
        var m = home()
        m.press("m<Enter>y")
        return m
    }

    static func paneLeak() -> HubModel {
        var m = Fixtures.model(apps: ["notes", "handbook", "scanner", "forms"])
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab>l<Tab>l<Tab>l<Esc><Esc>m<Enter>y")
        m.checkOutThroughUI(user: "cou2")
        m.press("<Tab><Tab><Tab>l<S-Tab>l")
        return m
    }

    static func paneRefusal() -> HubModel {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.press("<Tab><Tab>b")
        return m
    }

    static func stepModeHeld() -> HubModel {
        var m = home()
        m.press("p<Tab>l<Tab><Tab><Tab>l<Tab>l")
        return m
    }

    static func eventLog() -> HubModel {
        var m = panePending()
        m.press("<F2>")
        return m
    }

    static func diagram() -> HubModel {
        var m = panePending()
        m.press("FRONTLINE<Enter>cou2<Enter>nope<Enter><F3>")
        return m
    }

    static func help() -> HubModel {
        var m = home()
        m.press("<F1>")
        return m
    }

    static func monoLeak() -> HubModel {
        var m = paneLeak()
        m.theme = .mono
        return m
    }

    /// 1,000 apps: the panes that fit, and a summary tile for the rest.
    static func manyApps() -> HubModel {
        var m = HubModel(device: thousandAppDevice(), width: 80, height: 24)
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab>l<Tab>l")
        return m
    }

    static func thousandAppDevice() -> SharedDevice {
        let base = try! BundledAssets.catalogue()
        var apps: [AppDefinition] = []
        for i in 0..<1000 {
            var a = base.apps[i % base.apps.count]
            a.id = "\(a.id)\(i)"
            a.name = "\(a.name) \(i)"
            apps.append(a)
        }
        return SharedDevice(profile: .workspaceOne, tenant: try! BundledAssets.tenant(), apps: apps,
                            dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
    }
}
