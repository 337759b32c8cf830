/// The profiles hubsim simulates.
public enum ProfileID: String, Codable, Sendable, CaseIterable {
    case workspaceOne = "workspace-one"
    case entraIOS = "entra-ios"
}

/// How account changes reach apps: the one thing that differs between brokers.
public enum DeliveryRule: String, Codable, Sendable {
    /// Workspace ONE: nothing is broadcast; the SDK notices at foreground or cold start.
    case opportunisticSDK = "opportunistic-sdk"
    /// Entra on iOS: a Darwin notification, received only by running listeners that can run.
    case darwinNotification = "darwin-notification"
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

    public static func named(_ id: ProfileID) -> DeviceProfile {
        switch id {
        case .workspaceOne: .workspaceOne
        case .entraIOS: .entraIOS
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
