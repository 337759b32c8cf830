import Configuration
import HubUI
import SessionEngine

/// Single sign-on screens (ADAL cross-app single sign-on on iOS), built by keys like the others.
enum SSOScreens {
    static let all: [(name: String, make: @Sendable () -> HubModel)] = [
        ("sso-sources-ws1", sourcesWorkspaceOne),
        ("sso-broker-prompt-ws1", brokerPromptWorkspaceOne),
        ("sso-in-app-prompt", inAppPrompt),
        ("sso-remove-confirm", removeConfirm),
        ("sso-removed", removed),
        ("sso-misconfigured", misconfigured),
        ("sso-map", map),
        ("sso-map-entra", mapEntra),
        ("sso-broker-prompt-entra", brokerPromptEntra),
        ("sso-sources-entra", sourcesEntra),
    ]

    /// The suite beside the Hub: Chat, Mail (one client ID, one keychain group), Roster (a
    /// broker app of its own), Till (embedded only).
    static let suite: [AppID] = ["chat", "mail", "roster", "till"]

    /// workspace-one, cou1 checked out: Chat prompted in the broker, Mail silent from the
    /// keychain group, Roster from the broker (the account it holds), Till prompted in the app.
    static func sourcesWorkspaceOne() -> HubModel {
        var m = Fixtures.model(apps: suite)
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab>icou1<Enter>cou1<Enter>")
        m.press("<Tab>i<Tab>i<Enter><Tab>icou1<Enter>cou1<Enter>")
        return m
    }

    /// Chat asks for a token: it went to the background, the Authenticator is in front with
    /// its sign-in, the password masked as it is typed.
    static func brokerPromptWorkspaceOne() -> HubModel {
        var m = Fixtures.model(apps: suite)
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab>icou1<Enter>cou")
        return m
    }

    /// Till (embedded only) shows its own prompt.
    static func inAppPrompt() -> HubModel {
        var m = Fixtures.model(apps: suite)
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab><Tab><Tab><Tab>icou1<Enter>co")
        return m
    }

    /// Remove cou1 in Mail: the dialog says Chat loses its token too, Roster and Till keep theirs.
    static func removeConfirm() -> HubModel {
        var m = sourcesWorkspaceOne()
        m.press("<Esc><Tab><Tab>x")
        return m
    }

    /// After the remove: Mail signed out, Chat's token gone from the group (fails at refresh).
    static func removed() -> HubModel {
        var m = removeConfirm()
        m.press("y<S-Tab>R")
        return m
    }

    /// A second mail app whose redirect URI is not registered under the suite's client ID
    /// (the issue's example): its request fails, the pane names the rule.
    static func misconfigured() -> HubModel {
        var m = HubModel(device: misconfiguredDevice(), width: 80, height: 24)
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab><Tab>i")
        return m
    }

    static func map() -> HubModel {
        var m = misconfigured()
        m.press("<F11>")
        return m
    }

    static func mapEntra() -> HubModel {
        var m = sourcesEntra()
        m.press("r<Down>")
        return m
    }

    /// entra-ios (shared device mode): Chat's interactive request is the device's global
    /// sign-in, through the Authenticator.
    static func brokerPromptEntra() -> HubModel {
        var m = Fixtures.model(.entraIOS)
        m.enrollThroughUI()
        m.press("<Tab>icou1<Enter>cou1")
        return m
    }

    /// entra-ios after that sign-in: Chat prompted in the broker, Mail and Roster silent from
    /// the broker, Tasks (no msauth query: no broker) silent from the suite's keychain group,
    /// Till (embedded only) prompted in the app.
    static func sourcesEntra() -> HubModel {
        var m = brokerPromptEntra()
        m.press("<Enter><Tab>i<Tab>i<Tab>i<Tab>icou1<Enter>cou1<Enter>")
        return m
    }

    static func misconfiguredDevice() -> SharedDevice {
        let base = try! BundledAssets.catalogue()
        var apps = base.apps.filter { ["chat", "mail", "roster"].contains($0.id) }
        var mail2 = apps.first { $0.id == "mail" }!
        mail2.id = "mail2"
        mail2.name = "Mail 2"
        mail2.sso?.bundleID = "com.contoso.mail2"
        mail2.sso?.redirectURIs = ["x-msauth-contoso://com.contoso.mail2"]
        apps.insert(mail2, at: 1)
        return SharedDevice(profile: .workspaceOne, tenant: try! BundledAssets.tenant(), apps: apps,
                            dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
    }
}
