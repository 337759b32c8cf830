@testable import SessionEngine
import Testing

/// A program's MSAL configuration (`msal/configure`) becomes its single sign-on set-up, and the
/// rules of 003 then answer its token calls as they answer a catalogue app's.
@Suite struct ProgramSSOTests {
    static let suiteClientID = "6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01"

    static func running() -> SharedDevice {
        var d = AppPortTests.staged(.entraIOS, AppPortTests.msalApp)
        _ = d.signIn(user: "cou1", password: "cou1")
        _ = d.launch("mine")
        _ = AppPortTests.answerAll(&d)
        return d
    }

    @Test func withoutAConfigurationASilentTokenIsRefusedAsBefore() {
        var d = Self.running()
        guard case .failure(let error) = d.call(.acquireTokenSilent, from: "mine") else {
            Issue.record("a program without a configuration got a token")
            return
        }
        #expect(error.code == .refused)
        #expect(error.message.contains("has no single sign-on configuration"))
    }

    @Test func theConfigurationIsTheProgramsSetUpAndARegisteredClientGetsTheDevicesAccountSilently() {
        var d = Self.running()
        let configure = AppCall.configureMSAL(clientID: Self.suiteClientID, redirectURI: "x-msauth-contoso://com.contoso.tasks",
                                              keychainGroup: "com.microsoft.adalcache", broker: true)
        #expect(d.call(configure, from: "mine") == .success(.done))
        #expect(d.app("mine")!.definition.sso == SSOConfiguration(
            clientID: Self.suiteClientID, bundleID: "com.contoso.tasks", redirectURIs: ["x-msauth-contoso://com.contoso.tasks"],
            keychainGroup: "com.microsoft.adalcache", credentialMode: .auto, urlSchemes: ["x-msauth-contoso"], querySchemes: ["msauth"]))
        #expect(d.app("mine")!.log.last?.detail.contains("client ID \(Self.suiteClientID)") == true)
        guard case .success(.token(let account, _)) = d.call(.acquireTokenSilent, from: "mine") else {
            Issue.record("a registered program in shared device mode got no token: \(d.call(.acquireTokenSilent, from: "mine"))")
            return
        }
        #expect(account == "cou1")
    }

    @Test func anUnregisteredClientIsRefusedByTheRulesNamingTheClientID() {
        var d = Self.running()
        #expect(d.call(.configureMSAL(clientID: "contoso-msal-sample", redirectURI: "msauth.com.contoso.msal-sample://auth",
                                      keychainGroup: nil, broker: true), from: "mine") == .success(.done))
        #expect(d.app("mine")!.definition.sso?.bundleID == "com.contoso.msal-sample")
        guard case .failure(let error) = d.call(.acquireTokenSilent, from: "mine") else {
            Issue.record("an unregistered client got a token")
            return
        }
        #expect(error.code == .refused)
        #expect(error.message.contains("contoso-msal-sample"))
    }

    @Test func anAppEntrysOwnConfigurationStays() {
        var app = AppPortTests.msalApp
        app.sso = SSOConfiguration(clientID: Self.suiteClientID, bundleID: "com.contoso.tasks", redirectURIs: ["x-msauth-contoso://com.contoso.tasks"])
        var d = AppPortTests.staged(.entraIOS, app)
        _ = d.launch("mine")
        _ = AppPortTests.answerAll(&d)
        #expect(d.call(.configureMSAL(clientID: "other", redirectURI: nil, keychainGroup: nil, broker: false), from: "mine") == .success(.done))
        #expect(d.app("mine")!.definition.sso?.clientID == Self.suiteClientID)
        #expect(d.app("mine")!.log.last?.detail == "client ID other; the app entry's sso: applies (client ID \(Self.suiteClientID))")
    }

    @Test func withoutARedirectMSALsDefaultNamesTheAppsID() {
        let sso = SSOConfiguration.program(id: "mine", clientID: "c", redirectURI: nil, keychainGroup: nil, broker: false)
        #expect(sso.redirectURIs == ["msauth.mine://auth"])
        #expect(sso.bundleID == "mine" && sso.urlSchemes == ["msauth.mine"] && sso.querySchemes.isEmpty && sso.credentialMode == .embedded)
    }

    @Test func theBrokerAcceptsMSALsDefaultRedirectNamingTheBundleInItsScheme() {
        let sso = SSOConfiguration.program(id: "mine", clientID: "c", redirectURI: "msauth.com.contoso.msal-sample://auth",
                                           keychainGroup: nil, broker: true)
        #expect(SSORules.brokerProblem(sso, registrations: [])?.problem == nil)
        // The same form naming another bundle than the app's is refused by the broker.
        var other = sso
        other.bundleID = "com.contoso.other"
        #expect(SSORules.brokerProblem(other, registrations: [])?.problem
                == .redirectNamesOtherBundle(redirectURI: "msauth.com.contoso.msal-sample://auth", bundleID: "com.contoso.other"))
    }

    @Test func aRefusedTokenCallIsInTheAppsLogWithItsReasonInAFewWords() {
        var d = Self.running()
        _ = d.call(.acquireTokenSilent, from: "mine")
        #expect(d.app("mine")!.log.last?.name == "acquireTokenSilent")
        #expect(d.app("mine")!.log.last?.refusalReason == "no MSAL configuration")
        _ = d.call(.configureMSAL(clientID: "contoso-msal-sample", redirectURI: "msauth.com.contoso.msal-sample://auth",
                                  keychainGroup: nil, broker: true), from: "mine")
        _ = d.call(.acquireTokenSilent, from: "mine")
        #expect(d.app("mine")!.log.last?.refusalReason == "client not registered")
        #expect(d.app("mine")!.log.last?.detail.contains("contoso-msal-sample") == true)
    }
}
