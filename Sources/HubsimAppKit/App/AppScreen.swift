import BridgeProtocol
/// What the app shows now. hubsim's leak audit judges this: an item of another user on screen is
/// a visible leak.
public struct AppScreen: Sendable {
    private unowned let bridge: HubsimBridge

    init(bridge: HubsimBridge) {
        self.bridge = bridge
    }

    /// Replaces what the app shows.
    /// - Parameters:
    ///   - user: whose data the screen is for, or nil for nobody's.
    ///   - items: the keys of the stored items shown.
    ///   - lines: text for the pane, if any.
    public func show(user: String?, items: [String], lines: [String]? = nil) throws(HubsimBridgeError) {
        var params: JSONValue.Object = ["user": .optionalString(user), "items": .array(items.map(JSONValue.string))]
        if let lines { params["lines"] = .array(lines.map(JSONValue.string)) }
        _ = try bridge.call(.screenShow, .object(params)).get()
    }
}
