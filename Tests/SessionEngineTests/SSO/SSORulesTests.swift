import Testing
@testable import SessionEngine

/// The rules of 003 as pure functions, and the SSO map of the default catalogue.
@Suite struct SSORulesTests {
    @Test func theCertificateRedirectIsUrlEncodedAsIn003() {
        #expect(SSORules.certificateRedirect(for: "x-msauth-mytestiosapp://com.myapp.mytestapp")
                == "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp")
    }

    @Test func theBrokerIsOffByDefault() {
        let sso = SSOConfiguration(clientID: "c", bundleID: "com.x.a", redirectURIs: ["x-a://com.x.a"],
                                   urlSchemes: ["x-a"], querySchemes: ["msauth"])
        #expect(sso.credentialMode == .embedded)
        #expect(SSORules.path(of: sso) == .embedded(fellBack: nil))
        var auto = sso
        auto.credentialMode = .auto
        #expect(SSORules.path(of: auto) == .broker)
        auto.querySchemes = []
        #expect(SSORules.path(of: auto) == .embedded(fellBack: .msauthNotQueried(bundleID: "com.x.a")))
    }

    @Test func brokerRulesInTheOrderTheyAreMet() {
        let regs = [AppRegistration(clientID: "c", name: "c", redirectURIs: ["x-a://com.x.a", "x-a:com.x.a", "x-b://com.x.a"])]
        var sso = SSOConfiguration(clientID: "c", bundleID: "com.x.a", redirectURIs: ["x-a://com.x.a"], credentialMode: .auto,
                                   urlSchemes: ["x-a"], querySchemes: ["msauth"])
        #expect(SSORules.brokerProblem(sso, registrations: regs) == nil)
        sso.redirectURIs = ["x-a:com.x.a"]
        #expect(SSORules.brokerProblem(sso, registrations: regs)?.problem
                == .brokerRedirectMalformed(redirectURI: "x-a:com.x.a", expected: "x-a://com.x.a"))
        sso.redirectURIs = ["x-b://com.x.a"]
        #expect(SSORules.brokerProblem(sso, registrations: regs)! == (.urlSchemeNotRegistered(scheme: "x-b", bundleID: "com.x.a"), true))
        sso.redirectURIs = ["x-a://com.x.a"]
        sso.bundleID = "com.x.evil"
        #expect(SSORules.brokerProblem(sso, registrations: regs)! == (.redirectNamesOtherBundle(redirectURI: "x-a://com.x.a", bundleID: "com.x.evil"), false))
        sso.bundleID = "com.x.a"
        sso.certificateAuth = true
        let code = "msauth://code/x-a%3A%2F%2Fcom.x.a"
        #expect(SSORules.brokerProblem(sso, registrations: regs)?.problem == .certificateRedirectMissing(expected: code, clientID: "c", inApp: true))
        sso.redirectURIs.append(code)
        #expect(SSORules.brokerProblem(sso, registrations: regs)?.problem == .certificateRedirectMissing(expected: code, clientID: "c", inApp: false))
        #expect(SSORules.brokerProblem(sso, registrations: [AppRegistration(clientID: "c", name: "c", redirectURIs: ["x-a://com.x.a", code])]) == nil)
    }

    @Test func theRegistrationComesFirst() {
        let sso = SSOConfiguration(clientID: "c", bundleID: "com.x.a", redirectURIs: ["x-a://com.x.a"])
        #expect(SSORules.registrationProblem(sso, registrations: []) == .unknownClient(clientID: "c"))
        #expect(SSORules.registrationProblem(sso, registrations: [AppRegistration(clientID: "c", name: "c", redirectURIs: ["x-a://com.x.b"])])
                == .redirectNotRegistered(redirectURI: "x-a://com.x.a", clientID: "c"))
    }

    @Test func eachMisconfigurationNamesItsValuesInOneLine() {
        let problem = SSOMisconfiguration.redirectNotRegistered(redirectURI: "msauth.com.contoso.mail2://auth", clientID: "6f1d")
        #expect(problem.description == "redirect URI `msauth.com.contoso.mail2://auth` is not registered under client `6f1d`")
        #expect(problem.tag == "redirect-not-registered")
        for kind in SSOMisconfiguration.Kind.allCases { #expect(!kind.rawValue.isEmpty) }
    }

    /// The default catalogue: the suite shares, roster is set up right, tasks' broker check
    /// fails, till is embedded only.
    @Test func theDefaultCatalogueOnTheMap() {
        let apps = Fixtures.catalogue.apps
        let map = SSOMap(apps: apps, registrations: Fixtures.tenant.appRegistrations)
        #expect(map.groups == [SSOMap.SharingGroup(clientID: SSO.suiteClient, keychainGroup: SSO.suiteGroup, apps: ["chat", "mail", "tasks"])])
        #expect(map.row("chat")?.sharesWith == ["mail", "tasks"])
        #expect(map.row("chat")?.problems == [])
        #expect(map.row("chat")?.path == .broker)
        #expect(map.row("roster")?.problems == [])
        #expect(map.row("roster")?.sharesWith == [])
        #expect(map.row("tasks")?.problems == [.msauthNotQueried(bundleID: "com.contoso.tasks")])
        #expect(map.row("tasks")?.path == .embedded(fellBack: .msauthNotQueried(bundleID: "com.contoso.tasks")))
        #expect(map.row("till")?.path == .embedded(fellBack: nil))
        #expect(map.row("till")?.problems == [])
        #expect(map.notConfigured == ["notes", "scanner", "inventory", "reports", "timeclock", "handbook", "forms"])
    }

    @Test func sharingNeedsOneClientAndOneGroup() {
        let mail = SSO.app("mail") { $0.keychainGroup = "com.contoso.mail" }
        let tasks = SSO.app("tasks") { $0.clientID = "other" }
        let apps = [SSO.app("chat"), mail, tasks]
        let map = SSOMap(apps: apps, registrations: Fixtures.tenant.appRegistrations)
        #expect(map.groups == [])
        #expect(map.row("mail")?.problems.contains(.keychainGroupDiffers(group: "com.contoso.mail", others: ["chat"], theirGroup: SSO.suiteGroup)) == true)
        #expect(map.row("tasks")?.problems.contains(.clientIDDiffers(clientID: "other", others: ["chat"], theirClientID: SSO.suiteClient)) == true)
        #expect(map.row("tasks")?.problems.first == .unknownClient(clientID: "other"))
    }

    @Test func theIndexedRulesAreTheRulesAgainstEveryApp() {
        // The panes on screen ask through an index of the apps (one per device change); each
        // app's answer is the one it gets checked against every other app, sharing problems included.
        let mail = SSO.app("mail") { $0.keychainGroup = "com.contoso.mail" }
        let tasks = SSO.app("tasks") { $0.clientID = "other" }
        let apps = [SSO.app("chat"), mail, tasks, SSO.app("roster")] + Fixtures.catalogue.apps.filter { $0.sso == nil }
        let d = SSO.device(.workspaceOne, apps)
        let ids = apps.map(\.id) + ["no-such-app"]
        let batch = d.misconfigurations(of: ids)
        for id in ids { #expect((batch[id] ?? []) == d.misconfigurations(of: id), "\(id)") }
        // Both sharing rules are met through the index (not only the request rules).
        #expect(batch["mail"]?.contains { if case .keychainGroupDiffers = $0 { true } else { false } } == true)
        #expect(batch["tasks"]?.contains { if case .clientIDDiffers = $0 { true } else { false } } == true)
        #expect(batch["no-such-app"] == nil)
    }
}
