/// The profiles hubsim simulates.
public enum ProfileID: String, Codable, Sendable, CaseIterable {
    case workspaceOne = "workspace-one"
    case entraIOS = "entra-ios"
    /// Microsoft Entra shared device mode on Android: the Authenticator (or Company Portal)
    /// registers the device and broadcasts account changes to running apps.
    case entraAndroid = "entra-android"
    /// Intune's Managed Home Screen as the launcher on top of `entraAndroid`: its sign-in
    /// screen, session PIN, screensaver and automatic sign-out.
    case androidMHS = "android-mhs"

    /// Who owns the session: the Hub's check-out/check-in, or Entra's global sign-in/sign-out.
    public var family: ProfileFamily {
        switch self {
        case .workspaceOne: .workspaceOne
        case .entraIOS, .entraAndroid, .androidMHS: .entra
        }
    }

    /// The phone's operating system.
    public var platform: DevicePlatform {
        switch self {
        case .workspaceOne, .entraIOS: .iOS
        case .entraAndroid, .androidMHS: .android
        }
    }

    /// Whether a worker signs in and out globally (Entra shared device mode, any platform).
    public var isEntra: Bool { family == .entra }
}

/// The two session systems hubsim models: what is shared by every profile of a family is
/// written once and read through `ProfileID.family`.
public enum ProfileFamily: String, Codable, Sendable, CaseIterable {
    /// Workspace ONE: the Hub checks the device out and in.
    case workspaceOne = "workspace-one"
    /// Microsoft Entra shared device mode: a global sign-in and sign-out through the broker.
    case entra
}

/// The phone's operating system: where a family's rules differ by platform (how an account
/// change is posted, what an app asks), the profile's platform says which apply.
public enum DevicePlatform: String, Codable, Sendable, CaseIterable {
    case iOS = "ios"
    case android
}

/// A launcher that replaces the home screen on top of the broker (Intune's Managed Home Screen).
public enum Launcher: String, Codable, Sendable {
    case managedHomeScreen = "managed-home-screen"
}

/// How account changes reach apps: the one thing that differs between brokers.
public enum DeliveryRule: String, Codable, Sendable {
    /// Workspace ONE: nothing is broadcast; the SDK notices at foreground or cold start.
    case opportunisticSDK = "opportunistic-sdk"
    /// Entra on iOS: a Darwin notification, received only by running listeners that can run.
    case darwinNotification = "darwin-notification"
    /// Entra on Android: the broker's broadcast `CURRENT_ACCOUNT_CHANGED` with a
    /// `BROADCAST_TYPE`, received only by running apps with a receiver registered at run time.
    case androidBroadcast = "android-broadcast"
}

/// A device profile is data plus a delivery rule, not a fork of the code (Docs/sdk-rules.md).
public struct DeviceProfile: Codable, Equatable, Sendable {
    public var id: ProfileID
    /// The broker app that owns the session: the Hub or the Authenticator.
    public var brokerName: String
    public var delivery: DeliveryRule
    public var defaultApps: [AppID]
    /// Whether check-out asks for the Group ID (when the tenant prompts for it).
    public var usesGroupID: Bool
    /// Whether the SDK locks app UIs after inactivity and applies the app-passcode policy.
    public var hasInactivityLock: Bool
    /// Whether the console can send an enterprise wipe.
    public var hasEnterpriseWipe: Bool
    /// Profile-install steps shown during enrollment, before the apps are pushed.
    public var installSteps: [String]
    /// The transitions of the state diagram.
    public var transitions: [TransitionSpec]
    /// The launcher drawn instead of the broker's own screens; nil: the broker's.
    public var launcher: Launcher?

    public var family: ProfileFamily { id.family }
    public var platform: DevicePlatform { id.platform }
    public var isEntra: Bool { id.isEntra }

    public static let workspaceOne = DeviceProfile(
        id: .workspaceOne, brokerName: "Intelligent Hub", delivery: .opportunisticSDK,
        defaultApps: ["notes", "scanner", "inventory", "reports", "forms"],
        usesGroupID: true, hasInactivityLock: true, hasEnterpriseWipe: true,
        installSteps: ["Validate staging credentials", "Install device management profile",
                       "Apply device restrictions", "Generate certificates"],
        transitions: Transition.diagram(of: .workspaceOne))

    public static let entraIOS = DeviceProfile(
        id: .entraIOS, brokerName: "Authenticator", delivery: .darwinNotification,
        defaultApps: ["chat", "mail", "tasks", "roster", "till", "forms"],
        usesGroupID: false, hasInactivityLock: false, hasEnterpriseWipe: false,
        // The form asks for the staging user, who registers the device in the role 002 gives a
        // Cloud Device Administrator: the step names what was typed, and the role.
        installSteps: ["Validate staging credentials (Cloud Device Administrator)", "Install Authenticator",
                       "Set MDM key sharedDeviceMode = true", "Install SSO extension profile"],
        transitions: Transition.diagram(of: .entraIOS))

    /// Entra shared device mode on Android (Microsoft Learn, shared device mode for Android):
    /// an Intune-enrolled dedicated device whose Authenticator registers it in shared mode.
    public static let entraAndroid = DeviceProfile(
        id: .entraAndroid, brokerName: "Authenticator", delivery: .androidBroadcast,
        defaultApps: ["chat", "mail", "tasks", "roster", "till", "forms"],
        usesGroupID: false, hasInactivityLock: false, hasEnterpriseWipe: false,
        installSteps: ["Validate staging credentials (Cloud Device Administrator)", "Install Authenticator",
                       "Apply shared device mode enrollment profile"],
        transitions: Transition.diagram(of: .entraAndroid))

    /// Managed Home Screen on top of `entraAndroid` (Microsoft Learn, configure the Microsoft
    /// Managed Home Screen app for Android Enterprise).
    public static let androidMHS = DeviceProfile(
        id: .androidMHS, brokerName: "Authenticator", delivery: .androidBroadcast,
        defaultApps: ["chat", "mail", "tasks", "roster", "till", "forms"],
        usesGroupID: false, hasInactivityLock: false, hasEnterpriseWipe: false,
        installSteps: ["Validate staging credentials (Cloud Device Administrator)", "Install Authenticator",
                       "Apply shared device mode enrollment profile", "Install Managed Home Screen"],
        transitions: Transition.diagram(of: .androidMHS), launcher: .managedHomeScreen)

    public static func named(_ id: ProfileID) -> DeviceProfile {
        switch id {
        case .workspaceOne: .workspaceOne
        case .entraIOS: .entraIOS
        case .entraAndroid: .entraAndroid
        case .androidMHS: .androidMHS
        }
    }
}

/// One arrow of the state diagram, as a profile draws it (`Transition.diagram(of:)`).
public struct TransitionSpec: Codable, Equatable, Sendable, Identifiable {
    public var id: Transition
    public var label: String
    public var from: [DeviceState.Kind]
    public var to: DeviceState.Kind
}
