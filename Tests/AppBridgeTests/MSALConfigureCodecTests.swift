@testable import AppBridge
import BridgeProtocol
import SessionEngine
import Testing

/// `msal/configure`: the program's MSAL configuration, in the words of Docs/bridge-protocol.md.
@Suite struct MSALConfigureCodecTests {
    func call(_ params: String) -> Result<AppCall, RPCError> {
        ProtocolMapping.call(method: "msal/configure", params: JSONValue.parse(Array(params.utf8)))
    }

    @Test func theClientIDIsRequiredAndTheRestOptional() {
        #expect(call(#"{"clientId":"c","redirectUri":"x-msauth-contoso://com.contoso.tasks","keychainSharingGroup":"g","broker":true}"#)
            == .success(.configureMSAL(clientID: "c", redirectURI: "x-msauth-contoso://com.contoso.tasks", keychainGroup: "g", broker: true)))
        #expect(call(#"{"clientId":"c","redirectUri":null}"#) == .success(.configureMSAL(clientID: "c", redirectURI: nil, keychainGroup: nil, broker: false)))
        #expect(call(#"{"redirectUri":"r"}"#).errorCode == -32602)
        #expect(call(#"{"clientId":"c","broker":"yes"}"#).errorCode == -32602)
    }
}
