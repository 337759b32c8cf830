/// Who shares tokens with whom, and every rule broken: what the SSO map screen shows.
/// A pure function of the apps and the tenant (`SharedDevice.ssoMap`).
public struct SSOMap: Sendable, Equatable {
    /// One app's row.
    public struct Row: Sendable, Equatable {
        public var app: AppID
        public var sso: SSOConfiguration
        /// The path its requests take (broker, embedded, embedded after a failed broker check).
        public var path: SSORules.Path
        /// Apps it shares tokens with through its keychain group.
        public var sharesWith: [AppID]
        /// Every rule broken, each a one-line sentence naming its values.
        public var problems: [SSOMisconfiguration]
    }

    /// Apps that share tokens: one client ID, one keychain group (two apps or more).
    public struct SharingGroup: Sendable, Equatable {
        public var clientID: String
        public var keychainGroup: String
        public var apps: [AppID]
    }

    public var rows: [Row]
    public var groups: [SharingGroup]
    public var registrations: [AppRegistration]
    /// MSAL apps without SSO configuration, and apps without the SDK: not in the map.
    public var notConfigured: [AppID]
    /// Whose rules the rows follow: iOS's (003) or Android's (the `msauth://` redirect).
    public var platform: DevicePlatform

    public init(apps: [AppDefinition], registrations: [AppRegistration], platform: DevicePlatform = .iOS) {
        self.registrations = registrations
        self.platform = platform
        var rows: [Row] = [], groups: [SharingGroup] = [], none: [AppID] = []
        for app in apps {
            guard let sso = app.sso else { none.append(app.id); continue }
            let shares = apps.filter { SSORules.shareTokens(app, $0, registrations: registrations, on: platform) }.map(\.id)
            rows.append(Row(app: app.id, sso: sso, path: SSORules.path(of: sso, on: platform), sharesWith: shares,
                            problems: SSORules.problems(of: app, among: apps, registrations: registrations, on: platform)))
            if !shares.isEmpty, let group = sso.keychainGroup,
               !groups.contains(where: { $0.clientID == sso.clientID && $0.keychainGroup == group }) {
                groups.append(SharingGroup(clientID: sso.clientID, keychainGroup: group, apps: [app.id] + shares))
            }
        }
        self.rows = rows; self.groups = groups; self.notConfigured = none
    }

    public func row(_ app: AppID) -> Row? { rows.first { $0.app == app } }
}
