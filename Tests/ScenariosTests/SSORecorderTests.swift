import Configuration
import HubUI
import SessionEngine
import Testing
@testable import Scenarios

/// The token actions of reference 003 as recorded steps: each is written as the step the
/// parser reads, without a secret, and the recording replays.
@Suite struct SSORecorderTests {
    @Test func tokenActionsRecordAndReplay() throws {
        var walk = try RecorderTests.model(.entraIOS)
        func apply(_ action: DeviceAction) {
            _ = walk.model.apply(action)
            walk.recorder.append(walk.model)
        }
        apply(.enroll(group: nil, user: "stage", password: "stage"))
        apply(.completeEnrollment)
        apply(.beginTokenRequest("roster"))
        apply(.completeTokenRequest(user: "cou1", password: "wrong"))
        apply(.completeTokenRequest(user: "cou1", password: "cou1"))
        apply(.launch("chat"))
        apply(.acquireTokenSilently("chat"))
        apply(.beginTokenRequest("chat"))
        apply(.completeTokenRequest(user: "cou1", password: nil))
        apply(.launch("till"))
        apply(.beginTokenRequest("till"))
        apply(.cancelTokenRequest)
        apply(.removeAccount("chat"))
        apply(.refreshInBackground("roster"))
        #expect(walk.device.app("chat")?.token?.last == .token(TokenGrant(account: "cou1", source: .broker)))
        let yaml = walk.recording(name: "SSO walk").yaml
        for line in [
            "- acquireTokenInteractively: roster",
            "- completeTokenRequest: {user: cou1, password: not-the-password}\n    refused: wrong-credentials",
            "- completeTokenRequest: {user: cou1, password: \"${HUBSIM_PASSWORD_COU1}\"}",
            "- acquireTokenSilently: chat",
            "- completeTokenRequest: {user: cou1}",
            "- cancelTokenRequest",
            "- removeAccount: chat",
            "- refreshInBackground: roster",
        ] {
            #expect(yaml.contains(line), "\(line) in\n\(yaml)")
        }
        #expect(!yaml.contains("password: cou1"))
        let result = try RecorderTests.replay(yaml)
        #expect(result.passed, "\(yaml)")
    }
}
