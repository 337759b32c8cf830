/// Everything a device remembers: what a store persists and restores.
///
/// Plain data (Codable). The tenant is not part of it: it is the console's, loaded at start.
public struct DeviceSnapshot: Codable, Equatable, Sendable {
    public var name: String
    public var profile: DeviceProfile
    public var state: DeviceState = .unenrolled
    public var online = true
    public var now: SimInstant = .shiftStart
    public var lastActivity: SimInstant = .shiftStart
    public var enrollment: Enrollment?
    public var session: Session?
    public var marks = SessionMarks()
    public var history: [SessionRecord] = []
    /// Entra: the account signed in before the current one (`getCurrentAccount`'s `previous`).
    public var previousAccount: UserID?
    public var foreground: Foreground = .hub
    /// The apps the profile will push at enrollment, in pane order.
    public var appSet: [AppDefinition]
    /// Installed apps, in pane order.
    public var apps: [AppRuntime] = []
    public var failedAttempts: [UserID: FailedAttempts] = [:]
    /// The off-device key server of external-encryption apps (tenant side, not the device's keychain).
    public var externalKeyServer: [UserID: KeyMaterial] = [:]
    public var deliveryMode: DeliveryMode = .immediate
    public var heldDeliveries: [Delivery] = []
    public var log = EventLog()
    /// Times each transition was taken and each other `CoverageKey` counted, by its `key`
    /// (the text the store keeps); read with `coverage(of:)`.
    public var coverage: [String: Int] = [:]
    public var findings: [LeakFinding] = []
    /// Findings raised since enrollment, by severity.
    public var leakCount = 0
    public var exposureCount = 0
    /// Tokens outside the apps' memory: keychain groups, the broker, a request under way
    /// (nil until the first token request, so devices without SSO keep their shape).
    public var tokens: TokenStore?
    /// Injected faults: armed, fired, under way (nil until the first is armed or a fault seed
    /// is set, so devices without faults keep their shape).
    public var faults: FaultBook?
    /// Managed Home Screen's session PIN, screensaver and countdown (android-mhs, while someone
    /// is signed in; nil otherwise, so other devices keep their shape).
    public var managedHomeScreen: ManagedHomeScreenState?
    /// Android profiles: the registration, `isSharedDevice()` reads and queued broadcasts
    /// (nil elsewhere, and until first needed).
    public var android: AndroidDeviceState?

    public init(name: String, profile: DeviceProfile, appSet: [AppDefinition]) {
        self.name = name; self.profile = profile; self.appSet = appSet
    }
}

/// Step mode holds deliveries to apps so a trainer can release them one at a time.
public enum DeliveryMode: String, Codable, Sendable { case immediate, held }

/// Something on its way to an app: a chance for its SDK to notice, or a notification.
public struct Delivery: Codable, Equatable, Sendable {
    public enum Kind: Codable, Equatable, Sendable {
        /// Workspace ONE: the SDK compares the session history at foreground or cold start.
        case sdkOpportunity(coldStart: Bool)
        /// Entra: `SHARED_MODE_CURRENT_ACCOUNT_CHANGED` posted to a listener.
        case accountChanged
        /// MSAL: the app checks `getCurrentAccount` at foreground or cold start.
        case accountCheck(coldStart: Bool)
        /// Entra on Android: the broker's `CURRENT_ACCOUNT_CHANGED` with its `BROADCAST_TYPE`,
        /// to an app's receiver registered at run time.
        case broadcast(BroadcastType)
    }
    public var app: AppID
    public var kind: Kind

    public var label: String {
        switch kind {
        case .sdkOpportunity(true): "\(app): cold start (SDK initial check)"
        case .sdkOpportunity(false): "\(app): foreground (SDK check)"
        case .accountChanged: "\(app): \(API.accountChangedNotification)"
        case .accountCheck(true): "\(app): cold start (\(API.getCurrentAccount))"
        case .accountCheck(false): "\(app): foreground (\(API.getCurrentAccount))"
        case let .broadcast(type): "\(app): \(API.currentAccountChangedBroadcast) (\(type.rawValue))"
        }
    }
}
