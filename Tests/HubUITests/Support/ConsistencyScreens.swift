import HubUI
import SessionEngine

/// The screens of consistent actions (Docs/forecasts.md, Docs/decisions.md) and the F3 picture, each built by keys as a person
/// would, for `ConsistencyGoldenTests`.
enum ConsistencyScreens {
    static let all: [(name: String, make: @Sendable () -> HubModel)] = [
        ("confirm-wipe", confirmWipe),
        ("confirm-browser-signout", confirmBrowserSignOut),
        ("confirm-quit", confirmQuit),
        ("typeahead-progress", typeAheadProgress),
        ("offline-unlock", offlineUnlock),
        ("hint-more-menu", hintMoreMenu),
        ("pane-exposure", paneExposure),
        ("diagram-ws1-walk", diagramWorkspaceOne),
        ("diagram-entra", diagramEntra),
        ("diagram-ascii", diagramASCII),
    ]

    static func confirmWipe() -> HubModel {
        var m = ConfirmationTests.ws1CheckedOut()
        m.press("<C-x>")
        return m
    }

    static func confirmBrowserSignOut() -> HubModel {
        var m = ConfirmationTests.entraSignedIn()
        m.press("w")
        return m
    }

    static func confirmQuit() -> HubModel {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.keepsDevice = false
        m.press("<F10>")   // the lock screen's form has the keyboard: q would type
        return m
    }

    static func typeAheadProgress() -> HubModel {
        var m = Fixtures.model()
        m.press("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        _ = m.handle(.tick(0.4))
        m.press("FRONTLINE<Enter>cou1<Enter>cou")
        return m
    }

    static func offlineUnlock() -> HubModel {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab><Tab><Tab>l<F6><F4>cou1<Enter>")
        return m
    }

    static func hintMoreMenu() -> HubModel {
        var m = ConfirmationTests.ws1CheckedOut()
        m.press("<Tab>")
        _ = m.click { $0 == .command(.moreActions) }
        return m
    }

    /// Scanner keeps cou1's preferences in plaintext while cou2 works in it.
    static func paneExposure() -> HubModel {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab><Tab>lh<Enter><Enter><Enter>")
        m.checkOutThroughUI(user: "cou2")
        m.press("<Tab><Tab>l")
        return m
    }

    static func diagramWorkspaceOne() -> HubModel {
        var m = ConfirmationTests.ws1CheckedOut()
        m.press("m<Enter><Enter>")   // log out: covered once
        m.checkOutThroughUI(user: "cou2")
        m.press("g")
        return m
    }

    static func diagramEntra() -> HubModel {
        var m = ConfirmationTests.entraSignedIn()
        m.press("g")
        return m
    }

    static func diagramASCII() -> HubModel {
        var m = diagramWorkspaceOne()
        m.asciiDrawings = true
        return m
    }
}
