import Configuration
import Foundation
import HubUI
import Platform
import SessionEngine
import Testing
@testable import Scenarios

/// The keys of single sign-on (ADAL cross-app single sign-on on iOS) record as the scenario language's steps, and the
/// recording replays: `i` is a silent request then, when the SDK asks for interaction, the
/// interactive one; the prompt's answer is `completeTokenRequest` (the password as a
/// reference, never written); `x` is `removeAccount`, `R` `refreshInBackground`.
@Suite struct SSOKeysRecorderTests {
    @Test func tokenKeysRecordAsStepsAndReplay() throws {
        let tenant = try BundledAssets.tenant()
        let device = try SharedDevice.make(profile: .workspaceOne, tenant: tenant, catalogue: Fixtures.catalogue,
                                           apps: ["chat", "mail", "roster"],
                                           dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
        var walk = RecordedWalk(HubModel(device: device), hasher: Fixtures.hasher)
        walk.type("FRONTLINE<Enter>stage<Enter>stage<Enter>")
        walk.settle()
        walk.type("FRONTLINE<Enter>cou1<Enter>cou1<Enter>")
        walk.type("<Tab>icou1<Enter>cou1<Enter>")     // Chat: silent fails, the broker prompts
        walk.type("<Tab>i")                            // Mail: silent, from the keychain group
        walk.type("<Tab>i<Enter>")                     // Roster: the broker offers cou1
        walk.type("<S-Tab>xy")                         // remove cou1 in Mail (asked first)
        walk.type("<S-Tab>R")                          // Chat's refresh fails
        #expect(walk.device.tokenStatus(of: "chat") == .failed(.interactionRequired(.tokensRemoved(by: "mail", account: "cou1"))))
        let yaml = walk.recording(name: "SSO keys").yaml
        for step in ["- acquireTokenSilently: chat", "- acquireTokenInteractively: chat",
                     "- completeTokenRequest: {user: cou1, password: \"${HUBSIM_PASSWORD_COU1}\"}",
                     "- acquireTokenSilently: mail", "- acquireTokenInteractively: roster", "- completeTokenRequest: {user: cou1}",
                     "- removeAccount: mail", "- refreshInBackground: chat"] {
            #expect(yaml.contains(step), "the recording lacks \(step):\n\(yaml)")
        }
        #expect(!yaml.contains("password: cou1"), "no secret is written")
        let result = try RecorderTests.replay(yaml)
        #expect(result.passed, "\(yaml)")
    }
}
