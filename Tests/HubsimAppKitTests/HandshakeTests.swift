import BridgeProtocol
import Foundation
import Testing
@testable import HubsimAppKit

@Suite("The initialize handshake and requests the app does not know")
struct HandshakeTests {
    @Test func initializeIsAnsweredWithVersionOneAndTheAppsName() {
        let hubsim = FakeHubsim()
        hubsim.start(name: "Store")
        let answer = hubsim.initialize(sdk: "workspace-one", profile: "workspace-one")
        // A Workspace ONE app says it implements the SDK's optional data-access callbacks.
        #expect(answer == ["jsonrpc": "2.0", "id": 1, "result": [
            "protocolVersion": "1", "name": "Store",
            "callbacks": ["controllerWillPromptForPasscode", "controllerDidLockDataAccess", "controllerDidUnlockDataAccess"],
        ]])
        #expect(hubsim.finish())
        #expect(hubsim.bridge.application.launchInformation == LaunchInformation(
            protocolVersion: "1", appID: "store", name: "Store", sdk: "workspace-one", profile: "workspace-one"))
        #expect(hubsim.log.isEmpty)
    }

    @Test func theAnswerIsOneLineWithSortedKeys() {
        let hubsim = FakeHubsim()
        hubsim.start(name: nil)
        hubsim.request(1, "initialize", ["protocolVersion": "1", "app": ["id": "store", "name": "Store", "sdk": "none"], "profile": "entra-ios"])
        #expect(hubsim.receiveLine() == #"{"id":1,"jsonrpc":"2.0","result":{"protocolVersion":"1"}}"#)
        #expect(hubsim.finish())
    }

    @Test func aVersionMismatchIsOneLogLineAndTheAnswerSaysWhatTheAppSpeaks() {
        let hubsim = FakeHubsim()
        hubsim.start(name: "Store")
        hubsim.request(1, "initialize", ["protocolVersion": "2", "app": ["id": "store", "name": "Store", "sdk": "msal"], "profile": "entra-ios"])
        #expect(hubsim.receive() == ["jsonrpc": "2.0", "id": 1, "result": ["protocolVersion": "1", "name": "Store"]])
        #expect(hubsim.finish())
        #expect(hubsim.log == ["hubsim bridge: hubsim speaks bridge protocol 2, this library speaks 1"])
    }

    @Test func initializeWithoutAVersionIsBadParams() {
        let hubsim = FakeHubsim()
        hubsim.start()
        hubsim.request(1, "initialize", ["profile": "entra-ios"])
        #expect(hubsim.receive()?["error"]?["code"] == .int(-32602))
        #expect(hubsim.finish())
    }

    @Test func anUnknownMethodIsMethodNotFoundAndTheAppGoesOn() {
        let hubsim = FakeHubsim()
        hubsim.start()
        hubsim.initialize()
        hubsim.request(2, "app/teleport")
        #expect(hubsim.receive() == [
            "jsonrpc": "2.0", "id": 2,
            "error": ["code": -32601, "message": "unknown method app/teleport"],
        ])
        hubsim.request(3, "app/foreground")
        #expect(hubsim.receive() == done(3))
        #expect(hubsim.finish())
    }

    @Test func aLineThatIsNotJSONIsAParseErrorWithANullID() {
        let hubsim = FakeHubsim()
        hubsim.start()
        hubsim.send("{not json")
        let answer = hubsim.receive()
        #expect(answer?["id"] == .null)
        #expect(answer?["error"]?["code"] == .int(-32700))
        hubsim.send("[1,2]")
        #expect(hubsim.receive()?["error"]?["code"] == .int(-32600))
        #expect(hubsim.finish())
    }

    @Test func aNotificationIsNotAnsweredButLogged() {
        let hubsim = FakeHubsim()
        hubsim.start()
        hubsim.send(["jsonrpc": "2.0", "method": "app/foreground"])
        hubsim.request(2, "app/background")
        // The next line the app sends answers the request: the notification got none.
        #expect(hubsim.receive() == done(2))
        #expect(hubsim.finish())
        #expect(hubsim.log == ["hubsim bridge: notification app/foreground ignored (hubsim sends only requests)"])
    }

    @Test func aStringIDComesBackAsItWasAndParamsMayBeLeftOut() {
        let hubsim = FakeHubsim()
        hubsim.start()
        hubsim.send(#"{"jsonrpc":"2.0","id":"h-7","method":"app/foreground"}"#)
        #expect(hubsim.receiveLine() == #"{"id":"h-7","jsonrpc":"2.0","result":{}}"#)
        #expect(hubsim.finish())
    }

    @Test func theRunLoopReturnsWhenHubsimClosesTheInput() {
        let hubsim = FakeHubsim()
        hubsim.start()
        #expect(hubsim.finish())
        #expect(hubsim.sendsNothingMore())
    }
}

@Suite("Standard output is the protocol's alone")
struct StandardOutputDiversionTests {
    @Test func aStrayWriteToTheOutputGoesToTheLogAndTheProtocolKeepsItsPipe() throws {
        let output = Pipe()
        let log = Pipe()
        let descriptor = output.fileHandleForWriting.fileDescriptor
        let protocolOutput = try #require(StandardOutputDiversion.divert(output: descriptor, to: log.fileHandleForWriting.fileDescriptor))
        let stray = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        stray.write(Data("debug print\n".utf8))
        let protocolHandle = FileHandle(fileDescriptor: protocolOutput, closeOnDealloc: true)
        protocolHandle.write(Data("{}\n".utf8))
        try protocolHandle.close()
        try output.fileHandleForWriting.close()
        try log.fileHandleForWriting.close()
        #expect(String(decoding: try output.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self) == "{}\n")
        #expect(String(decoding: try log.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self) == "debug print\n")
    }
}
