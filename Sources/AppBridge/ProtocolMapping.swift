import BridgeProtocol
import SessionEngine

/// The engine's values in the bridge protocol's words (Docs/bridge-protocol.md): events as
/// hubsim's requests, the program's requests as `AppCall`s, the device's answers as results.
enum ProtocolMapping {
    /// The protocol version hubsim speaks.
    static let version = BridgeMethod.protocolVersion

    /// The method that carries an event to a program.
    static func method(of event: AppEvent) -> BridgeMethod {
        switch event {
        case .launch: .appLaunch
        case .foreground: .appForeground
        case .background: .appBackground
        case .suspend: .appSuspend
        case .terminate: .appTerminate
        case .controllerDidWipeCurrentUserData: .controllerDidWipeCurrentUserData
        case .controllerDidDetectUserChange: .controllerDidDetectUserChange
        case .controllerDidFinishInitialCheck: .controllerDidFinishInitialCheck
        case .controllerWillPromptForPasscode: .controllerWillPromptForPasscode
        case .controllerDidLockDataAccess: .controllerDidLockDataAccess
        case .controllerDidUnlockDataAccess: .controllerDidUnlockDataAccess
        case .sharedModeCurrentAccountChanged: .sharedModeCurrentAccountChanged
        case .currentAccountChanged: .currentAccountChanged
        }
    }

    /// The method a program's call comes by (`call(method:params:)` reads it back).
    static func method(of call: AppCall) -> BridgeMethod {
        switch call {
        case .retrieveUserInfo: .retrieveUserInfo
        case .fetchApplicationAssignmentStatus: .fetchApplicationAssignmentStatus
        case .getCurrentAccount: .getCurrentAccount
        case .getDeviceInformation: .getDeviceInformation
        case .acquireTokenSilent: .acquireTokenSilent
        case .acquireToken: .acquireToken
        case .signout: .signout
        case .removeAccount: .removeAccount
        case .configureMSAL: .configure
        case .getCurrentAccountAsync: .getCurrentAccountAsync
        case .isSharedDevice: .isSharedDevice
        case .signOut: .signOut
        case .registerReceiver: .registerReceiver
        case .unregisterReceiver: .unregisterReceiver
        case .put: .storagePut
        case .get: .storageGet
        case .delete: .storageDelete
        case .list: .storageList
        case .show: .screenShow
        }
    }

    /// The `initialize` request's params: the version, the app and the device's profile.
    static func initializeParams(app: AppDefinition, profile: ProfileID) -> JSONValue {
        .object([
            "protocolVersion": .string(version),
            "app": .object(["id": .string(app.id), "name": .string(app.name), "sdk": .string(app.sdk.kind.rawValue)]),
            "profile": .string(profile.rawValue),
        ])
    }

    /// An event's params.
    static func params(of event: AppEvent) -> JSONValue {
        switch event {
        case .launch: .object(["cold": .bool(true)])
        case let .controllerDidFinishInitialCheck(error): .object(["error": error.map(JSONValue.string) ?? .null])
        // The broadcast's Intent: its action and its extra, under their Android names.
        case let .currentAccountChanged(type):
            .object(["action": .string(API.currentAccountChangedAction), API.broadcastType: .string(type.rawValue)])
        default: .object([:])
        }
    }

    // MARK: the program's requests

    /// The call a request names, or the JSON-RPC error that says why it is not one.
    static func call(method: String, params: JSONValue?) -> Result<AppCall, RPCError> {
        let p = params ?? .object([:])
        if case .array = p { return .failure(RPCError(.invalidParams, "params must be an object")) }
        let unknown = RPCError(.methodNotFound, "unknown method '\(SharedDevicePrintable.clip(method))'")
        guard let known = BridgeMethod(rawValue: method) else { return .failure(unknown) }
        switch known {
        case .retrieveUserInfo: return .success(.retrieveUserInfo)
        case .fetchApplicationAssignmentStatus: return .success(.fetchApplicationAssignmentStatus)
        case .getCurrentAccount: return .success(.getCurrentAccount)
        case .getDeviceInformation: return .success(.getDeviceInformation)
        case .acquireTokenSilent: return .success(.acquireTokenSilent)
        case .acquireToken: return .success(.acquireToken)
        case .removeAccount: return .success(.removeAccount)
        case .getCurrentAccountAsync: return .success(.getCurrentAccountAsync)
        case .isSharedDevice: return .success(.isSharedDevice)
        case .signOut: return .success(.signOut)
        case .registerReceiver, .unregisterReceiver:
            // The receiver is for the one broadcast shared device mode sends; `action`, when
            // given, must name it.
            return optionalString(p, "action", method).flatMap { action in
                guard action == nil || action == API.currentAccountChangedAction else {
                    return .failure(RPCError(.invalidParams, "'action' must be \(API.currentAccountChangedAction)"))
                }
                return .success(known == .registerReceiver ? .registerReceiver : .unregisterReceiver)
            }
        case .signout:
            return optionalBool(p, "signoutFromBrowser", method).map { AppCall.signout(fromBrowser: $0 ?? false) }
        case .configure:
            return requiredString(p, "clientId", method).flatMap { clientID in
                optionalString(p, "redirectUri", method).flatMap { redirectURI in
                    optionalString(p, "keychainSharingGroup", method).flatMap { keychainGroup in
                        optionalBool(p, "broker", method).map { broker in
                            AppCall.configureMSAL(clientID: clientID, redirectURI: redirectURI, keychainGroup: keychainGroup, broker: broker ?? false)
                        }
                    }
                }
            }
        case .storagePut:
            return requiredString(p, "key", method).flatMap { key in
                optionalString(p, "owner", method).flatMap { owner in
                    protection(p, method).flatMap { protection in
                        requiredString(p, "text", method).map { text in
                            AppCall.put(key: key, owner: owner.map { UserID($0) }, protection: protection, text: text)
                        }
                    }
                }
            }
        case .storageGet: return requiredString(p, "key", method).map { AppCall.get(key: $0) }
        case .storageDelete: return requiredString(p, "key", method).map { AppCall.delete(key: $0) }
        case .storageList: return .success(.list)
        case .screenShow:
            return optionalString(p, "user", method).flatMap { user in
                stringList(p, "items", method, required: true).flatMap { items in
                    stringList(p, "lines", method, required: false).map { lines in
                        AppCall.show(user: user.map { UserID($0) }, items: items, lines: lines)
                    }
                }
            }
        // hubsim's own requests, which a program answers but never makes.
        case .initialize, .appLaunch, .appForeground, .appBackground, .appSuspend, .appTerminate,
             .controllerDidWipeCurrentUserData, .controllerDidDetectUserChange, .controllerDidFinishInitialCheck,
             .controllerWillPromptForPasscode, .controllerDidLockDataAccess, .controllerDidUnlockDataAccess,
             .sharedModeCurrentAccountChanged, .currentAccountChanged:
            return .failure(unknown)
        }
    }

    private static func requiredString(_ p: JSONValue, _ field: String, _ method: String) -> Result<String, RPCError> {
        guard let value = p[field] else { return .failure(RPCError(.invalidParams, "'\(field)' is missing")) }
        guard let s = value.stringValue else { return .failure(RPCError(.invalidParams, "'\(field)' must be a string")) }
        return .success(s)
    }

    private static func optionalString(_ p: JSONValue, _ field: String, _ method: String) -> Result<String?, RPCError> {
        guard let value = p[field], !value.isNull else { return .success(nil) }
        guard let s = value.stringValue else { return .failure(RPCError(.invalidParams, "'\(field)' must be a string or null")) }
        return .success(s)
    }

    private static func optionalBool(_ p: JSONValue, _ field: String, _ method: String) -> Result<Bool?, RPCError> {
        guard let value = p[field], !value.isNull else { return .success(nil) }
        guard case let .bool(b) = value else { return .failure(RPCError(.invalidParams, "'\(field)' must be true or false")) }
        return .success(b)
    }

    private static func protection(_ p: JSONValue, _ method: String) -> Result<AppCall.Protection, RPCError> {
        requiredString(p, "protection", method).flatMap { word in
            guard let protection = AppCall.Protection(rawValue: word) else {
                return .failure(RPCError(.invalidParams, "'protection' must be sdk, user or plain"))
            }
            return .success(protection)
        }
    }

    private static func stringList(_ p: JSONValue, _ field: String, _ method: String, required: Bool) -> Result<[String], RPCError> {
        guard let value = p[field], !value.isNull else {
            return required ? .failure(RPCError(.invalidParams, "'\(field)' is missing")) : .success([])
        }
        guard case let .array(items) = value else { return .failure(RPCError(.invalidParams, "'\(field)' must be a list of strings")) }
        var out: [String] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard let s = item.stringValue else { return .failure(RPCError(.invalidParams, "'\(field)' must be a list of strings")) }
            out.append(s)
        }
        return .success(out)
    }

    // MARK: the device's answers

    static func json(_ result: AppCallResult) -> JSONValue {
        func account(_ user: UserID?) -> JSONValue { user.map { .object(["username": .string($0.name)]) } ?? .null }
        switch result {
        case let .userInfo(userName, groupID, email):
            return .object(["userName": .string(userName), "groupID": .string(groupID), "email": .string(email),
                            "firstName": .string(""), "lastName": .string("")])
        case let .assignment(staging, user):
            return .object(["sharedDeviceInformation": .object([
                "isDeviceStagingEnabled": .bool(staging), "checkedOutUser": user.map { .string($0.name) } ?? .null,
            ])])
        case let .accounts(current, previous):
            return .object(["account": account(current), "previousAccount": account(previous)])
        case let .accountCallback(prior, current):
            return prior == current
                ? .object(["callback": .string(API.onAccountLoaded), "activeAccount": account(current)])
                : .object(["callback": .string(API.onAccountChanged), "priorAccount": account(prior), "currentAccount": account(current)])
        case let .sharedDevice(value):
            return .object(["isSharedDevice": .bool(value)])
        case let .deviceInformation(mode):
            return .object(["deviceMode": .string(mode)])
        case let .token(user, token):
            return .object(["accessToken": .string(token), "account": account(user)])
        case .pending, .done:
            return .object([:])
        case let .stored(key):
            return .object(["key": .string(key)])
        case let .text(text):
            return .object(["text": .string(text)])
        case let .items(items):
            return .object(["items": .array(items.map { item in
                .object(["key": .string(item.key), "owner": item.owner.map { .string($0.name) } ?? .null,
                         "protection": .string(item.protection.rawValue), "readable": .bool(item.readable)])
            })])
        }
    }

    static func rpcError(_ error: AppCallError) -> RPCError {
        RPCError(code(of: error.code), error.message)
    }

    /// The protocol's code for why the device refused a call.
    static func code(of code: AppCallError.Code) -> BridgeErrorCode {
        switch code {
        case .invalidParams: .invalidParams
        case .notSignedIn: .notSignedIn
        case .interactionRequired: .interactionRequired
        case .unreadable: .unreadable
        case .refused: .refused
        case .canceled: .canceled
        }
    }
}

/// Words from a program shortened before they go into a message or the pane (the device
/// escapes control characters itself).
enum SharedDevicePrintable {
    static func clip(_ text: String, to limit: Int = 80) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}
