import Testing
@testable import SessionEngine

/// 003's rules where Android differs: the broker's redirect is `msauth://<package name>/
/// <URL-encoded signature hash>` (MSAL Android Frequently asked questions, "Redirect URI
/// issues"), checked against the app's package and signing certificate; and the broker is an
/// account chooser drawn over the calling app, not an app switch.
@Suite struct SSOAndroidTests {
    static let hash = "qY7zrGhSyDi2LMaIdvzLJPm4k2c="
    static let redirect = "msauth://com.contoso.chat/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D"

    static func chat(_ change: (inout AndroidIdentity) -> Void = { _ in }) -> SSOConfiguration {
        var sso = SSO.app("chat").sso!
        change(&sso.android!)
        return sso
    }

    @Test func theCatalogueAppsCarryTheirAndroidIdentity() {
        let sso = Self.chat()
        #expect(sso.android == AndroidIdentity(packageName: "com.contoso.chat", signatureHash: Self.hash))
        #expect(sso.redirectURI(on: .android) == Self.redirect)
        #expect(sso.redirectURI(on: .iOS) == "x-msauth-contoso://com.contoso.chat")
        #expect(sso.appName(on: .android) == "com.contoso.chat")
        // The hash's '/', '+' and '=' are URL-encoded in the redirect.
        #expect(SSO.app("roster").sso!.redirectURI(on: .android) == "msauth://com.contoso.roster/ne%2FSZgTSxCPBWUtLNusMHI23y4M%3D")
    }

    @Test func theAndroidBrokerChecksPackageAndSignatureHash() {
        let registrations = Fixtures.tenant.appRegistrations
        #expect(SSORules.brokerProblem(Self.chat(), registrations: registrations, on: .android) == nil)
        #expect(SSORules.registrationProblem(Self.chat(), registrations: registrations, on: .android) == nil)
        // The iOS redirect in the Android configuration: MSAL refuses it in the app.
        let iOSForm = Self.chat { $0.redirectURI = "x-msauth-contoso://com.contoso.chat" }
        #expect(SSORules.brokerProblem(iOSForm, registrations: registrations, on: .android)! == (
            .androidRedirectMalformed(redirectURI: "x-msauth-contoso://com.contoso.chat", expected: Self.redirect), true))
        let noHash = Self.chat { $0.redirectURI = "msauth://com.contoso.chat/" }
        #expect(SSORules.brokerProblem(noHash, registrations: registrations, on: .android)! == (
            .androidRedirectMalformed(redirectURI: "msauth://com.contoso.chat/", expected: Self.redirect), true))
        // Another package: the broker refuses it after MSAL called it.
        let otherPackage = Self.chat { $0.redirectURI = "msauth://com.contoso.mail/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D" }
        #expect(SSORules.brokerProblem(otherPackage, registrations: registrations, on: .android)! == (
            .redirectNamesOtherPackage(redirectURI: "msauth://com.contoso.mail/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D", packageName: "com.contoso.chat"), false))
        // The hash of another certificate (the debug keystore's), or the hash not URL-encoded.
        for wrong in ["msauth://com.contoso.chat/bzfB6hJM4njpC0bJJPoYO61tGEY%3D", "msauth://com.contoso.chat/qY7zrGhSyDi2LMaIdvzLJPm4k2c="] {
            let sso = Self.chat { $0.redirectURI = wrong }
            #expect(SSORules.brokerProblem(sso, registrations: registrations, on: .android)! == (
                .signatureHashMismatch(redirectURI: wrong, expected: Self.redirect), false))
        }
        // No hash declared: only its presence is checked.
        let undeclared = Self.chat { $0.signatureHash = nil; $0.redirectURI = "msauth://com.contoso.chat/abc%3D" }
        #expect(SSORules.brokerProblem(undeclared, registrations: registrations, on: .android) == nil)
        // The Android block changes nothing on iOS.
        #expect(SSORules.brokerProblem(iOSForm, registrations: registrations, on: .iOS) == nil)
    }

    @Test func anAppWithoutAnAndroidIdentityIsAskedForTheAndroidForm() {
        var sso = Self.chat()
        sso.android = nil
        #expect(sso.redirectURI(on: .android) == "x-msauth-contoso://com.contoso.chat")
        #expect(SSORules.brokerProblem(sso, registrations: [], on: .android)! == (
            .androidRedirectMalformed(redirectURI: "x-msauth-contoso://com.contoso.chat", expected: "msauth://com.contoso.chat/<signature hash>"), true))
        #expect(SSOMisconfiguration.androidRedirectMalformed(redirectURI: "x", expected: "msauth://p/<signature hash>").description
                == "redirect URI `x` is not of the Android broker's form `msauth://p/<signature hash>`")
    }

    /// Android has no LSApplicationQueriesSchemes: Tasks, which falls back to the embedded flow
    /// on iOS, reaches the broker on Android, where its configuration's debug hash fails.
    @Test func eachPlatformShowsItsOwnRulesOnTheMap() {
        let ios = SSO.device(.entraIOS, ["chat", "tasks", "roster", "till"])
        let android = SSO.device(.entraAndroid, ["chat", "tasks", "roster", "till"])
        let debug = "msauth://com.contoso.tasks/bzfB6hJM4njpC0bJJPoYO61tGEY%3D"
        #expect(ios.misconfigurations(of: "tasks") == [.msauthNotQueried(bundleID: "com.contoso.tasks")])
        #expect(android.misconfigurations(of: "tasks") == [
            .redirectNotRegistered(redirectURI: debug, clientID: SSO.suiteClient),
            .signatureHashMismatch(redirectURI: debug, expected: "msauth://com.contoso.tasks/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D"),
        ])
        for id: AppID in ["chat", "roster", "till"] {
            #expect(ios.misconfigurations(of: id) == [])
            #expect(android.misconfigurations(of: id) == [])
        }
        let map = android.ssoMap
        #expect(map.platform == .android)
        #expect(map.row("tasks")?.path == .broker)
        #expect(ios.ssoMap.row("tasks")?.path == .embedded(fellBack: .msauthNotQueried(bundleID: "com.contoso.tasks")))
        // No keychain groups on Android: the suite shares through the broker only.
        #expect(ios.ssoMap.row("chat")?.sharesWith == ["tasks"])
        #expect(map.row("chat")?.sharesWith == [] && map.groups.isEmpty)
        var differs = SSO.app("mail") { $0.keychainGroup = "com.contoso.other" }
        differs.id = "mail"
        let apps = [SSO.app("chat"), differs]
        #expect(SSORules.problems(of: differs, among: apps, registrations: Fixtures.tenant.appRegistrations).map(\.kind) == [.keychainGroupDiffers])
        #expect(SSORules.problems(of: differs, among: apps, registrations: Fixtures.tenant.appRegistrations, on: .android) == [])
    }

    /// An interactive request on Android: the Authenticator's account chooser is drawn over
    /// the app, which stays in front and is answered in place (no background, no resume).
    @Test func theBrokerIsAnAccountChooserOverTheApp() {
        var d = SSO.device(.entraAndroid, ["chat", "roster"])
        _ = d.launch("roster")
        var t = Trail(d)
        #expect(d.beginTokenRequest("roster") == .success(.awaiting(PendingTokenRequest(app: "roster", place: .broker, phase: .accountChooser, isGlobalSignIn: true))))
        #expect(d.foreground == .app("roster"))
        #expect(d.app("roster")?.lifecycle == .foreground)
        #expect(d.tokenStatus(of: "roster") == .inFlight(.accountChooser))
        #expect(t.take(d) == [
            "roster → acquireToken (interactive, AD_CREDENTIALS_AUTO)",
            "Authenticator draws its account chooser over roster: roster stays in front",
            "Authenticator's account chooser asks for credentials for roster",
        ])
        #expect(d.completeTokenRequest(user: "cou1", password: "cou1") == .success(.token("cou1", .brokerPrompt)))
        // No resume: the app never left the foreground, so no getCurrentAccount at a foreground.
        #expect(t.take(d) == [
            "global sign-in from roster through Authenticator: cou1 is the device's current account",
            "Authenticator's account chooser closes over roster (msauth://com.contoso.roster/ne%2FSZgTSxCPBWUtLNusMHI23y4M%3D)",
            "roster → acquireToken: cou1's token: prompted in the broker",
            "no broadcast at a sign-in: apps learn the account when they next call getCurrentAccountAsync",
        ])
        #expect(d.foreground == .app("roster"))
        #expect(d.state == .checkedOut("cou1"))
        // The next request offers the device's account in the chooser; a cancel leaves the
        // app where it was.
        _ = d.launch("chat"); _ = t.take(d)
        #expect(d.beginTokenRequest("chat") == .success(.awaiting(PendingTokenRequest(app: "chat", place: .broker, phase: .accountChooser, accounts: ["cou1"]))))
        #expect(d.cancelTokenRequest() == .success(.failed(.canceled)))
        #expect(t.take(d) == [
            "chat → acquireToken (interactive, AD_CREDENTIALS_AUTO)",
            "Authenticator draws its account chooser over chat: chat stays in front",
            "Authenticator's account chooser offers cou1 to chat",
            "Authenticator's account chooser closes over chat (msauth://com.contoso.chat/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D)",
            "chat → acquireToken: failed: the person cancelled the prompt",
        ])
        #expect(d.foreground == .app("chat"))
        #expect(d.app("chat")?.lifecycle == .foreground)
    }

    /// A redirect naming another package passes MSAL's own check and the registration (mail's
    /// redirect is registered under the suite's client ID), and the broker refuses it in its
    /// chooser over the app.
    @Test func theBrokerRefusesAnotherPackagesRedirectOverTheApp() {
        let mails = "msauth://com.contoso.mail/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D"
        var d = SSO.device(.entraAndroid, [SSO.app("chat") { $0.android!.redirectURI = mails }])
        _ = d.launch("chat")
        var t = Trail(d)
        let problem = SSOMisconfiguration.redirectNamesOtherPackage(redirectURI: mails, packageName: "com.contoso.chat")
        #expect(d.beginTokenRequest("chat") == .success(.finished(.failed(.misconfigured(problem)))))
        let refusal = "redirect URI `\(mails)` names another package; Android reports `com.contoso.chat`"
        #expect(t.take(d) == [
            "chat → acquireToken (interactive, AD_CREDENTIALS_AUTO)",
            "Authenticator draws its account chooser over chat: chat stays in front",
            "Authenticator refuses the request of com.contoso.chat: \(refusal)",
            "Authenticator's account chooser closes over chat (\(mails))",
            "chat → acquireToken: failed: misconfigured: \(refusal)",
        ])
        #expect(d.foreground == .app("chat"))
        #expect(d.app("chat")?.lifecycle == .foreground)
    }
}
