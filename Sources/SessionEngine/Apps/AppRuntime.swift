/// An installed app as it runs on the device: lifecycle, what its SDK last saw, its user,
/// storage, keys and the log of what it received.
public struct AppRuntime: Codable, Equatable, Sendable, Identifiable {
    public var definition: AppDefinition
    public var lifecycle: AppLifecycle = .notRunning
    /// What the Workspace ONE SDK saw of the session history at its last opportunity;
    /// nil until the app's first cold start after installation.
    public var sdkSeen: SessionMarks?
    /// The initial check failed (cold start while checked in): the app stays blocked until
    /// it is terminated and relaunched, whatever happens meanwhile (004, "Check-out isn't broadcast").
    public var initialCheckFailed = false
    /// At its last opportunity the SDK found the device checked in: UI blocked.
    public var sawCheckedIn = false
    /// The user whose data the app shows (nil: none).
    public var currentUser: UserID?
    /// Set by `controllerDidDetectUserChange`, consumed when the app shows the new user.
    public var userChangeFlag = false
    public var storage: [StoredItem] = []
    public var keychain = AppKeychain()
    /// Kept in blocks: a kept copy of the device (a lesson's step back) shares it.
    public var log = ChunkedLog<AppLogEntry>()
    /// Serial number of the next item the app creates (ids stay unique across restarts).
    public var nextSerial = 1
    /// The identity SDK's token as the app holds it (nil: it never asked).
    public var token: AppTokenState?
    /// The account whose token the app believes it holds.
    public var tokenAccount: UserID? { token?.account }
    /// A developer's program playing the app over the bridge: its process and what it says
    /// it shows (nil for the catalogue's apps, and before the program's first launch).
    public var process: AppProcess?
    /// Unsaved work in the app's memory (`SharedDevice.writeDraft`): no wipe deletes it; it
    /// ends with the process.
    public var draft: StoredItem? = nil

    public init(definition: AppDefinition) { self.definition = definition }

    // Everything but `draft`, which is memory: like the external keys, a restored device's
    // apps do not have it (Docs/decisions.md, "Race presets").
    enum CodingKeys: String, CodingKey {
        case definition, lifecycle, sdkSeen, initialCheckFailed, sawCheckedIn, currentUser, userChangeFlag, storage, keychain
        case log, nextSerial, token, process
    }

    public var id: AppID { definition.id }

    /// Items the app shows now: those it can read that are common or the shown user's. A
    /// deliberately faulty app does not filter by user: it lists whatever it can read.
    /// Public callers ask the device (`SharedDevice.visibleItems(of:)`), which holds the cipher.
    func visibleItems(cipher: any Cipher) -> [(item: StoredItem, text: String)] {
        // A developer's program shows what it says it shows (`screen/show`), and only while it
        // runs: the items as its process held them then, whatever their protection. The SDK's
        // key protects what is stored, not what the process holds in memory and shows.
        if definition.isExternal {
            guard lifecycle.isRunning, let process, process.screen != nil else { return [] }
            return process.shown.map { ($0.item, $0.text ?? Self.heldSealedText) }
        }
        let filters = definition.faults.isEmpty
        let stored = storage.compactMap { item -> (item: StoredItem, text: String)? in
            guard !filters || item.owner == nil || item.owner == currentUser else { return nil }
            guard let text = item.open(with: keychain, cipher: cipher) else { return nil }
            return (item, text)
        }
        // The editor shows the draft it holds, whoever typed it: it is screen state, not data
        // the app filters by user.
        guard let draft, lifecycle.isRunning, case let .plaintext(text) = draft.payload else { return stored }
        return stored + [(draft, text)]
    }

    /// The text of a shown item the program could not open when it showed it (sealed under a
    /// key already gone): it shows what its process held from before.
    public static let heldSealedText = "(sealed; shown from the process's memory)"

    /// Every item the app could open now, whoever owns it.
    func readableItems(cipher: any Cipher) -> [StoredItem] {
        storage.filter { $0.open(with: keychain, cipher: cipher) != nil }
    }

    mutating func record(_ time: SimInstant, _ kind: AppLogEntry.Kind, _ name: String, _ detail: String = "") {
        log.append(AppLogEntry(time: time, kind: kind, name: name, note: .text(detail)))
    }

    mutating func record(_ time: SimInstant, _ kind: AppLogEntry.Kind, _ name: String, note: AppNote) {
        log.append(AppLogEntry(time: time, kind: kind, name: name, note: note))
    }
}

/// What an app needs from the device to act: time, key source, cipher and the off-device key server.
struct AppContext {
    var now: SimInstant
    var keys: any KeySource
    var cipher: any Cipher
    /// The off-device key server's keys (`DeviceSnapshot.externalKeyServer`). A dictionary,
    /// not a closure over it: a context is made for every delivery of a broadcast.
    var keyServer: [UserID: KeyMaterial]
    /// Whether the device reaches the key server now (an external key is fetched over the network).
    var online = true

    /// The user's external key from the key server (a fresh one for a user it has not seen).
    func externalKey(_ user: UserID) -> KeyMaterial { keyServer[user] ?? keys.makeKey() }
}

extension AppRuntime {
    /// The app shows `user`: for a user it has not seen, it creates that user's items (the
    /// simulator's stand-in for a person working in the app) and applies its support level.
    mutating func show(_ user: UserID, _ ctx: AppContext) {
        let changed = currentUser != user
        currentUser = user
        userChangeFlag = false
        switch definition.sdk {
        case .workspaceOne(let support):
            if keychain.sdkKey == nil {
                keychain.sdkKey = ctx.keys.makeKey()
                record(ctx.now, .data, "key", "SDK created a data-encryption key")
            }
            if support == .externalEncryption && keychain.externalKeys[user] == nil {
                // 004, External Encryption: the key is obtained at check-out, off the device.
                // Offline the fetch fails: the app shows nobody's data and tries again at its
                // next foreground (Docs/faults.md, "network-lost-during-check-out").
                guard ctx.online else {
                    currentUser = nil
                    record(ctx.now, .data, "key", "could not fetch \(user)'s external key: the key server is unreachable (offline)")
                    return
                }
                keychain.externalKeys[user] = ctx.externalKey(user)
                record(ctx.now, .data, "key", "fetched \(user)'s external key (memory only)")
            }
            if support == .retainPreferences && changed {
                let prefs = storage.filter { $0.dataClass == .preference && $0.owner == user }
                if !prefs.isEmpty { record(ctx.now, .data, "preferences", "re-applied \(prefs.count) preference(s) of \(user)") }
            }
        case .msal, .none:
            break
        }
        ensureItems(for: user, ctx)
    }

    /// Common data, on first start (and kept by cache-common-data apps across check-ins).
    mutating func ensureCommonItems(_ ctx: AppContext) {
        guard !definition.commonItems.isEmpty, !storage.contains(where: { $0.dataClass == .common }) else { return }
        for text in definition.commonItems {
            storage.append(StoredItem(id: nextItemID(), owner: nil, dataClass: .common, payload: .plaintext(text)))
        }
        record(ctx.now, .data, "download", "downloaded \(definition.commonItems.count) common item(s)")
    }

    private mutating func ensureItems(for user: UserID, _ ctx: AppContext) {
        ensureCommonItems(ctx)
        let cls = itemClass
        if !storage.contains(where: { $0.owner == user && $0.dataClass == cls }) && !definition.userItems.isEmpty {
            for template in definition.userItems {
                storage.append(makeItem(text: fill(template, user), owner: user, cls: cls, ctx))
            }
            record(ctx.now, .data, "create", note: .created(user, count: definition.userItems.count))
        }
        if !definition.preferences.isEmpty && !storage.contains(where: { $0.owner == user && $0.dataClass == .preference }) {
            for template in definition.preferences {
                storage.append(makeItem(text: fill(template, user), owner: user, cls: .preference, ctx))
            }
            record(ctx.now, .data, "preferences", "\(user) set \(definition.preferences.count) preference(s)")
        }
    }

    /// A catalogue template with `{user}` replaced. Plain Swift over the UTF-8 bytes in place:
    /// Foundation's `replacingOccurrences` goes through NSString, and copying the template
    /// into arrays cost four allocations per item of a 1,000-app sign-in.
    private func fill(_ template: String, _ user: UserID) -> String {
        var template = template
        return template.withUTF8 { bytes -> String in
            let marker: StaticString = "{user}"
            let m = UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount)
            func isMarker(at i: Int) -> Bool {
                guard i + m.count <= bytes.count else { return false }
                for k in 0..<m.count where bytes[i + k] != m[k] { return false }
                return true
            }
            var count = 0, i = 0
            while i < bytes.count { if isMarker(at: i) { count += 1; i += m.count } else { i += 1 } }
            guard count > 0 else { return String(decoding: bytes, as: UTF8.self) }
            var name = user.name
            return name.withUTF8 { nameBytes in
                String(unsafeUninitializedCapacity: bytes.count + count * (nameBytes.count - m.count)) { out in
                    var o = 0, i = 0
                    while i < bytes.count {
                        if isMarker(at: i) {
                            for c in nameBytes { out[o] = c; o += 1 }
                            i += m.count
                        } else {
                            out[o] = bytes[i]; o += 1; i += 1
                        }
                    }
                    return o
                }
            }
        }
    }

    /// The class of the per-user items this app writes. A faulty app that ignores the wipe
    /// callback also keeps an unencrypted offline copy: that is what makes its fault visible.
    var itemClass: DataClass { definition.has(.ignoresWipeCallback) ? .plain : definition.userItemClass }

    private mutating func makeItem(text: String, owner: UserID?, cls: DataClass, _ ctx: AppContext) -> StoredItem {
        let id = nextItemID()
        switch cls {
        case .sdkEncrypted:
            return StoredItem.sealed(id: id, owner: owner, dataClass: cls, text: text, key: keychain.sdkKey!,
                                     nonce: ctx.keys.makeNonce(), cipher: ctx.cipher)
        case .externalEncrypted:
            return StoredItem.sealed(id: id, owner: owner, dataClass: cls, text: text, key: keychain.externalKeys[owner!]!,
                                     nonce: ctx.keys.makeNonce(), cipher: ctx.cipher)
        case .plain, .preference, .common:
            return StoredItem(id: id, owner: owner, dataClass: cls, payload: .plaintext(text))
        }
    }

    private mutating func nextItemID() -> String {
        defer { nextSerial = nextSerial.incremented }
        // Concatenation, not interpolation: one allocation fewer for every item created.
        return definition.id + "-" + String(nextSerial)
    }

    /// The app's own work in `controllerDidWipeCurrentUserData`, by support level (004, Use Cases).
    /// The SDK has already deleted its keys.
    mutating func handleWipe(_ ctx: AppContext) {
        if definition.has(.ignoresWipeCallback) {
            record(ctx.now, .data, "ignored", "ignored the wipe callback (deliberate fault): kept \(storage.count) item(s)")
            return
        }
        let support = definition.workspaceOneSupport ?? .none
        let before = storage.count
        storage.removeAll { !Self.wipeKeeps($0, support) }
        let kept = storage.count
        var detail = "deleted \(before - kept) item(s)"
        if kept > 0 { detail += ", kept \(kept) (\(support.rawValue))" }
        if support == .externalEncryption && !keychain.externalKeys.isEmpty {
            keychain.externalKeys = [:]
            detail += "; discarded the external key"
        }
        record(ctx.now, .data, "wipe", detail)
        currentUser = nil
    }

    /// Whether the app's wipe keeps `item`, by its support level (004, Use Cases).
    func wipeKeeps(_ item: StoredItem) -> Bool { Self.wipeKeeps(item, definition.workspaceOneSupport ?? .none) }

    static func wipeKeeps(_ item: StoredItem, _ support: SharedDeviceSupport) -> Bool {
        switch support {
        case .none, .sharedDeviceMode: false
        case .retainPreferences: item.dataClass == .preference
        case .cacheCommonData: item.dataClass == .common
        case .externalEncryption: item.dataClass == .externalEncrypted || item.dataClass == .common
        }
    }

    /// An MSAL app saw the current account change: clear the previous user's data (000:
    /// "You must clear the data from your application") unless it is deliberately faulty.
    mutating func handleAccountChange(to current: UserID?, _ ctx: AppContext) {
        guard currentUser != current else { return }
        if let previous = currentUser {
            if definition.has(.keepsPreviousUserData) {
                record(ctx.now, .data, "ignored", "kept \(previous)'s data (deliberate fault)")
            } else {
                let before = storage.count
                storage.removeAll { $0.owner != nil && $0.owner != current }
                record(ctx.now, .data, "clear", note: .cleared(count: before - storage.count, of: previous))
            }
        }
        currentUser = nil
        if let current { show(current, ctx) }
    }
}
