/// One rule of the MDM set-up of shared device mode (002) that the tenant's set-up breaks,
/// with the values that break it. A device registered under a broken rule registers, but not
/// in shared device mode. Each reads as one line naming the values; `tag` is what scenarios
/// and coverage write (`sso-extension-shared-mode-off`).
public enum SharedDeviceMisconfiguration: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The device runs an iOS older than 13.
    case iOSTooOld(version: Int)
    /// The device is not enrolled in the MDM.
    case notMDMEnrolled
    /// No Enterprise SSO plug-in profile is installed.
    case ssoExtensionMissing
    /// The profile's type is not Redirect.
    case ssoExtensionWrongType(type: String)
    /// The profile names another extension than the Authenticator's.
    case ssoExtensionWrongID(extensionID: String)
    /// The profile names another Team ID than Microsoft's.
    case ssoExtensionWrongTeamID(teamID: String)
    /// The profile's URLs lack `https://login.microsoftonline.com`.
    case ssoExtensionURLMissing(urls: [String])
    /// The profile's extra key `sharedDeviceMode` is false or missing (nil).
    case ssoExtensionSharedModeOff(value: Bool?)
    /// The MDM does not push the Authenticator.
    case authenticatorNotPushed
    /// The Authenticator's app configuration `sharedDeviceMode` is false or missing (nil).
    case authenticatorSharedModeOff(value: Bool?)

    /// Kinds without values, for scenarios and coverage.
    public enum Kind: String, CaseIterable, Sendable {
        case iOSTooOld = "ios-too-old"
        case notMDMEnrolled = "not-mdm-enrolled"
        case ssoExtensionMissing = "sso-extension-missing"
        case ssoExtensionWrongType = "sso-extension-wrong-type"
        case ssoExtensionWrongID = "sso-extension-wrong-id"
        case ssoExtensionWrongTeamID = "sso-extension-wrong-team-id"
        case ssoExtensionURLMissing = "sso-extension-url-missing"
        case ssoExtensionSharedModeOff = "sso-extension-shared-mode-off"
        case authenticatorNotPushed = "authenticator-not-pushed"
        case authenticatorSharedModeOff = "authenticator-shared-mode-off"
    }

    public var kind: Kind {
        switch self {
        case .iOSTooOld: .iOSTooOld
        case .notMDMEnrolled: .notMDMEnrolled
        case .ssoExtensionMissing: .ssoExtensionMissing
        case .ssoExtensionWrongType: .ssoExtensionWrongType
        case .ssoExtensionWrongID: .ssoExtensionWrongID
        case .ssoExtensionWrongTeamID: .ssoExtensionWrongTeamID
        case .ssoExtensionURLMissing: .ssoExtensionURLMissing
        case .ssoExtensionSharedModeOff: .ssoExtensionSharedModeOff
        case .authenticatorNotPushed: .authenticatorNotPushed
        case .authenticatorSharedModeOff: .authenticatorSharedModeOff
        }
    }

    public var tag: String { kind.rawValue }

    public var description: String {
        switch self {
        case let .iOSTooOld(version): "iOS \(version) is older than iOS \(SharedDeviceSetup.minimumIOSVersion), which shared device mode needs"
        case .notMDMEnrolled: "the device is not enrolled in the MDM, so no profile reaches it"
        case .ssoExtensionMissing: "no Enterprise SSO plug-in profile is installed"
        case let .ssoExtensionWrongType(type): "the SSO plug-in profile's type is `\(type)`, not `\(SSOExtensionProfile.redirectType)`"
        case let .ssoExtensionWrongID(id): "the SSO plug-in profile names extension `\(id)`, not `\(SSOExtensionProfile.authenticatorExtensionID)`"
        case let .ssoExtensionWrongTeamID(team): "the SSO plug-in profile names Team ID `\(team)`, not `\(SSOExtensionProfile.microsoftTeamID)`"
        case let .ssoExtensionURLMissing(urls):
            "the SSO plug-in profile's URLs (\(urls.isEmpty ? "none" : urls.joined(separator: ", "))) lack `\(SSOExtensionProfile.loginURL)`"
        case let .ssoExtensionSharedModeOff(value):
            "the SSO plug-in profile's extra key sharedDeviceMode is \(value.map { "\($0)" } ?? "not set"), not true"
        case .authenticatorNotPushed: "the MDM does not push the Microsoft Authenticator"
        case let .authenticatorSharedModeOff(value):
            "the Authenticator's app configuration sharedDeviceMode is \(value.map { "\($0)" } ?? "not set"), not true"
        }
    }
}
