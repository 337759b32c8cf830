@testable import AppBridge
import BridgeProtocol
import SessionEngine
import Testing

/// The JSON-RPC codec: lines in, messages out, and the protocol's params (Docs/bridge-protocol.md).
@Suite struct CodecTests {
    static func message(_ line: String) -> RPCMessage { RPCMessage(line: Array(line.utf8)) }

    @Test func readsRequestsNotificationsAndResponses() {
        #expect(Self.message(#"{"jsonrpc":"2.0","id":"a1","method":"storage/list","params":{}}"#)
            == .request(id: .string("a1"), method: "storage/list", params: .object([:])))
        #expect(Self.message(#"{"jsonrpc":"2.0","method":"screen/show"}"#) == .request(id: nil, method: "screen/show", params: nil))
        #expect(Self.message(#"{"jsonrpc":"2.0","id":3,"result":{"protocolVersion":"1"}}"#)
            == .response(id: .int(3), result: .object(["protocolVersion": .string("1")]), error: nil))
        #expect(Self.message(#"{"jsonrpc":"2.0","id":4,"error":{"code":-1,"message":"no"}}"#)
            == .response(id: .int(4), result: nil, error: RPCError(code: -1, message: "no")))
    }

    @Test func refusesWhatIsNotAMessage() {
        #expect(Self.message("hello") == .invalid(id: nil, RPCError(.parseError, "not JSON")))
        #expect(Self.message(#"[{"jsonrpc":"2.0","method":"x"}]"#).errorCode == -32600)
        #expect(Self.message(#"{"id":1,"method":"x"}"#).errorCode == -32600)
        #expect(Self.message(#"{"jsonrpc":"2.0","id":{},"method":"x"}"#).errorCode == -32600)
        #expect(Self.message(#"{"jsonrpc":"2.0","id":1}"#).errorCode == -32600)
        #expect(Self.message(#"{"jsonrpc":"2.0","id":1,"method":"x","params":3}"#).errorCode == -32600)
        // Nesting deeper than the reader allows is not JSON to hubsim (no stack to exhaust).
        #expect(Self.message(String(repeating: "[", count: 10_000)).errorCode == -32700)
        #expect(Self.message("{\"a\":\"\u{1}\"}").errorCode == -32700)
        #expect(RPCMessage(line: [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]).errorCode == -32700)
    }

    /// JSON hubsim cannot read is called what it is, not "not JSON": too deeply nested, or a
    /// number no double holds. What the reader takes and refuses is where the message says.
    @Test func jsonBeyondTheReadersLimitsIsNamed() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(Self.message(deep) == .invalid(id: nil, RPCError(.parseError, "JSON nested 10000 levels deep: hubsim reads at most 512")))
        let huge = #"{"jsonrpc":"2.0","id":1,"result":{"n":1e400}}"#
        #expect(Self.message(huge) == .invalid(id: nil, RPCError(.parseError, "a number out of range: 1e400 (a double holds up to about 1.8e308)")))
        // The limit is the reader's: 512 levels are read, 513 are not.
        #expect(JSONValue.parse(Array((String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).utf8)) != nil)
        #expect(Self.message(String(repeating: "[", count: 513) + String(repeating: "]", count: 513)).errorCode == -32700)
        // A bracket or a number inside a string counts for nothing.
        #expect(Self.message(#"{"a":"[[[[ 1e400"#) == .invalid(id: nil, RPCError(.parseError, "not JSON")))
    }

    @Test func stringsRoundTripWithEscapes() {
        let text = "line\nbreak \"quoted\" \\ tab\t \u{1} é 😀 \u{2028}"
        let written = JSONValue.string(text).text
        #expect(!written.contains("\n"))
        #expect(JSONValue.parse(Array(written.utf8)) == .string(text))
        #expect(JSONValue.parse(Array(#""\ud83d\ude00""#.utf8)) == .string("😀"))
        #expect(JSONValue.parse(Array(#""\ud83d""#.utf8)) == nil)
        #expect(JSONValue.parse(Array("[1, -2.5e3, true, null, 01]".utf8)) == nil)
        #expect(JSONValue.parse(Array("[1, -2.5e3, true, null]".utf8)) == .array([.int(1), .int(-2500), .bool(true), .null]))
        #expect(JSONValue.parse(Array("[0.5, 1e400]".utf8)) == nil || JSONValue.parse(Array("[0.5]".utf8)) == .array([.double(0.5)]))
    }

    @Test func writesEventsAsTheProtocolPageShowsThem() {
        #expect(RPCMessage.request(id: 2, method: ProtocolMapping.method(of: .launch), params: ProtocolMapping.params(of: .launch))
            == #"{"id":2,"jsonrpc":"2.0","method":"app/launch","params":{"cold":true}}"#)
        #expect(ProtocolMapping.params(of: .controllerDidFinishInitialCheck(error: nil)).text == #"{"error":null}"#)
        #expect(ProtocolMapping.params(of: .controllerDidFinishInitialCheck(error: "sharedDeviceNotCheckedOut")).text
            == #"{"error":"sharedDeviceNotCheckedOut"}"#)
        let app = AppDefinition(id: "myapp", name: "My app", sdk: .workspaceOne(.none), external: ExternalProgram(exec: ["x"]))
        #expect(RPCMessage.request(id: 1, method: .initialize, params: ProtocolMapping.initializeParams(app: app, profile: .workspaceOne))
            == #"{"id":1,"jsonrpc":"2.0","method":"initialize","params":{"app":{"id":"myapp","name":"My app","sdk":"workspace-one"},"profile":"workspace-one","protocolVersion":"1"}}"#)
    }

    @Test func callsAndTheirParams() {
        func call(_ method: String, _ params: String) -> Result<AppCall, RPCError> {
            ProtocolMapping.call(method: method, params: JSONValue.parse(Array(params.utf8)))
        }
        #expect(call("storage/put", #"{"key":"k","owner":"COU1","protection":"user","text":"t"}"#)
            == .success(.put(key: "k", owner: "cou1", protection: .user, text: "t")))
        #expect(call("storage/put", #"{"key":"k","owner":null,"protection":"vault","text":"t"}"#)
            == .failure(RPCError(.invalidParams, "'protection' must be sdk, user or plain")))
        #expect(call("screen/show", #"{"user":null,"items":["a",1]}"#)
            == .failure(RPCError(.invalidParams, "'items' must be a list of strings")))
        #expect(call("msal/signout", #"{"signoutFromBrowser":true}"#) == .success(.signout(fromBrowser: true)))
        #expect(call("msal/signout", #"{"signoutFromBrowser":"yes"}"#).errorCode == -32602)
        #expect(call("storage/get", "[]").errorCode == -32602)
        #expect(call("nope", "{}") == .failure(RPCError(.methodNotFound, "unknown method 'nope'")))
        #expect(ProtocolMapping.json(.accounts(current: "cou1", previous: nil)).text == #"{"account":{"username":"cou1"},"previousAccount":null}"#)
        #expect(ProtocolMapping.json(.assignment(isDeviceStagingEnabled: true, checkedOutUser: "cou1")).text
            == #"{"sharedDeviceInformation":{"checkedOutUser":"cou1","isDeviceStagingEnabled":true}}"#)
    }

    /// Android's calls and event, in the words of Docs/bridge-protocol.md ("Android").
    @Test func androidsCallsAndTheBroadcast() {
        func call(_ method: String, _ params: String) -> Result<AppCall, RPCError> {
            ProtocolMapping.call(method: method, params: JSONValue.parse(Array(params.utf8)))
        }
        let action = API.currentAccountChangedAction
        #expect(call("msal/getCurrentAccountAsync", "{}") == .success(.getCurrentAccountAsync))
        #expect(call("msal/isSharedDevice", "{}") == .success(.isSharedDevice))
        #expect(call("msal/signOut", "{}") == .success(.signOut))
        #expect(call("msal/registerReceiver", "{}") == .success(.registerReceiver))
        #expect(call("msal/registerReceiver", #"{"action":"\#(action)"}"#) == .success(.registerReceiver))
        #expect(call("msal/unregisterReceiver", #"{"action":"\#(action)"}"#) == .success(.unregisterReceiver))
        #expect(call("msal/registerReceiver", #"{"action":"android.intent.action.BOOT_COMPLETED"}"#)
            == .failure(RPCError(.invalidParams, "'action' must be \(action)")))
        #expect(ProtocolMapping.json(.accountCallback(prior: "cou1", current: "cou1")).text
            == #"{"activeAccount":{"username":"cou1"},"callback":"onAccountLoaded"}"#)
        #expect(ProtocolMapping.json(.accountCallback(prior: "cou1", current: nil)).text
            == #"{"callback":"onAccountChanged","currentAccount":null,"priorAccount":{"username":"cou1"}}"#)
        #expect(ProtocolMapping.json(.sharedDevice(false)).text == #"{"isSharedDevice":false}"#)
        #expect(RPCMessage.request(id: 4, method: ProtocolMapping.method(of: .currentAccountChanged(.globalSignOut)),
                                   params: ProtocolMapping.params(of: .currentAccountChanged(.globalSignOut)))
            == #"{"id":4,"jsonrpc":"2.0","method":"broadcast/CURRENT_ACCOUNT_CHANGED","params":{"BROADCAST_TYPE":"GLOBAL_SIGN_OUT","action":"\#(action)"}}"#)
        #expect(AppEvent.currentAccountChanged(.registered).name == "CURRENT_ACCOUNT_CHANGED (SDM_REGISTERED)")
    }

    @Test func linesAreCutWithABoundedBuffer() {
        var splitter = LineSplitter(limit: 8)
        var lines: [String] = []
        let ok = Array("abc\r\ndef\n0123456789abc\nxy".utf8).withUnsafeBytes { splitter.feed($0) { lines.append(String(decoding: $0, as: UTF8.self)) } }
        #expect(!ok)
        #expect(lines == ["abc", "def", "01234567"])
        splitter.finish { lines.append(String(decoding: $0, as: UTF8.self)) }
        #expect(lines.last == "xy")
    }
}

extension RPCMessage {
    var errorCode: Int? {
        switch self {
        case let .invalid(_, error): error.code
        default: nil
        }
    }
}

extension Result where Failure == RPCError {
    var errorCode: Int? { if case let .failure(e) = self { e.code } else { nil } }
}
