/// The MDM side of Microsoft Entra shared device mode on iOS, as the tenant's administrator set
/// it up (*Microsoft Entra shared device mode for iOS*, in German with the MDM set-up (002)):
/// the devices run iOS 13 or later and are MDM-enrolled; the MDM installs the Microsoft
/// Enterprise SSO plug-in profile and pushes the Microsoft Authenticator with the app
/// configuration `sharedDeviceMode` = true. The default value is that correct set-up, so a
/// tenant file without the section keeps shared device mode working.
public struct SharedDeviceSetup: Sendable, Equatable, Codable {
    /// The devices' iOS major version (002: "iOS 13 oder höher").
    public var iOSVersion: Int
    /// Whether the devices are enrolled in the MDM (002: "für MDM registriert").
    public var mdmEnrolled: Bool
    /// The Enterprise SSO plug-in profile; nil: the MDM installs none.
    public var ssoExtension: SSOExtensionProfile?
    /// The Authenticator's app configuration; nil: the MDM does not push the Authenticator.
    public var authenticator: AuthenticatorConfiguration?

    /// The lowest iOS version of shared device mode (002).
    public static let minimumIOSVersion = 13

    public init(iOSVersion: Int = 17, mdmEnrolled: Bool = true, ssoExtension: SSOExtensionProfile? = SSOExtensionProfile(),
                authenticator: AuthenticatorConfiguration? = AuthenticatorConfiguration()) {
        self.iOSVersion = iOSVersion; self.mdmEnrolled = mdmEnrolled
        self.ssoExtension = ssoExtension; self.authenticator = authenticator
    }

    /// Every rule of the set-up it breaks, in the order 002 lists the steps (empty: a device
    /// registered with it is in shared device mode).
    public var misconfigurations: [SharedDeviceMisconfiguration] {
        var out: [SharedDeviceMisconfiguration] = []
        if iOSVersion < Self.minimumIOSVersion { out.append(.iOSTooOld(version: iOSVersion)) }
        if !mdmEnrolled { out.append(.notMDMEnrolled) }
        if let sso = ssoExtension {
            if sso.type != SSOExtensionProfile.redirectType { out.append(.ssoExtensionWrongType(type: sso.type)) }
            if sso.extensionID != SSOExtensionProfile.authenticatorExtensionID { out.append(.ssoExtensionWrongID(extensionID: sso.extensionID)) }
            if sso.teamID != SSOExtensionProfile.microsoftTeamID { out.append(.ssoExtensionWrongTeamID(teamID: sso.teamID)) }
            if !sso.urls.contains(SSOExtensionProfile.loginURL) { out.append(.ssoExtensionURLMissing(urls: sso.urls)) }
            if sso.sharedDeviceMode != true { out.append(.ssoExtensionSharedModeOff(value: sso.sharedDeviceMode)) }
        } else {
            out.append(.ssoExtensionMissing)
        }
        if let authenticator {
            if authenticator.sharedDeviceMode != true { out.append(.authenticatorSharedModeOff(value: authenticator.sharedDeviceMode)) }
        } else {
            out.append(.authenticatorNotPushed)
        }
        return out
    }

    /// The set-up after the MDM removed `part` (the SSO plug-in profile, or the Authenticator's
    /// app configuration).
    public func removing(_ part: SharedDeviceConfigurationPart) -> SharedDeviceSetup {
        var setup = self
        switch part {
        case .ssoExtension: setup.ssoExtension = nil
        case .authenticatorConfiguration: setup.authenticator?.sharedDeviceMode = nil
        }
        return setup
    }
}

/// The Microsoft Enterprise SSO plug-in for Apple devices as an MDM profile (002's first step).
public struct SSOExtensionProfile: Sendable, Equatable, Codable {
    public static let redirectType = "Redirect"
    public static let authenticatorExtensionID = "com.microsoft.azureauthenticator.ssoextension"
    public static let microsoftTeamID = "SGGM6D27TK"
    public static let loginURL = "https://login.microsoftonline.com"

    /// `Typ` (002: Redirect).
    public var type: String
    /// `Erweiterungs-ID`.
    public var extensionID: String
    /// `Team-ID`.
    public var teamID: String
    /// `URLs`.
    public var urls: [String]
    /// The extra data key `sharedDeviceMode` (Boolean); nil: the key is not set.
    public var sharedDeviceMode: Bool?

    public init(type: String = redirectType, extensionID: String = authenticatorExtensionID, teamID: String = microsoftTeamID,
                urls: [String] = [loginURL], sharedDeviceMode: Bool? = true) {
        self.type = type; self.extensionID = extensionID; self.teamID = teamID; self.urls = urls; self.sharedDeviceMode = sharedDeviceMode
    }
}

/// The Microsoft Authenticator as the MDM pushes it, with its app configuration (002's second step).
public struct AuthenticatorConfiguration: Sendable, Equatable, Codable {
    /// The configuration key `sharedDeviceMode` (Boolean); nil: the key is not set.
    public var sharedDeviceMode: Bool?
    public init(sharedDeviceMode: Bool? = true) { self.sharedDeviceMode = sharedDeviceMode }
}

/// A part of the shared-device configuration the MDM can take away from a registered device.
public enum SharedDeviceConfigurationPart: String, Codable, Sendable, CaseIterable {
    /// The Enterprise SSO plug-in profile.
    case ssoExtension = "sso-extension"
    /// The Authenticator's app configuration `sharedDeviceMode`.
    case authenticatorConfiguration = "authenticator-configuration"

    /// In a log line: "the SSO extension profile".
    public var label: String {
        switch self {
        case .ssoExtension: "the Enterprise SSO plug-in profile"
        case .authenticatorConfiguration: "the Authenticator's app configuration sharedDeviceMode"
        }
    }
}
