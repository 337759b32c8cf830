import Configuration
import Foundation
import HubUI
import SessionEngine
import Testing

/// Interactively, under the samples' tenant (Examples/ios-samples/tenant.yaml), a program with
/// the MSAL sample's configuration (`msal/configure`: its client ID and MSAL's default redirect)
/// gets its tokens by the single sign-on rules: silently from the broker while someone is
/// signed in, refused after the global sign-out, and from the prompt the person answers.
@Suite struct ProgramTokenTests {
    static let samplesTenant = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/ios-samples/tenant.yaml").standardizedFileURL.path

    static let app = AppDefinition(id: "msal", name: "MSALiOSSample", sdk: .msal(MSALTraits(backgroundCapability: true, listensForNotification: false, checksAccountOnForeground: true)),
                                   external: ExternalProgram(exec: ["Examples/ios-samples/.build/debug/MSALiOSSample"]))

    @Test func theMSALSampleGetsItsTokensUnderTheSamplesTenant() throws {
        let tenant = try TenantLoader.load(path: Self.samplesTenant)
        #expect(tenant.appRegistrations.contains { $0.clientID == "contoso-msal-sample" })
        let device = SharedDevice(profile: DeviceProfile.named(.entraIOS), tenant: tenant, apps: [Self.app],
                                  dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
        var m = HubModel(device: device, theme: .colour, width: 80, height: 24)
        var silent: Result<AppCallResult, AppCallError>?
        var afterSignOut: Result<AppCallResult, AppCallError>?
        var interactive: Result<AppCallResult, AppCallError>?
        _ = m.updateDevice { d in
            _ = d.enroll(group: nil, user: "stage", password: "stage")
            _ = d.completeEnrollment()
            _ = d.signIn(user: "cou1", password: "cou1")
            _ = d.launch("msal")
            for r in d.awaitedRequests { d.appAnswered(r.app, serial: r.serial) }
            _ = d.call(.configureMSAL(clientID: "contoso-msal-sample", redirectURI: "msauth.com.contoso.msal-sample://auth",
                                      keychainGroup: nil, broker: true), from: "msal")
            silent = d.call(.acquireTokenSilent, from: "msal")
            _ = d.signOut()
            for r in d.awaitedRequests { d.appAnswered(r.app, serial: r.serial) }
            afterSignOut = d.call(.acquireTokenSilent, from: "msal")
            // The sample falls back to the prompt; the person signs in at the broker.
            #expect(d.call(.acquireToken, from: "msal") == .success(.pending))
            _ = d.completeTokenRequest(user: "cou2", password: "cou2")
            interactive = d.interactiveTokenResult(of: "msal")
            return true
        }
        #expect(silent == .success(.token(account: "cou1", accessToken: "simulated-token-for-cou1")))
        guard case .failure(let refused)? = afterSignOut else { Issue.record("a token after the global sign-out"); return }
        #expect(refused.code == .interactionRequired)
        #expect(m.device.app("msal")!.log.contains { $0.name == "acquireTokenSilent" && $0.refusalReason == "cou1 signed out" })
        #expect(interactive == .success(.token(account: "cou2", accessToken: "simulated-token-for-cou2")))
        #expect(m.device.tokenStatus(of: "msal") == .valid(account: "cou2", source: .brokerPrompt))
    }
}
