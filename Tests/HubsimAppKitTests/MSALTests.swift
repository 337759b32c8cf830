import BridgeProtocol
import Foundation
import Testing
@testable import HubsimAppKit

@Suite("MSAL's calls and the Darwin notification")
struct MSALTests {
    @Test func getCurrentAccountGivesTheAccountAndThePreviousOne() throws {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        let application = try MSALPublicClientApplication(configuration: MSALPublicClientApplicationConfig(clientId: "contoso-frontline"))
        var accounts: [String?] = []
        var mode: MSALDeviceMode?
        delegate.hooks["didBecomeActive"] = {
            application.getCurrentAccount(with: nil) { current, previous, _ in
                accounts = [current?.username, previous?.username]
            }
            application.getDeviceInformation(with: nil) { information, _ in mode = information?.deviceMode }
        }
        hubsim.start()
        hubsim.request(2, "app/foreground")
        #expect(hubsim.receive() == call(1, "msal/configure", configuration))
        hubsim.answer("a1", [:])
        #expect(hubsim.receive() == call(2, "msal/getCurrentAccount"))
        hubsim.answer("a2", ["account": ["username": "cou2@contoso.example"], "previousAccount": ["username": "cou1@contoso.example"]])
        #expect(hubsim.receive() == call(3, "msal/getDeviceInformation"))
        hubsim.answer("a3", ["deviceMode": "shared"])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(accounts == ["cou2@contoso.example", "cou1@contoso.example"])
        #expect(mode == .shared)
    }

    @Test func tokensSignOutAndRemove() throws {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        let application = try MSALPublicClientApplication(configuration: MSALPublicClientApplicationConfig(clientId: "contoso-frontline"))
        var silentError: NSError?
        var token: String?
        var signedOut: Bool?
        var removed = false
        delegate.hooks["didFinishLaunching"] = {
            application.getCurrentAccount(with: nil) { current, _, _ in
                guard let current else { return }
                application.acquireTokenSilent(with: MSALSilentTokenParameters(scopes: ["user.read"], account: current)) { _, error in
                    silentError = error as NSError?
                }
                application.acquireToken(with: MSALInteractiveTokenParameters(scopes: ["user.read"])) { result, _ in
                    token = result?.accessToken
                }
                let parameters = MSALSignoutParameters(webviewParameters: MSALWebviewParameters())
                parameters.signoutFromBrowser = true
                application.signout(with: current, signoutParameters: parameters) { success, _ in signedOut = success }
                removed = (try? application.remove(current)) != nil
            }
        }
        hubsim.start()
        hubsim.request(2, "app/launch")
        #expect(hubsim.receive() == call(1, "msal/configure", configuration))
        hubsim.answer("a1", [:])
        #expect(hubsim.receive() == call(2, "msal/getCurrentAccount"))
        hubsim.answer("a2", ["account": ["username": "cou1"], "previousAccount": .null])
        #expect(hubsim.receive() == call(3, "msal/acquireTokenSilent"))
        hubsim.send(["jsonrpc": "2.0", "id": "a3", "error": ["code": -32002, "message": "interaction required"]])
        #expect(hubsim.receive() == call(4, "msal/acquireToken"))
        hubsim.answer("a4", ["accessToken": "token-of-cou1", "account": ["username": "cou1"]])
        #expect(hubsim.receive() == call(5, "msal/signout", ["signoutFromBrowser": true]))
        hubsim.answer("a5", [:])
        #expect(hubsim.receive() == call(6, "msal/removeAccount"))
        hubsim.answer("a6", [:])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(silentError?.domain == MSALErrorDomain)
        #expect(silentError?.code == MSALError.interactionRequired.rawValue)
        #expect(silentError?.userInfo[MSALHubsimBridgeErrorCodeKey] as? Int == -32002)
        #expect(token == "token-of-cou1")
        #expect(signedOut == true)
        #expect(removed)
    }

    @Test func aCancelledPromptIsUserCanceled() throws {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        let application = try MSALPublicClientApplication(configuration: MSALPublicClientApplicationConfig(clientId: "contoso-frontline"))
        var failure: NSError?
        delegate.hooks["didFinishLaunching"] = {
            application.acquireToken(with: MSALInteractiveTokenParameters(scopes: ["user.read"])) { _, error in failure = error as NSError? }
        }
        hubsim.start()
        hubsim.request(2, "app/launch", ["cold": true])
        #expect(hubsim.receive() == call(1, "msal/configure", configuration))
        hubsim.answer("a1", [:])
        #expect(hubsim.receive() == call(2, "msal/acquireToken"))
        hubsim.send(["jsonrpc": "2.0", "id": "a2", "error": ["code": -32005, "message": "the person cancelled the sign-in"]])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(failure?.domain == MSALErrorDomain)
        #expect(failure?.code == MSALError.userCanceled.rawValue)
    }

    @Test func aRefusedSignoutIsAnInternalErrorWithThePanesLine() throws {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        let application = try MSALPublicClientApplication(configuration: MSALPublicClientApplicationConfig(clientId: "contoso-frontline"))
        var outcome: (Bool, NSError?)?
        var heard: [String] = []
        hubsim.bridge.darwinNotificationCenter.addObserver(forName: DarwinNotificationCenter.sharedModeCurrentAccountChanged) { name in
            heard.append(name)
            application.getCurrentAccount(with: nil) { current, _, _ in
                guard let current else { return }
                application.signout(with: current, signoutParameters: MSALSignoutParameters()) { outcome = ($0, $1 as NSError?) }
            }
        }
        hubsim.start()
        hubsim.request(2, "msal/SHARED_MODE_CURRENT_ACCOUNT_CHANGED")
        #expect(hubsim.receive() == call(1, "msal/configure", configuration))
        hubsim.answer("a1", [:])
        #expect(hubsim.receive() == call(2, "msal/getCurrentAccount"))
        hubsim.answer("a2", ["account": ["username": "cou1"], "previousAccount": .null])
        #expect(hubsim.receive() == call(3, "msal/signout", ["signoutFromBrowser": false]))
        hubsim.send(["jsonrpc": "2.0", "id": "a3", "error": ["code": -32004, "message": "refused: not the device's account"]])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(heard == ["SHARED_MODE_CURRENT_ACCOUNT_CHANGED"])
        #expect(outcome?.0 == false)
        #expect(outcome?.1?.code == MSALError.internal.rawValue)
        #expect(outcome?.1?.localizedDescription.contains("refused: not the device's account") == true)
    }
}
