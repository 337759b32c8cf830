#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Your app's end of the hubsim app bridge (Docs/bridge-protocol.md, version 1): it reads
/// hubsim's requests from standard input, hands each event to your delegates on the thread that
/// called ``run(name:)``, one at a time and in order, and answers `{}` when the delegate method
/// has returned.
///
/// The SDK stand-ins (`AWController`, `UserInformationController`, `MSALPublicClientApplication`,
/// …) call hubsim over the same pipes. Their completion blocks are called before the call
/// returns, on the calling thread: a delegate method that calls `retrieveUserInfo` has the user
/// in hand on its next line, and hubsim sees every call the app made while handling the event.
///
/// ```swift
/// let app = StoreApp()
/// HubsimApplication.shared.delegate = app
/// HubsimBridge.run(name: "Store")
/// ```
public final class HubsimBridge: @unchecked Sendable {
    /// The bridge protocol version this library speaks.
    public static let protocolVersion = "1"

    /// The bridge over this process's standard input and output, the one hubsim talks to. Made
    /// on first use; from then on standard output is the bridge's alone, and anything else
    /// written there (a `print`) goes to standard error, the pane's log.
    public static let standard = HubsimBridge(input: .standardInput, output: StandardOutputDiversion.standardProtocolOutput())

    /// The bridge whose run loop runs on this thread, or else ``standard``. The SDK stand-ins'
    /// singletons (`AWController.clientInstance()`, `HubsimApplication.shared`, …) are this
    /// bridge's, so a delegate reaches the bridge that delivered its event.
    public static var current: HubsimBridge {
        (Thread.current.threadDictionary[threadKey] as? HubsimBridge) ?? standard
    }

    /// Runs ``standard`` on the calling thread until hubsim closes standard input.
    /// - Parameter name: the app's name in the answer to `initialize`.
    public static func run(name: String? = nil) {
        standard.run(name: name)
    }

    /// Writes one line to standard error, which hubsim shows in the app's pane log.
    public static let logToStandardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    public let application: HubsimApplication
    public let awController: AWController
    public let userInformationController: UserInformationController
    public let deviceInformationController: DeviceInformationController
    public let darwinNotificationCenter: DarwinNotificationCenter
    /// Android: the receivers registered at run time (``HubsimApplication/receivers``).
    public let receivers: ReceiverRegistry

    let connection: BridgeConnection
    private let logLine: @Sendable (String) -> Void
    private static let threadKey = "HubsimAppKit.HubsimBridge.current"

    /// A bridge over any pair of pipes (tests, or an app that keeps standard output for itself).
    /// - Parameters:
    ///   - input: where hubsim's lines come from.
    ///   - output: where the app's lines go.
    ///   - log: where the library's own diagnostics go (standard error unless told otherwise).
    public init(input: FileHandle, output: FileHandle, log: @escaping @Sendable (String) -> Void = HubsimBridge.logToStandardError) {
        logLine = log
        connection = BridgeConnection(channel: LineChannel(input: input, output: output), log: log)
        application = HubsimApplication()
        awController = AWController()
        userInformationController = UserInformationController()
        deviceInformationController = DeviceInformationController()
        darwinNotificationCenter = DarwinNotificationCenter()
        receivers = ReceiverRegistry()
        receivers.bridge = self
        application.bridge = self
        awController.bridge = self
        userInformationController.bridge = self
        deviceInformationController.bridge = self
    }

    /// Handles hubsim's requests on the calling thread until hubsim closes the input (after
    /// `app/terminate`, or when hubsim ends). Delegate methods run on this thread.
    /// - Parameter name: the app's name in the answer to `initialize`.
    public func run(name: String? = nil) {
        let dictionary = Thread.current.threadDictionary
        let outer = dictionary[Self.threadKey]
        dictionary[Self.threadKey] = self
        defer { dictionary[Self.threadKey] = outer }
        while let request = connection.nextRequest() {
            handle(request, name: name)
        }
    }

    /// One line in the pane's log.
    public func log(_ line: String) {
        logLine(line)
    }

    /// Calls hubsim and waits for its answer.
    func call(_ method: String, _ params: JSONValue = [:]) -> Result<JSONValue, HubsimBridgeError> {
        connection.call(method, params)
    }

    private func handle(_ request: IncomingRequest, name: String?) {
        guard let id = request.id else {
            log("hubsim bridge: notification \(request.method) ignored (hubsim sends only requests)")
            return
        }
        switch dispatch(request, name: name) {
        case .success(let result): connection.answer(id, result: result)
        case .failure(let failure): connection.answer(id, errorCode: failure.code, message: failure.message)
        }
    }

    private struct Refusal: Error {
        var code: Int
        var message: String
    }

    /// The event table of Docs/bridge-protocol.md ("hubsim → app: events").
    private func dispatch(_ request: IncomingRequest, name: String?) -> Result<JSONValue, Refusal> {
        switch request.method {
        case "initialize":
            return initialize(request.params, name: name)
        case "app/launch": application.deliver(.launch)
        case "app/foreground": application.deliver(.foreground)
        case "app/background": application.deliver(.background)
        case "app/suspend": application.deliver(.suspend)
        case "app/terminate": application.deliver(.terminate)
        case "awcontroller/controllerDidWipeCurrentUserData":
            awController.deliver(request.method) { $0.controllerDidWipeCurrentUserData() }
        case "awcontroller/controllerDidDetectUserChange":
            awController.deliver(request.method) { $0.controllerDidDetectUserChange() }
        case "awcontroller/controllerDidFinishInitialCheck":
            let error: NSError?
            switch request.params["error"] ?? .null {
            case .null: error = nil
            case "sharedDeviceNotCheckedOut": error = AWSDKError.sharedDeviceNotCheckedOut.error("The device is not checked out to any end user")
            default:
                return .failure(Refusal(code: HubsimBridgeError.Code.invalidParams, message: "controllerDidFinishInitialCheck: error must be null or \"sharedDeviceNotCheckedOut\""))
            }
            awController.deliver(request.method) { $0.controllerDidFinishInitialCheck(error: error) }
        case "msal/" + DarwinNotificationCenter.sharedModeCurrentAccountChanged:
            darwinNotificationCenter.post(name: DarwinNotificationCenter.sharedModeCurrentAccountChanged, log: log)
        case "broadcast/CURRENT_ACCOUNT_CHANGED":
            guard let type = request.params[SharedDeviceModeBroadcast.broadcastTypeKey]?.stringValue else {
                return .failure(Refusal(code: HubsimBridgeError.Code.invalidParams, message: "CURRENT_ACCOUNT_CHANGED: BROADCAST_TYPE is missing"))
            }
            let action = request.params["action"]?.stringValue ?? SharedDeviceModeBroadcast.currentAccountChanged
            receivers.deliver(Intent(action: action, extras: [SharedDeviceModeBroadcast.broadcastTypeKey: type]))
        default:
            return .failure(Refusal(code: HubsimBridgeError.Code.methodNotFound, message: "unknown method \(request.method)"))
        }
        return .success([:])
    }

    private func initialize(_ params: JSONValue, name: String?) -> Result<JSONValue, Refusal> {
        guard let version = params["protocolVersion"]?.stringValue else {
            return .failure(Refusal(code: HubsimBridgeError.Code.invalidParams, message: "initialize: protocolVersion is missing"))
        }
        if version != Self.protocolVersion {
            log("hubsim bridge: hubsim speaks bridge protocol \(version), this library speaks \(Self.protocolVersion)")
        }
        application.launchInformation = LaunchInformation(
            protocolVersion: version,
            appID: params["app"]?["id"]?.stringValue ?? "",
            name: params["app"]?["name"]?.stringValue ?? "",
            sdk: params["app"]?["sdk"]?.stringValue ?? "none",
            profile: params["profile"]?.stringValue ?? ""
        )
        var result: [String: JSONValue] = ["protocolVersion": .string(Self.protocolVersion)]
        if let name { result["name"] = .string(name) }
        return .success(.object(result))
    }
}
