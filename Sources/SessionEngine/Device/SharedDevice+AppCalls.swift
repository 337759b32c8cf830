/// What a developer's program may ask of the device over the bridge: the SDK calls, shaped
/// like the real ones and answered by the same rules as the catalogue's apps, and its
/// storage and screen (Docs/bridge-protocol.md).
extension SharedDevice {
    /// Longest item text a program may store (64 KiB): an app's record, not a file system.
    public static let longestItemText = 65_536

    /// Answers `call` from the program playing `id`. Calls that change the device (a
    /// sign-out, a token) are the same events the Hub's keys and the scenarios use.
    public mutating func call(_ call: AppCall, from id: AppID) -> Result<AppCallResult, AppCallError> {
        guard let i = appIndex[id] else { return .failure(AppCallError(.refused, "\(id) is not installed")) }
        switch call {
        case .retrieveUserInfo: return retrieveUserInfo(i)
        case .fetchApplicationAssignmentStatus:
            let staging = profile.id == .workspaceOne && state.isEnrolled
            record(i, .call, "fetchApplicationAssignmentStatus", "isDeviceStagingEnabled: \(staging)")
            return .success(.assignment(isDeviceStagingEnabled: staging, checkedOutUser: staging ? state.user : nil))
        case .getCurrentAccount:
            let (current, previous, fault) = answerGetCurrentAccount(at: i)
            let before = snapshot.apps[i]
            record(i, .call, API.getCurrentAccount, "→ current: \(current?.name ?? "nil"), previous: \(previous?.name ?? "nil")")
            logEvent(.call, app: id, "\(id) → \(API.getCurrentAccount): current \(current?.name ?? "nil"), previous \(previous?.name ?? "nil")")
            if let fault { nilAccountsFired(fault, at: i, before: before) }
            return .success(.accounts(current: current, previous: previous))
        case .getDeviceInformation:
            record(i, .call, API.getDeviceInformation, "→ deviceMode: \(deviceMode)")
            return .success(.deviceInformation(mode: deviceMode))
        case .acquireTokenSilent:
            let result = acquireTokenSilently(id)
            if case let .failure(r) = result { recordRefusal(i, "acquireTokenSilent", r) }
            return tokenResult(result)
        case .acquireToken:
            switch beginTokenRequest(id) {
            case let .failure(r):
                recordRefusal(i, "acquireToken", r)
                return .failure(AppCallError(.refused, r.description))
            case .success(.awaiting): return .success(.pending)
            case let .success(.finished(outcome)): return tokenResult(.success(outcome))
            }
        case let .signout(fromBrowser):
            switch signOut(from: .app(id), browser: fromBrowser) {
            case let .failure(r): return .failure(AppCallError(.refused, r.description))
            case .success: return .success(.done)
            }
        case .removeAccount:
            switch removeAccount(id) {
            case let .failure(r): return .failure(AppCallError(.refused, r.description))
            case .success: return .success(.done)
            }
        case let .configureMSAL(clientID, redirectURI, keychainGroup, broker):
            return configureMSAL(i, clientID: clientID, redirectURI: redirectURI, keychainGroup: keychainGroup, broker: broker)
        case .getCurrentAccountAsync, .isSharedDevice, .signOut, .registerReceiver, .unregisterReceiver:
            return androidCall(call, at: i)
        case let .put(key, owner, protection, text): return put(i, key: key, owner: owner, protection: protection, text: text)
        case let .get(key):
            guard let item = snapshot.apps[i].storage.first(where: { $0.id == key }) else {
                return .failure(AppCallError(.unreadable, "no item '\(key)'"))
            }
            guard let text = item.open(with: snapshot.apps[i].keychain, cipher: deps.cipher) else {
                return .failure(AppCallError(.unreadable, "'\(key)' cannot be read: it was sealed under a key that is gone"))
            }
            return .success(.text(text))
        case let .delete(key):
            guard let at = snapshot.apps[i].storage.firstIndex(where: { $0.id == key }) else { return .success(.done) }
            touch()
            let item = snapshot.apps[i].storage.remove(at: at)
            record(i, .data, "delete", "deleted '\(key)'" + (item.owner.map { " (\($0)'s)" } ?? ""))
            audit(touching: [id])
            return .success(.done)
        case .list:
            let app = snapshot.apps[i]
            return .success(.items(app.storage.map { item in
                AppCallResult.ItemInfo(key: item.id, owner: item.owner, protection: Self.protection(of: item.dataClass),
                                       readable: item.open(with: app.keychain, cipher: deps.cipher) != nil)
            }))
        case let .show(user, items, lines):
            if let user, tenant.user(user) == nil { return .failure(AppCallError(.invalidParams, "no user '\(user)' in the tenant")) }
            guard items.count <= 1000, lines.count <= 100, lines.allSatisfy(Self.isPrintable) else {
                return .failure(AppCallError(.invalidParams, "at most 1,000 items and 100 printable lines"))
            }
            // A screen shows the app's own items: a key it does not keep is a mistake in the
            // program, refused in one line, and the screen stays as it was.
            let app = snapshot.apps[i]
            var shown: [AppProcess.ShownItem] = []
            for key in items {
                guard let item = app.storage.first(where: { $0.id == key }) else {
                    return .failure(AppCallError(.invalidParams, "screen/show: the app keeps no item '\(PrintableText.escaped(String(key.prefix(64))))': store it (storage/put) before showing it"))
                }
                // What the process read when it showed the item; a sealed item it can no longer
                // open keeps the text it held from before.
                let before = app.process?.shown.first { $0.item.id == key && $0.item.owner == item.owner }?.text
                shown.append(AppProcess.ShownItem(item: item, text: item.open(with: app.keychain, cipher: deps.cipher) ?? before))
            }
            let screen = AppProcess.Screen(user: user, items: items, lines: lines)
            guard app.process?.screen != screen || app.process?.shown != shown else { return .success(.done) }
            touch()
            if snapshot.apps[i].process == nil { snapshot.apps[i].process = AppProcess() }
            snapshot.apps[i].process?.screen = screen
            snapshot.apps[i].process?.shown = shown
            snapshot.apps[i].currentUser = user
            record(i, .data, "screen", user.map { "shows \($0): \(items.count) item(s)" } ?? "shows nobody's data" + (items.isEmpty ? "" : ", \(items.count) item(s)"))
            audit(touching: [id])
            return .success(.done)
        }
    }

    /// The answer to a program's `acquireToken` once the person finished the prompt; nil
    /// while the prompt is still up.
    public func interactiveTokenResult(of id: AppID) -> Result<AppCallResult, AppCallError>? {
        guard snapshot.tokens?.pending?.app != id, let app = app(id) else { return nil }
        guard let last = app.token?.last else { return .failure(AppCallError(.refused, "the sign-in ended without a token")) }
        return Self.tokenAnswer(last)
    }

    // MARK: helpers

    /// The program's MSAL configuration becomes its single sign-on set-up, checked by 003's rules
    /// as a catalogue app's is. An app entry's own `sso:` stays: the scenario's author wrote it.
    private mutating func configureMSAL(_ i: Int, clientID: String, redirectURI: String?, keychainGroup: String?, broker: Bool) -> Result<AppCallResult, AppCallError> {
        guard !clientID.isEmpty else { return .failure(AppCallError(.invalidParams, "msal/configure: clientId must not be empty")) }
        if let entry = snapshot.apps[i].definition.sso {
            if entry.clientID != clientID {
                record(i, .call, "MSALPublicClientApplication", "client ID \(clientID); the app entry's sso: applies (client ID \(entry.clientID))")
            }
            return .success(.done)
        }
        let sso = SSOConfiguration.program(id: snapshot.apps[i].id, clientID: clientID, redirectURI: redirectURI, keychainGroup: keychainGroup, broker: broker)
        touch()
        snapshot.apps[i].definition.sso = sso
        record(i, .call, "MSALPublicClientApplication", "client ID \(clientID), redirect \(sso.redirectURI), keychain group \(sso.tokenCacheGroup), \(sso.credentialMode.sdkName)")
        return .success(.done)
    }

    private mutating func retrieveUserInfo(_ i: Int) -> Result<AppCallResult, AppCallError> {
        guard profile.id == .workspaceOne else {
            return .failure(AppCallError(.refused, "not a Workspace ONE shared device (\(profile.id.rawValue))"))
        }
        guard let user = state.user, let person = tenant.user(user) else {
            record(i, .call, "retrieveUserInfo", "→ error: nobody is checked out")
            return .failure(AppCallError(.notSignedIn, "nobody is checked out"))
        }
        record(i, .call, "retrieveUserInfo", "→ \(user) (\(person.group))")
        return .success(.userInfo(userName: user.name, groupID: person.group, email: ""))
    }

    private mutating func put(_ i: Int, key: String, owner: UserID?, protection: AppCall.Protection, text: String) -> Result<AppCallResult, AppCallError> {
        guard Self.isItemKey(key) else {
            return .failure(AppCallError(.invalidParams, "a key is 1 to 64 letters, digits, '-', '_' or '.'"))
        }
        guard text.utf8.count <= Self.longestItemText, Self.isPrintable(text) else {
            return .failure(AppCallError(.invalidParams, "text of at most 64 KiB, without control characters"))
        }
        if let owner, tenant.user(owner) == nil { return .failure(AppCallError(.invalidParams, "no user '\(owner)' in the tenant")) }
        let id = snapshot.apps[i].id
        let item: StoredItem
        switch protection {
        case .plain:
            item = StoredItem(id: key, owner: owner, dataClass: owner == nil ? .common : .plain, payload: .plaintext(text))
        case .sdk:
            if snapshot.apps[i].keychain.sdkKey == nil {
                snapshot.apps[i].keychain.sdkKey = deps.keys.makeKey()
                record(i, .data, "key", "SDK created a data-encryption key")
            }
            item = .sealed(id: key, owner: owner, dataClass: .sdkEncrypted, text: text, key: snapshot.apps[i].keychain.sdkKey!,
                           nonce: deps.keys.makeNonce(), cipher: deps.cipher)
        case .user:
            guard let owner, owner == state.user else {
                return .failure(AppCallError(.refused, "a user key exists only for the signed-in user, and only in memory"))
            }
            if snapshot.externalKeyServer[owner] == nil { snapshot.externalKeyServer[owner] = deps.keys.makeKey() }
            if snapshot.apps[i].keychain.externalKeys[owner] == nil {
                snapshot.apps[i].keychain.externalKeys[owner] = snapshot.externalKeyServer[owner]
                record(i, .data, "key", "fetched \(owner)'s external key (memory only)")
            }
            item = .sealed(id: key, owner: owner, dataClass: .externalEncrypted, text: text,
                           key: snapshot.apps[i].keychain.externalKeys[owner]!, nonce: deps.keys.makeNonce(), cipher: deps.cipher)
        }
        touch()
        if let at = snapshot.apps[i].storage.firstIndex(where: { $0.id == key }) {
            snapshot.apps[i].storage[at] = item
        } else {
            guard snapshot.apps[i].storage.count < 10_000 else {
                return .failure(AppCallError(.refused, "an app keeps at most 10,000 items"))
            }
            snapshot.apps[i].storage.append(item)
        }
        record(i, .data, "store", "'\(key)'" + (owner.map { " of \($0)" } ?? " (common)") + ", \(protection.rawValue)")
        audit(touching: [id])
        return .success(.stored(key: key))
    }

    private mutating func tokenResult(_ result: Result<TokenOutcome, Refusal>) -> Result<AppCallResult, AppCallError> {
        switch result {
        case let .failure(r): .failure(AppCallError(.refused, r.description))
        case let .success(outcome): Self.tokenAnswer(outcome)
        }
    }

    private static func tokenAnswer(_ outcome: TokenOutcome) -> Result<AppCallResult, AppCallError> {
        switch outcome {
        case let .token(grant): .success(.token(account: grant.account, accessToken: "simulated-token-for-\(grant.account.name)"))
        case let .failed(.interactionRequired(reason)): .failure(AppCallError(.interactionRequired, "interactionRequired: \(TokenFailure.interactionRequired(reason))"))
        case .failed(.canceled): .failure(AppCallError(.canceled, "the person cancelled the sign-in"))
        case let .failed(failure): .failure(AppCallError(.refused, "\(failure)"))
        }
    }

    /// A token call the device refused before any rule of 003 was applied (no MSAL
    /// configuration, not running, another prompt up): in the app's log, so that check-app's
    /// table lists it as refused.
    private mutating func recordRefusal(_ i: Int, _ call: String, _ refusal: Refusal) {
        snapshot.apps[i].record(now, .call, call, note: .refused(detail: "refused: \(refusal)", reason: refusal.shortReason))
    }

    private mutating func record(_ i: Int, _ kind: AppLogEntry.Kind, _ name: String, _ detail: String) {
        snapshot.apps[i].record(now, kind, name, detail)
    }

    static func protection(of dataClass: DataClass) -> AppCall.Protection {
        switch dataClass {
        case .sdkEncrypted: .sdk
        case .externalEncrypted: .user
        case .plain, .preference, .common: .plain
        }
    }

    /// 1 to 64 of `A-Z a-z 0-9 - _ .`: an item's key is also its id in the store and the audit.
    static func isItemKey(_ key: String) -> Bool {
        let utf8 = key.utf8
        guard (1...64).contains(utf8.count) else { return false }
        return utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F || b == 0x2E
        }
    }
}
