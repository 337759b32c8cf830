/// An app's identifier in the catalogue (`notes`, `chat`, …).
public typealias AppID = String

/// Shared-device support of a Workspace ONE SDK app: the use cases of 004.
public enum SharedDeviceSupport: String, Codable, Sendable, CaseIterable {
    /// No Shared Device support: delete all local data on the wipe callback (the default).
    case none
    /// Keep per-user preferences, unencrypted and labelled with the user; re-apply them on
    /// that user's next check-out.
    case retainPreferences = "retain-preferences"
    /// Keep common data unencrypted; delete the user's data.
    case cacheCommonData = "cache-common-data"
    /// A per-user key fetched at check-out, held in memory only and discarded at check-in;
    /// the data it encrypted stays on the device, sealed.
    case externalEncryption = "external-encryption"
    /// Detects the shared device at start-up and switches behaviour (hides sign-up).
    case sharedDeviceMode = "shared-device-mode"
}

/// How an MSAL app is written (000: background capability, Darwin notification listener,
/// `getCurrentAccount` on foreground; on Android, how its `CURRENT_ACCOUNT_CHANGED` receiver
/// is registered).
public struct MSALTraits: Codable, Sendable, Equatable {
    public var backgroundCapability: Bool
    public var listensForNotification: Bool
    public var checksAccountOnForeground: Bool
    /// Android only: the app's receiver for `CURRENT_ACCOUNT_CHANGED`. nil: derived from
    /// `listensForNotification` (a listener registers at run time, as Microsoft Learn's
    /// Android tutorial does), so catalogues written before it read the same.
    public var receiver: BroadcastReceiverRegistration?
    public init(backgroundCapability: Bool, listensForNotification: Bool, checksAccountOnForeground: Bool,
                receiver: BroadcastReceiverRegistration? = nil) {
        self.backgroundCapability = backgroundCapability
        self.listensForNotification = listensForNotification
        self.checksAccountOnForeground = checksAccountOnForeground
        self.receiver = receiver
    }

    /// The receiver the app has on Android: the catalogue's, or the one its listener implies.
    public var broadcastReceiver: BroadcastReceiverRegistration { receiver ?? (listensForNotification ? .runtime : .none) }
}

/// Which SDK an app integrates.
public enum AppSDK: Codable, Sendable, Equatable {
    case workspaceOne(SharedDeviceSupport)
    case msal(MSALTraits)
    case none

    /// The SDK's short name, as its kind words it (`SDKKind.label`).
    public var label: String { kind.label }
}

/// Deliberate faults, for teaching what goes wrong.
public enum AppFault: String, Codable, Sendable, CaseIterable {
    /// Workspace ONE: does nothing in `controllerDidWipeCurrentUserData`, so its
    /// unencrypted copies of the previous user's data survive the check-in.
    case ignoresWipeCallback = "ignores-wipe-callback"
    /// MSAL: notices the account change but does not clear the previous user's data.
    case keepsPreviousUserData = "keeps-previous-user-data"
}

/// A managed app, defined by data in the catalogue (`Assets/apps.yaml`).
public struct AppDefinition: Codable, Sendable, Equatable, Identifiable {
    public var id: AppID
    public var name: String
    public var sdk: AppSDK
    public var faults: [AppFault]
    /// Per-user item templates; `{user}` is replaced by the user name.
    public var userItems: [String]
    /// Per-user preference templates (retain-preferences apps).
    public var preferences: [String]
    /// Items common to every user.
    public var commonItems: [String]
    /// One line saying what the app demonstrates.
    public var summary: String
    /// Single sign-on set-up of an app using the Microsoft identity SDK (003); nil: none.
    public var sso: SSOConfiguration?
    /// A developer's own program playing this app over the bridge (Docs/bridge-protocol.md);
    /// nil: the simulator plays it from the templates above.
    public var external: ExternalProgram?
    /// Delivery faults its entry lists (Docs/faults.md), armed once when the app is installed;
    /// nil when none, so catalogues and stored devices written before them read the same.
    public var deliveryFaults: [InjectedFault]?
    /// Android profiles only: Intune clears the app's local data at every global sign-out, for
    /// an app not written for shared device mode (Microsoft Intune, Android Enterprise dedicated
    /// device restrictions, "Clear local data in apps not optimized for Shared device mode").
    /// nil when not set, so catalogues and stored devices written before it read the same.
    public var intuneClearsData: Bool?

    public init(id: AppID, name: String, sdk: AppSDK, faults: [AppFault] = [], userItems: [String] = [],
                preferences: [String] = [], commonItems: [String] = [], summary: String = "", sso: SSOConfiguration? = nil,
                external: ExternalProgram? = nil, deliveryFaults: [InjectedFault] = [], intuneClearsData: Bool = false) {
        self.id = id; self.name = name; self.sdk = sdk; self.faults = faults; self.userItems = userItems
        self.preferences = preferences; self.commonItems = commonItems; self.summary = summary
        self.sso = sso; self.external = external
        self.deliveryFaults = deliveryFaults.isEmpty ? nil : deliveryFaults
        self.intuneClearsData = intuneClearsData ? true : nil
    }

    /// Whether a developer's program plays this app (its pane says so, with its process id).
    public var isExternal: Bool { external != nil }

    public var workspaceOneSupport: SharedDeviceSupport? { if case let .workspaceOne(s) = sdk { s } else { nil } }
    public var msal: MSALTraits? { if case let .msal(t) = sdk { t } else { nil } }
    public func has(_ fault: AppFault) -> Bool { faults.contains(fault) }

    /// The storage class of this app's per-user items.
    public var userItemClass: DataClass {
        switch sdk {
        case .workspaceOne(.externalEncryption): .externalEncrypted
        case .workspaceOne: .sdkEncrypted
        case .msal, .none: .plain
        }
    }
}
