/// How an item is kept in an app's storage (the SDK's data classes: Docs/sdk-rules.md).
public enum DataClass: String, Codable, Sendable, CaseIterable {
    /// Sealed with the SDK's data-encryption key (the AWController encrypt interface).
    case sdkEncrypted = "sdk-encrypted"
    /// Plain user data.
    case plain
    /// A user's preference, kept unencrypted and labelled with the user.
    case preference
    /// Data common to every user; has no owner.
    case common
    /// Sealed with the user's external key, which lives off the device.
    case externalEncrypted = "external-encrypted"

    public var isSealed: Bool { self == .sdkEncrypted || self == .externalEncrypted }
}

/// What is stored: text, or an AES-GCM sealed box (nonce ‖ ciphertext ‖ tag).
public enum ItemPayload: Codable, Sendable, Equatable {
    case plaintext(String)
    case sealed([UInt8])
}

/// One item in an app's storage, tagged with its owner.
public struct StoredItem: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    /// nil for common data.
    public var owner: UserID?
    public var dataClass: DataClass
    public var payload: ItemPayload

    public init(id: String, owner: UserID?, dataClass: DataClass, payload: ItemPayload) {
        self.id = id; self.owner = owner; self.dataClass = dataClass; self.payload = payload
    }

    /// Seals `text` with `key` through `cipher` (`Platform.AESGCMCipher` everywhere: tests too).
    static func sealed(id: String, owner: UserID?, dataClass: DataClass, text: String,
                       key: KeyMaterial, nonce: [UInt8], cipher: any Cipher) -> StoredItem {
        StoredItem(id: id, owner: owner, dataClass: dataClass,
                   payload: .sealed(cipher.seal(Array(text.utf8), key: key, nonce: nonce)))
    }

    /// The item's text if it can be read with `keychain`: plaintext always; sealed items
    /// only when the right key is held and the cipher authenticates the box.
    public func open(with keychain: AppKeychain, cipher: any Cipher) -> String? {
        switch payload {
        case let .plaintext(text): return text
        case let .sealed(bytes):
            let key: KeyMaterial?
            switch dataClass {
            case .externalEncrypted: key = owner.flatMap { keychain.externalKeys[$0] }
            default: key = keychain.sdkKey
            }
            guard let key, let plain = cipher.open(bytes, key: key) else { return nil }
            return String(decoding: plain, as: UTF8.self)
        }
    }
}

/// The keys an app holds.
public struct AppKeychain: Codable, Sendable, Equatable {
    /// The SDK's data-encryption key, in the (simulated) keychain. Deleted by the SDK when
    /// it detects a check-in: after that, SDK-encrypted items really cannot be opened.
    public var sdkKey: KeyMaterial?
    /// External per-user keys, fetched at check-out and held in memory only. Never
    /// persisted: a restarted app must fetch the key again.
    public var externalKeys: [UserID: KeyMaterial]

    public init(sdkKey: KeyMaterial? = nil, externalKeys: [UserID: KeyMaterial] = [:]) {
        self.sdkKey = sdkKey; self.externalKeys = externalKeys
    }

    public var isEmpty: Bool { sdkKey == nil && externalKeys.isEmpty }

    enum CodingKeys: String, CodingKey { case sdkKey }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sdkKey = try c.decodeIfPresent(KeyMaterial.self, forKey: .sdkKey)
        externalKeys = [:]
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(sdkKey, forKey: .sdkKey)
    }
}
