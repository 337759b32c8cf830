@testable import AppBridge
import BridgeProtocol
import SessionEngine
import Testing

/// The engine's typed events and calls against the protocol's method names: each method is
/// the handshake, one event or one call, and a call read back by its name is the same call.
@Suite struct BridgeMethodTests {
    static let events: [AppEvent] = [
        .launch, .foreground, .background, .suspend, .terminate, .controllerDidWipeCurrentUserData,
        .controllerDidDetectUserChange, .controllerDidFinishInitialCheck(error: nil), .controllerWillPromptForPasscode,
        .controllerDidLockDataAccess, .controllerDidUnlockDataAccess, .sharedModeCurrentAccountChanged,
        .currentAccountChanged(.globalSignOut),
    ]
    /// Each call with the params that read back into it.
    static let calls: [(AppCall, JSONValue)] = [
        (.retrieveUserInfo, [:]), (.fetchApplicationAssignmentStatus, [:]), (.getCurrentAccount, [:]),
        (.getDeviceInformation, [:]), (.acquireTokenSilent, [:]), (.acquireToken, [:]),
        (.signout(fromBrowser: true), ["signoutFromBrowser": true]), (.removeAccount, [:]),
        (.configureMSAL(clientID: "c", redirectURI: nil, keychainGroup: nil, broker: false), ["clientId": "c"]),
        (.getCurrentAccountAsync, [:]), (.isSharedDevice, [:]), (.signOut, [:]), (.registerReceiver, [:]), (.unregisterReceiver, [:]),
        (.put(key: "k", owner: "cou1", protection: .sdk, text: "t"), ["key": "k", "owner": "cou1", "protection": "sdk", "text": "t"]),
        (.get(key: "k"), ["key": "k"]), (.delete(key: "k"), ["key": "k"]), (.list, [:]),
        (.show(user: nil, items: ["k"], lines: []), ["items": ["k"]]),
    ]

    @Test func everyMethodIsTheHandshakeOneEventOrOneCall() {
        let named = [BridgeMethod.initialize] + Self.events.map(ProtocolMapping.method(of:)) + Self.calls.map { ProtocolMapping.method(of: $0.0) }
        #expect(named.count == BridgeMethod.allCases.count)
        #expect(Set(named) == Set(BridgeMethod.allCases))
    }

    @Test func aCallReadBackByItsNameIsTheSameCall() {
        for (call, params) in Self.calls {
            #expect(ProtocolMapping.call(method: ProtocolMapping.method(of: call).name, params: params) == .success(call))
        }
    }

    /// hubsim's own requests are no call a program can make.
    @Test func anEventsNameIsNoCall() {
        for event in Self.events {
            let name = ProtocolMapping.method(of: event).name
            #expect(ProtocolMapping.call(method: name, params: nil) == .failure(RPCError(.methodNotFound, "unknown method '\(name)'")))
        }
    }

    /// The engine's refusals reach the program under the protocol's codes (Docs/bridge-protocol.md, "Errors").
    @Test func refusalsCarryTheProtocolsCodes() {
        let codes: [(AppCallError.Code, Int)] = [
            (.invalidParams, -32602), (.notSignedIn, -32001), (.interactionRequired, -32002),
            (.unreadable, -32003), (.refused, -32004), (.canceled, -32005),
        ]
        for (code, wire) in codes {
            #expect(ProtocolMapping.rpcError(AppCallError(code, "why")) == RPCError(code: wire, message: "why"))
        }
    }
}
