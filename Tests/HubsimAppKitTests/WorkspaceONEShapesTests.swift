import BridgeProtocol
import Foundation
import Testing
@testable import HubsimAppKit

/// The Workspace ONE SDK's shapes on the account path: the three-argument assignment status,
/// the shared device's status and user context, the user's domain and identifier, and the
/// optional delegate methods called after the initial check.
@Suite("The Workspace ONE SDK's shapes")
struct WorkspaceONEShapesTests {
    @Test func theThreeArgumentAssignmentStatusGivesTheAppsStatusAndTheDevicesStatusAndUserContext() {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        var outcomes: [(ApplicationStatusInformation?, SharedDeviceInformation?, Bool)] = []
        delegate.hooks["didFinishLaunching"] = {
            for _ in 0..<2 {
                DeviceInformationController.sharedController.fetchApplicationAssignmentStatus { application, device, error in
                    outcomes.append((application, device, error != nil))
                }
            }
        }
        hubsim.start()
        hubsim.request(2, "app/launch")
        #expect(hubsim.receive() == call(1, "awcontroller/fetchApplicationAssignmentStatus"))
        hubsim.answer("a1", ["sharedDeviceInformation": ["isDeviceStagingEnabled": true, "checkedOutUser": "cou1"]])
        #expect(hubsim.receive() == call(2, "awcontroller/fetchApplicationAssignmentStatus"))
        hubsim.send(["jsonrpc": "2.0", "id": "a2", "error": ["code": -32004, "message": "refused"]])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(outcomes.count == 2)
        #expect(outcomes.first?.0 == ApplicationStatusInformation(enrollmentStatus: .enrolled, isAppSupported: true, isDeviceManaged: true, consoleVersion: "hubsim"))
        #expect(outcomes.first?.1 == SharedDeviceInformation(isDeviceStagingEnabled: true, sharedDeviceStatus: .checkedOut, userContextID: "cou1"))
        #expect(outcomes.first?.2 == false)
        #expect(outcomes.last?.0 == nil && outcomes.last?.1 == nil && outcomes.last?.2 == true)
    }

    @Test func theUsersDomainAndIdentifierComeFromHubsimOrFromTheEmailAndUserName() {
        let hubsim = FakeHubsim()
        let delegate = RecordingDelegate()
        hubsim.bridge.application.delegate = delegate
        var users: [UserInformation] = []
        delegate.hooks["didFinishLaunching"] = {
            for _ in 0..<2 {
                UserInformationController.sharedInstance.retrieveUserInfo { user, _ in user.map { users.append($0) } }
            }
        }
        hubsim.start()
        hubsim.request(2, "app/launch")
        #expect(hubsim.receive() == call(1, "awcontroller/retrieveUserInfo"))
        hubsim.answer("a1", ["userName": "cou1", "groupID": "store-12", "email": "cou1@contoso.example", "firstName": "", "lastName": ""])
        #expect(hubsim.receive() == call(2, "awcontroller/retrieveUserInfo"))
        hubsim.answer("a2", ["userName": "cou2", "groupID": "store-12", "email": "", "firstName": "", "lastName": "", "domain": "CONTOSO", "userIdentifier": "1042"])
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(users.map(\.domain) == ["contoso.example", "CONTOSO"])
        #expect(users.map(\.userIdentifier) == ["cou1", "1042"])
    }

    @Test func afterTheInitialCheckTheDelegateGetsItsProfileAndTheEnrollmentStatus() {
        let hubsim = FakeHubsim()
        let delegate = ProfileDelegate()
        hubsim.bridge.awController.delegate = delegate
        hubsim.bridge.awController.start()
        hubsim.start()
        hubsim.initialize()
        hubsim.request(3, "awcontroller/controllerDidFinishInitialCheck", ["error": "sharedDeviceNotCheckedOut"])
        #expect(hubsim.receive() == done(3))
        #expect(hubsim.finish())
        #expect(delegate.events == ["initialCheck -32001", "profiles: Profile(SDK profile of Store)", "enrollment: enrolled"])
    }

    @Test func theInactivityLockAndUnlockReachTheDelegatesDataAccessMethodsInOrder() {
        let hubsim = FakeHubsim()
        let delegate = ProfileDelegate()
        hubsim.bridge.awController.delegate = delegate
        hubsim.bridge.awController.start()
        hubsim.start()
        hubsim.initialize()
        hubsim.request(3, "awcontroller/controllerWillPromptForPasscode", [:])
        #expect(hubsim.receive() == done(3))
        hubsim.request(4, "awcontroller/controllerDidLockDataAccess", [:])
        #expect(hubsim.receive() == done(4))
        hubsim.request(5, "awcontroller/controllerDidUnlockDataAccess", [:])
        #expect(hubsim.receive() == done(5))
        #expect(hubsim.finish())
        #expect(delegate.events == ["willPromptForPasscode", "didLockDataAccess", "didUnlockDataAccess"])
    }
}

private final class ProfileDelegate: AWControllerDelegate, @unchecked Sendable {
    var events: [String] = []
    func controllerDidFinishInitialCheck(error: NSError?) { events.append("initialCheck \(error?.code ?? 0)") }
    func controllerDidReceive(profiles: [Profile]) { events.append("profiles: " + profiles.map(\.description).joined(separator: ", ")) }
    func controllerDidReceive(enrollmentStatus: EnrollmentStatus) { events.append("enrollment: \(enrollmentStatus)") }
    func controllerWillPromptForPasscode() { events.append("willPromptForPasscode") }
    func controllerDidLockDataAccess() { events.append("didLockDataAccess") }
    func controllerDidUnlockDataAccess() { events.append("didUnlockDataAccess") }
}
