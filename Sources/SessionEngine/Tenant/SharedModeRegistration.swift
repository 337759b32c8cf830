/// What an entra-ios registration made of the device: in shared device mode, or registered
/// without it because the MDM set-up broke a rule (`SharedDeviceMisconfiguration`). Decided
/// once, at registration, as the Authenticator decides it (Microsoft Learn, "Set up an iOS
/// device in shared device mode": a registered device must be reset to factory settings
/// before it can be registered in shared device mode).
public struct SharedModeRegistration: Codable, Equatable, Sendable {
    /// The rules the set-up broke when the device registered; empty: shared device mode.
    public var brokenRules: [SharedDeviceMisconfiguration]
    /// Parts of the configuration the MDM removed after the device registered in shared device
    /// mode: the device stays in it all the same (the MSAL for iOS tracker, "Microsoft
    /// Authenticator App always in Shared Mode on the device even after Shared Device Mode
    /// configuration removed"; Docs/decisions.md).
    public var removedAfterRegistration: [SharedDeviceConfigurationPart]

    public init(brokenRules: [SharedDeviceMisconfiguration], removedAfterRegistration: [SharedDeviceConfigurationPart] = []) {
        self.brokenRules = brokenRules; self.removedAfterRegistration = removedAfterRegistration
    }

    /// Whether the device is in shared device mode.
    public var isShared: Bool { brokenRules.isEmpty }

    /// The rule the pane and the verdicts name: the first one broken.
    public var firstBrokenRule: SharedDeviceMisconfiguration? { brokenRules.first }

    /// The device's mode and why, in one line (the broker's page and the Hub column show it).
    public var summary: String {
        if let rule = firstBrokenRule {
            let more = brokenRules.count > 1 ? " (+\(brokenRules.count - 1) more)" : ""
            return "not in shared device mode: \(rule.tag)\(more)"
        }
        if !removedAfterRegistration.isEmpty {
            return "shared, though \(removedAfterRegistration.map(\.rawValue).joined(separator: ", ")) removed (known issue)"
        }
        return "shared device mode"
    }
}
