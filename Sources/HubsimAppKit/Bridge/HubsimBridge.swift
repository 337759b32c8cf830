#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BridgeProtocol
import Foundation
import Synchronization

/// Your app's end of the hubsim app bridge (Docs/bridge-protocol.md, version 1): it reads
/// hubsim's requests from standard input, hands each event to your delegates on the thread that
/// called ``run(name:)``, one at a time and in order, and answers `{}` once the app has finished
/// with it.
///
/// Threading: when ``run(name:)`` is called on the main thread (an app's `main.swift`) the run
/// loop runs the main queue, as UIKit's does: while it waits for hubsim, and after each event
/// until the app has gone quiet (a whole turn of the main queue with no call to hubsim and no
/// completion delivered, twice running), so that a completion's `DispatchQueue.main.async { … }`
/// runs, and its calls reach hubsim, before the event is answered. Run elsewhere (a test's
/// thread), the run loop waits for whoever runs the main queue the same way. Under
/// `import MSAL`, MSAL's completion blocks are queued on the parameters' `completionBlockQueue`,
/// else the main queue, and run after the method has returned, as in MSAL; HubsimAppKit's own
/// MSAL class and the Workspace ONE stand-ins call their blocks before returning, on the calling
/// thread (the Workspace ONE SDK promises no thread, and its sample hops to the main queue itself).
///
/// ```swift
/// let app = StoreApp()
/// HubsimApplication.shared.delegate = app
/// HubsimBridge.run(name: "Store")
/// ```
public final class HubsimBridge: Sendable {
    /// The bridge protocol version this library speaks.
    public static let protocolVersion = BridgeMethod.protocolVersion
    /// The Workspace ONE SDK's optional callbacks this library delivers to an `AWControllerDelegate`
    /// (Docs/bridge-protocol.md, "Optional callbacks"), by their delegate methods' names.
    static let optionalAWControllerCallbacks = [BridgeMethod.controllerWillPromptForPasscode, .controllerDidLockDataAccess, .controllerDidUnlockDataAccess]
        .map { String($0.name.dropFirst("awcontroller/".count)) }

    /// The bridge over this process's standard input and output, the one hubsim talks to. Made
    /// on first use; from then on standard output is the bridge's alone, and anything else
    /// written there (a `print`) goes to standard error, the pane's log.
    public static let standard = HubsimBridge(input: .standardInput, output: StandardOutputDiversion.standardProtocolOutput())

    /// The bridge whose run loop runs on this thread, or else ``standard``. The SDK stand-ins'
    /// singletons (`AWController.clientInstance()`, `HubsimApplication.shared`, …) are this
    /// bridge's, so a delegate reaches the bridge that delivered its event.
    public static var current: HubsimBridge {
        (Thread.current.threadDictionary[threadKey] as? HubsimBridge) ?? running.only ?? standard
    }

    /// The bridges whose run loops run now: a block the app queued itself (on the main queue,
    /// from a test's thread) reaches the one that runs.
    private static let running = RunningBridges()

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
    /// The completion blocks queued for the app (MSAL's threading).
    let completions = CompletionDelivery()
    /// The MSAL configurations told to hubsim.
    let msalConfigurations = SentMSALConfigurations()
    /// Set once the main queue did not turn within ``mainQueueTurnLimit`` while the run loop ran
    /// on another thread: nobody runs it, and waiting for it again would only slow every event.
    private let mainQueueStalled = Mutex(false)
    private static let mainQueueTurnLimit: TimeInterval = 2
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
        receivers.bridgeLink.set(self)
        application.bridgeLink.set(self)
        awController.bridgeLink.set(self)
        userInformationController.bridgeLink.set(self)
        deviceInformationController.bridgeLink.set(self)
    }

    /// Handles hubsim's requests on the calling thread until hubsim closes the input (after
    /// `app/terminate`, or when hubsim ends). Delegate methods run on this thread; on the main
    /// thread, the main queue runs too (see the type's notes on threading).
    /// - Parameter name: the app's name in the answer to `initialize`.
    public func run(name: String? = nil) {
        let drivesMainQueue = Thread.isMainThread
        if drivesMainQueue { connection.wakeMainQueueOnRequests() }
        Self.running.add(self)
        defer { Self.running.remove(self) }
        asCurrent {
            while let request = drivesMainQueue ? nextRequestRunningMainQueue() : connection.nextRequest() {
                handle(request, name: name, drivesMainQueue: drivesMainQueue)
            }
        }
    }

    /// Runs `body` with this bridge as ``current`` on the calling thread.
    func asCurrent(_ body: () -> Void) {
        let dictionary = Thread.current.threadDictionary
        let outer = dictionary[Self.threadKey]
        dictionary[Self.threadKey] = self
        defer { dictionary[Self.threadKey] = outer }
        body()
    }

    /// The next request, running the main queue while none is there (the reader thread queues
    /// an empty block on the main queue when a request comes, which ends the run loop's wait).
    private func nextRequestRunningMainQueue() -> IncomingRequest? {
        while true {
            if let request = connection.takeRequestNow() { return request }
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        }
    }

    /// Lets the app finish with the event: turns of the main queue until a turn, twice running,
    /// sees no call to hubsim and no completion delivered (a block queued by a block queued by
    /// a completion still runs before the answer), and nothing is pending on another queue.
    private func settle(drivesMainQueue: Bool) {
        var quietTurns = 0
        while quietTurns < 2 {
            let before = (connection.callCount, completions.deliveredCount)
            guard turnMainQueue(drivesMainQueue: drivesMainQueue) else { return }
            if drivesMainQueue {
                // A completion on another queue may queue work on the main queue: keep it running.
                while completions.pendingCount > 0 {
                    _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.005))
                }
            } else {
                _ = completions.waitUntilNonePending(before: Date(timeIntervalSinceNow: Self.mainQueueTurnLimit))
            }
            let quiet = before == (connection.callCount, completions.deliveredCount) && completions.pendingCount == 0
            quietTurns = quiet ? quietTurns + 1 : 0
        }
    }

    /// One turn of the main queue: everything queued on it before now has run. False when
    /// nobody runs the main queue (the run loop is on another thread and the main thread is busy).
    private func turnMainQueue(drivesMainQueue: Bool) -> Bool {
        if mainQueueStalled.withLock({ $0 }) { return false }
        let turned = RaisedFlag()
        DispatchQueue.main.async { turned.raise() }
        if drivesMainQueue {
            while !turned.isRaised { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
            return true
        }
        if turned.wait(before: Date(timeIntervalSinceNow: Self.mainQueueTurnLimit)) { return true }
        mainQueueStalled.withLock { $0 = true }
        log("hubsim bridge: the main queue did not run within \(Int(Self.mainQueueTurnLimit)) s; blocks queued on it (MSAL's completions among them) wait until the main thread runs it")
        return false
    }

    /// One line in the pane's log.
    public func log(_ line: String) {
        logLine(line)
    }

    /// Calls hubsim and waits for its answer.
    func call(_ method: BridgeMethod, _ params: JSONValue = [:]) -> Result<JSONValue, HubsimBridgeError> {
        connection.call(method, params)
    }

    private func handle(_ request: IncomingRequest, name: String?, drivesMainQueue: Bool) {
        guard let id = request.id else {
            log("hubsim bridge: notification \(request.method) ignored (hubsim sends only requests)")
            return
        }
        let outcome = dispatch(request, name: name)
        settle(drivesMainQueue: drivesMainQueue)
        switch outcome {
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
        guard let method = BridgeMethod(rawValue: request.method) else {
            return .failure(Refusal(code: HubsimBridgeError.Code.methodNotFound, message: "unknown method \(request.method)"))
        }
        switch method {
        case .initialize:
            return initialize(request.params, name: name)
        case .appLaunch: application.deliver(.launch)
        case .appForeground: application.deliver(.foreground)
        case .appBackground: application.deliver(.background)
        case .appSuspend: application.deliver(.suspend)
        case .appTerminate: application.deliver(.terminate)
        case .controllerDidWipeCurrentUserData:
            awController.deliver(request.method) { $0.controllerDidWipeCurrentUserData() }
        case .controllerDidDetectUserChange:
            awController.deliver(request.method) { $0.controllerDidDetectUserChange() }
        case .controllerWillPromptForPasscode:
            awController.deliver(request.method) { $0.controllerWillPromptForPasscode() }
        case .controllerDidLockDataAccess:
            awController.deliver(request.method) { $0.controllerDidLockDataAccess() }
        case .controllerDidUnlockDataAccess:
            awController.deliver(request.method) { $0.controllerDidUnlockDataAccess() }
        case .controllerDidFinishInitialCheck:
            let error: NSError?
            switch request.params["error"] ?? .null {
            case .null: error = nil
            case "sharedDeviceNotCheckedOut": error = AWSDKError.sharedDeviceNotCheckedOut.error("The device is not checked out to any end user")
            default:
                return .failure(Refusal(code: HubsimBridgeError.Code.invalidParams, message: "controllerDidFinishInitialCheck: error must be null or \"sharedDeviceNotCheckedOut\""))
            }
            awController.deliver(request.method) { delegate in
                delegate.controllerDidFinishInitialCheck(error: error)
                delegate.controllerDidReceive(profiles: [Profile(name: "SDK profile of \(application.launchInformation?.name ?? "the app")")])
                delegate.controllerDidReceive(enrollmentStatus: .enrolled)
            }
        case .sharedModeCurrentAccountChanged:
            darwinNotificationCenter.post(name: DarwinNotificationCenter.sharedModeCurrentAccountChanged, log: log)
        case .currentAccountChanged:
            guard let type = request.params[SharedDeviceModeBroadcast.broadcastTypeKey]?.stringValue else {
                return .failure(Refusal(code: HubsimBridgeError.Code.invalidParams, message: "CURRENT_ACCOUNT_CHANGED: BROADCAST_TYPE is missing"))
            }
            let action = request.params["action"]?.stringValue ?? SharedDeviceModeBroadcast.currentAccountChanged
            receivers.deliver(Intent(action: action, extras: [SharedDeviceModeBroadcast.broadcastTypeKey: type]))
        default:
            // A call an app makes, never one hubsim sends.
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
        var result: JSONValue.Object = ["protocolVersion": .string(Self.protocolVersion)]
        if let name { result["name"] = .string(name) }
        // The SDK calls an optional delegate method only when the delegate implements it; a Swift
        // protocol's default cannot be told from an override, so a Workspace ONE app takes all
        // three data-access callbacks (the defaults do nothing).
        if application.launchInformation?.sdk == "workspace-one" {
            result["callbacks"] = .array(Self.optionalAWControllerCallbacks.map { .string($0) })
        }
        return .success(.object(result))
    }
}

/// The bridges whose run loops run now, for ``HubsimBridge/current`` on a thread of no bridge's.
private final class RunningBridges: Sendable {
    private let bridges = Mutex<[ObjectIdentifier: HubsimBridge]>([:])

    /// The one bridge running, or nil when none or several are.
    var only: HubsimBridge? {
        bridges.withLock { $0.count == 1 ? $0.first?.value : nil }
    }

    func add(_ bridge: HubsimBridge) {
        bridges.withLock { $0[ObjectIdentifier(bridge)] = bridge }
    }

    func remove(_ bridge: HubsimBridge) {
        _ = bridges.withLock { $0.removeValue(forKey: ObjectIdentifier(bridge)) }
    }
}
