import BridgeProtocol
/// The app's items on the device: what `storage/put` keeps survives the process, as files in an
/// app's container do, and hubsim's leak audit reads it. Each method is one round trip to hubsim
/// and throws ``HubsimBridgeError`` when hubsim refuses it.
public struct AppStorage: Sendable {
    /// How an item is kept (Docs/bridge-protocol.md, "what the app keeps and shows").
    public enum Protection: String, Sendable, CaseIterable {
        /// Sealed under the SDK's data-encryption key, which the SDK deletes at check-in: what
        /// was sealed under it cannot be read back, by anyone.
        case sdk
        /// Sealed under the owner's own key, held in memory only (gone at check-in and when the
        /// process ends).
        case user
        /// Written as is: whoever uses the app next can read it.
        case plain
    }

    /// One item as `storage/list` describes it.
    public struct Item: Equatable, Sendable {
        public var key: String
        /// The user it belongs to; nil for common data.
        public var owner: String?
        public var protection: Protection
        /// False when it was sealed under a key that is gone.
        public var readable: Bool
    }

    private unowned let bridge: HubsimBridge

    init(bridge: HubsimBridge) {
        self.bridge = bridge
    }

    /// Keeps `text` under `key` (1–64 letters, digits and `-_.`), replacing what was there.
    /// - Parameter owner: the user the item belongs to, or nil for common data.
    @discardableResult
    public func put(key: String, owner: String?, protection: Protection, text: String) throws(HubsimBridgeError) -> String {
        let result = try bridge.call(.storagePut, [
            "key": .string(key), "owner": .optionalString(owner),
            "protection": .string(protection.rawValue), "text": .string(text),
        ]).get()
        return result["key"]?.stringValue ?? key
    }

    /// The text kept under `key`; throws code ``HubsimBridgeError/Code/cannotBeRead`` when it was
    /// sealed under a key that is gone.
    public func get(key: String) throws(HubsimBridgeError) -> String {
        guard let text = try bridge.call(.storageGet, ["key": .string(key)]).get()["text"]?.stringValue else {
            throw .malformedResult(method: BridgeMethod.storageGet.name)
        }
        return text
    }

    /// Deletes the item under `key` (a missing item is not an error).
    public func delete(key: String) throws(HubsimBridgeError) {
        _ = try bridge.call(.storageDelete, ["key": .string(key)]).get()
    }

    /// Every item the app keeps on the device.
    public func list() throws(HubsimBridgeError) -> [Item] {
        guard let elements = try bridge.call(.storageList).get()["items"]?.arrayValue else {
            throw .malformedResult(method: BridgeMethod.storageList.name)
        }
        return try elements.map { element throws(HubsimBridgeError) in
            guard let key = element["key"]?.stringValue,
                  let protection = element["protection"]?.stringValue.flatMap(Protection.init(rawValue:)),
                  let readable = element["readable"]?.boolValue
            else { throw .malformedResult(method: BridgeMethod.storageList.name) }
            return Item(key: key, owner: element["owner"]?.stringValue, protection: protection, readable: readable)
        }
    }
}
