// Generated from Assets/tenant.yaml and Assets/apps.yaml by CompiledAssetsSource
// (Tests/ConfigurationTests): do not edit. After changing either file, run
//   HUBSIM_RECORD_GOLDEN=1 swift test --filter CompiledAssetsTests
// review the diff, then run the tests again without the variable.
import SessionEngine

/// The bundled default tenant and app catalogue as Swift values: exactly what
/// `TenantLoader` and `AppCatalogue.load` make of `Assets/tenant.yaml` and
/// `Assets/apps.yaml` (`CompiledAssetsTests` fails when they differ), decoded when hubsim
/// is built so that its start parses no YAML (Docs/performance.md, Benchmarks; `BundledAssets`).
enum CompiledAssets {
    static let tenant = Tenant(
        name: "Frontline Retail",
        promptsForGroupID: true,
        groups: [
            OrganizationGroup(id: "FRONTLINE", name: "Frontline stores"),
        ],
        users: [
            TenantUser(
                id: UserID("stage"), displayName: "Staging User", group: "FRONTLINE",
                role: .staging(.multiUser),
                passwordHash: PasswordHash(phc: "$scrypt$ln=15,r=8,p=1$O5jCehVlP7YLGpF8/ylNYA$bKqL2biLLesgYVFsuBlq+j3gA1RAuIpliytHURbqPyA")),
            TenantUser(
                id: UserID("cou1"), displayName: "CheckOut 1", group: "FRONTLINE",
                role: .endUser,
                passwordHash: PasswordHash(phc: "$scrypt$ln=15,r=8,p=1$MsxuSMiQhSay+UnrbNwH0w$qMYPVT3feSPALwKabA/hlIK9pc71YEDN4e+GIAkGmPE")),
            TenantUser(
                id: UserID("cou2"), displayName: "CheckOut 2", group: "FRONTLINE",
                role: .endUser,
                passwordHash: PasswordHash(phc: "$scrypt$ln=15,r=8,p=1$qKp5TfCWbL87aRTPTShChQ$L9MdD/Zm1OOEV/quqUWMnw4AK0O8tA+I06r6IV9Uom4")),
        ],
        policy: SecurityPolicy(
            appPasscodeMinLength: nil, inactivityTimeout: 300.0,
            failedAttemptLimit: 5, lockoutDuration: 60.0),
        appRegistrations: [
            AppRegistration(
                clientID: "6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01", name: "Contoso Frontline suite",
                redirectURIs: ["x-msauth-contoso://com.contoso.chat", "x-msauth-contoso://com.contoso.mail", "x-msauth-contoso://com.contoso.tasks", "msauth://com.contoso.chat/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D", "msauth://com.contoso.mail/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D", "msauth://com.contoso.tasks/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D"]),
            AppRegistration(
                clientID: "9c2e7b1a-4f3d-4a6b-8e1c-2d3f4a5b6c02", name: "Contoso Roster",
                redirectURIs: ["x-msauth-roster://com.contoso.roster", "msauth://code/x-msauth-roster%3A%2F%2Fcom.contoso.roster", "msauth://com.contoso.roster/ne%2FSZgTSxCPBWUtLNusMHI23y4M%3D"]),
            AppRegistration(
                clientID: "b7d4e2c1-8a9f-4c3e-a1b2-c3d4e5f6a703", name: "Contoso Till",
                redirectURIs: ["x-msauth-till://com.contoso.till", "msauth://com.contoso.till/CJHCsylGdqFyLYrArcbaCK2MP0w%3D"]),
        ])

    static let catalogue = AppCatalogue(apps: [
        AppDefinition(
            id: "notes", name: "Notes", sdk: .workspaceOne(.none),
            faults: [],
            userItems: ["Handover note by {user}", "Call back customer #1042", "Till float counted"],
            preferences: [],
            commonItems: ["Store opening checklist"],
            summary: "No shared-device support; wipes everything on check-in (004 default).",
            sso: nil),
        AppDefinition(
            id: "scanner", name: "Scanner", sdk: .workspaceOne(.retainPreferences),
            faults: [],
            userItems: ["Scan log of {user}: 42 items"],
            preferences: ["Beep volume 7 ({user})", "Default aisle 12 ({user})"],
            commonItems: [],
            summary: "Keeps each user's preferences, unencrypted, and re-applies them at check-out.",
            sso: nil),
        AppDefinition(
            id: "inventory", name: "Inventory", sdk: .workspaceOne(.cacheCommonData),
            faults: [],
            userItems: ["Stock count by {user}: bay 4"],
            preferences: [],
            commonItems: ["Product catalogue (2,400 SKUs)", "Price list week 47"],
            summary: "Keeps the common catalogue across check-ins; deletes user data.",
            sso: nil),
        AppDefinition(
            id: "reports", name: "Reports", sdk: .workspaceOne(.externalEncryption),
            faults: [],
            userItems: ["Incident report by {user}", "Shift summary of {user}"],
            preferences: [],
            commonItems: [],
            summary: "Data sealed with the user's off-device key; key discarded at check-in.",
            sso: nil),
        AppDefinition(
            id: "timeclock", name: "Timeclock", sdk: .workspaceOne(.sharedDeviceMode),
            faults: [],
            userItems: ["{user} clocked in"],
            preferences: [],
            commonItems: [],
            summary: "Detects the shared device at start-up and hides sign-up.",
            sso: nil),
        AppDefinition(
            id: "handbook", name: "Handbook", sdk: .workspaceOne(.none),
            faults: [.ignoresWipeCallback],
            userItems: ["Bookmarks of {user}", "Training progress of {user}"],
            preferences: [],
            commonItems: [],
            summary: "Deliberate fault: ignores controllerDidWipeCurrentUserData and keeps a plaintext copy.",
            sso: nil),
        AppDefinition(
            id: "chat", name: "Chat", sdk: .msal(MSALTraits(backgroundCapability: true, listensForNotification: true, checksAccountOnForeground: true)),
            faults: [],
            userItems: ["Messages of {user}", "Team channel draft by {user}"],
            preferences: [],
            commonItems: [],
            summary: "Background capability and a listener; clears data as soon as the account changes.",
            sso: SSOConfiguration(
                clientID: "6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01", bundleID: "com.contoso.chat",
                redirectURIs: ["x-msauth-contoso://com.contoso.chat"],
                keychainGroup: "com.contoso.frontline", credentialMode: .auto,
                urlSchemes: ["x-msauth-contoso"], querySchemes: ["msauth"],
                certificateAuth: false,
                android: AndroidIdentity(packageName: "com.contoso.chat", signatureHash: "qY7zrGhSyDi2LMaIdvzLJPm4k2c=", redirectURI: nil))),
        AppDefinition(
            id: "mail", name: "Mail", sdk: .msal(MSALTraits(backgroundCapability: false, listensForNotification: true, checksAccountOnForeground: true)),
            faults: [],
            userItems: ["Inbox of {user} (12 unread)"],
            preferences: [],
            commonItems: [],
            summary: "No background capability; notices the change when it comes to the foreground.",
            sso: SSOConfiguration(
                clientID: "6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01", bundleID: "com.contoso.mail",
                redirectURIs: ["x-msauth-contoso://com.contoso.mail"],
                keychainGroup: "com.contoso.frontline", credentialMode: .auto,
                urlSchemes: ["x-msauth-contoso"], querySchemes: ["msauth"],
                certificateAuth: false,
                android: AndroidIdentity(packageName: "com.contoso.mail", signatureHash: "qY7zrGhSyDi2LMaIdvzLJPm4k2c=", redirectURI: nil))),
        AppDefinition(
            id: "tasks", name: "Tasks", sdk: .msal(MSALTraits(backgroundCapability: false, listensForNotification: false, checksAccountOnForeground: false)),
            faults: [],
            userItems: ["Tasks of {user}: restock aisle 3", "Tasks of {user}: price labels"],
            preferences: [],
            commonItems: [],
            summary: "Deliberate fault: never checks getCurrentAccount after start-up, so it leaks.",
            sso: SSOConfiguration(
                clientID: "6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01", bundleID: "com.contoso.tasks",
                redirectURIs: ["x-msauth-contoso://com.contoso.tasks"],
                keychainGroup: "com.contoso.frontline", credentialMode: .auto,
                urlSchemes: ["x-msauth-contoso"], querySchemes: [],
                certificateAuth: false,
                android: AndroidIdentity(packageName: "com.contoso.tasks", signatureHash: "qY7zrGhSyDi2LMaIdvzLJPm4k2c=", redirectURI: "msauth://com.contoso.tasks/bzfB6hJM4njpC0bJJPoYO61tGEY%3D"))),
        AppDefinition(
            id: "roster", name: "Roster", sdk: .msal(MSALTraits(backgroundCapability: true, listensForNotification: true, checksAccountOnForeground: true)),
            faults: [],
            userItems: ["Shifts of {user} this week"],
            preferences: [],
            commonItems: [],
            summary: "Broker app, set up as 003 says: URL scheme, <scheme>://<bundle id>, msauth queried, certificate auth.",
            sso: SSOConfiguration(
                clientID: "9c2e7b1a-4f3d-4a6b-8e1c-2d3f4a5b6c02", bundleID: "com.contoso.roster",
                redirectURIs: ["x-msauth-roster://com.contoso.roster", "msauth://code/x-msauth-roster%3A%2F%2Fcom.contoso.roster"],
                keychainGroup: nil, credentialMode: .auto,
                urlSchemes: ["x-msauth-roster"], querySchemes: ["msauth"],
                certificateAuth: true,
                android: AndroidIdentity(packageName: "com.contoso.roster", signatureHash: "ne/SZgTSxCPBWUtLNusMHI23y4M=", redirectURI: nil))),
        AppDefinition(
            id: "till", name: "Till", sdk: .msal(MSALTraits(backgroundCapability: false, listensForNotification: false, checksAccountOnForeground: false)),
            faults: [],
            userItems: ["Till session of {user}: float counted"],
            preferences: [],
            commonItems: [],
            summary: "Embedded only (AD_CREDENTIALS_EMBEDDED): keeps its own sign-in through a global sign-out.",
            sso: SSOConfiguration(
                clientID: "b7d4e2c1-8a9f-4c3e-a1b2-c3d4e5f6a703", bundleID: "com.contoso.till",
                redirectURIs: ["x-msauth-till://com.contoso.till"],
                keychainGroup: nil, credentialMode: .embedded,
                urlSchemes: [], querySchemes: [],
                certificateAuth: false,
                android: AndroidIdentity(packageName: "com.contoso.till", signatureHash: "CJHCsylGdqFyLYrArcbaCK2MP0w=", redirectURI: nil))),
        AppDefinition(
            id: "forms", name: "Forms", sdk: .none,
            faults: [],
            userItems: [],
            preferences: [],
            commonItems: ["Delivery receipt form", "Damage report form"],
            summary: "No SDK and no user data: blank forms only, submitted straight to the server.",
            sso: nil),
    ])

    /// Each app of `catalogue` as JSON with sorted keys, what the device store writes in an app's
    /// row: a resumed device whose stored text is exactly one of these takes the value above
    /// instead of decoding it (`BundledAssets.compiledDefinition`; Docs/performance.md).
    static let catalogueJSON: [String] = [
        "{\"commonItems\":[\"Store opening checklist\"],\"faults\":[],\"id\":\"notes\",\"name\":\"Notes\",\"preferences\":[],\"sdk\":{\"workspaceOne\":{\"_0\":\"none\"}},\"summary\":\"No shared-device support; wipes everything on check-in (004 default).\",\"userItems\":[\"Handover note by {user}\",\"Call back customer #1042\",\"Till float counted\"]}",
        "{\"commonItems\":[],\"faults\":[],\"id\":\"scanner\",\"name\":\"Scanner\",\"preferences\":[\"Beep volume 7 ({user})\",\"Default aisle 12 ({user})\"],\"sdk\":{\"workspaceOne\":{\"_0\":\"retain-preferences\"}},\"summary\":\"Keeps each user's preferences, unencrypted, and re-applies them at check-out.\",\"userItems\":[\"Scan log of {user}: 42 items\"]}",
        "{\"commonItems\":[\"Product catalogue (2,400 SKUs)\",\"Price list week 47\"],\"faults\":[],\"id\":\"inventory\",\"name\":\"Inventory\",\"preferences\":[],\"sdk\":{\"workspaceOne\":{\"_0\":\"cache-common-data\"}},\"summary\":\"Keeps the common catalogue across check-ins; deletes user data.\",\"userItems\":[\"Stock count by {user}: bay 4\"]}",
        "{\"commonItems\":[],\"faults\":[],\"id\":\"reports\",\"name\":\"Reports\",\"preferences\":[],\"sdk\":{\"workspaceOne\":{\"_0\":\"external-encryption\"}},\"summary\":\"Data sealed with the user's off-device key; key discarded at check-in.\",\"userItems\":[\"Incident report by {user}\",\"Shift summary of {user}\"]}",
        "{\"commonItems\":[],\"faults\":[],\"id\":\"timeclock\",\"name\":\"Timeclock\",\"preferences\":[],\"sdk\":{\"workspaceOne\":{\"_0\":\"shared-device-mode\"}},\"summary\":\"Detects the shared device at start-up and hides sign-up.\",\"userItems\":[\"{user} clocked in\"]}",
        "{\"commonItems\":[],\"faults\":[\"ignores-wipe-callback\"],\"id\":\"handbook\",\"name\":\"Handbook\",\"preferences\":[],\"sdk\":{\"workspaceOne\":{\"_0\":\"none\"}},\"summary\":\"Deliberate fault: ignores controllerDidWipeCurrentUserData and keeps a plaintext copy.\",\"userItems\":[\"Bookmarks of {user}\",\"Training progress of {user}\"]}",
        "{\"commonItems\":[],\"faults\":[],\"id\":\"chat\",\"name\":\"Chat\",\"preferences\":[],\"sdk\":{\"msal\":{\"_0\":{\"backgroundCapability\":true,\"checksAccountOnForeground\":true,\"listensForNotification\":true}}},\"sso\":{\"android\":{\"packageName\":\"com.contoso.chat\",\"signatureHash\":\"qY7zrGhSyDi2LMaIdvzLJPm4k2c=\"},\"bundleID\":\"com.contoso.chat\",\"certificateAuth\":false,\"clientID\":\"6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01\",\"credentialMode\":\"auto\",\"keychainGroup\":\"com.contoso.frontline\",\"querySchemes\":[\"msauth\"],\"redirectURIs\":[\"x-msauth-contoso:\\/\\/com.contoso.chat\"],\"urlSchemes\":[\"x-msauth-contoso\"]},\"summary\":\"Background capability and a listener; clears data as soon as the account changes.\",\"userItems\":[\"Messages of {user}\",\"Team channel draft by {user}\"]}",
        "{\"commonItems\":[],\"faults\":[],\"id\":\"mail\",\"name\":\"Mail\",\"preferences\":[],\"sdk\":{\"msal\":{\"_0\":{\"backgroundCapability\":false,\"checksAccountOnForeground\":true,\"listensForNotification\":true}}},\"sso\":{\"android\":{\"packageName\":\"com.contoso.mail\",\"signatureHash\":\"qY7zrGhSyDi2LMaIdvzLJPm4k2c=\"},\"bundleID\":\"com.contoso.mail\",\"certificateAuth\":false,\"clientID\":\"6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01\",\"credentialMode\":\"auto\",\"keychainGroup\":\"com.contoso.frontline\",\"querySchemes\":[\"msauth\"],\"redirectURIs\":[\"x-msauth-contoso:\\/\\/com.contoso.mail\"],\"urlSchemes\":[\"x-msauth-contoso\"]},\"summary\":\"No background capability; notices the change when it comes to the foreground.\",\"userItems\":[\"Inbox of {user} (12 unread)\"]}",
        "{\"commonItems\":[],\"faults\":[],\"id\":\"tasks\",\"name\":\"Tasks\",\"preferences\":[],\"sdk\":{\"msal\":{\"_0\":{\"backgroundCapability\":false,\"checksAccountOnForeground\":false,\"listensForNotification\":false}}},\"sso\":{\"android\":{\"packageName\":\"com.contoso.tasks\",\"redirectURI\":\"msauth:\\/\\/com.contoso.tasks\\/bzfB6hJM4njpC0bJJPoYO61tGEY%3D\",\"signatureHash\":\"qY7zrGhSyDi2LMaIdvzLJPm4k2c=\"},\"bundleID\":\"com.contoso.tasks\",\"certificateAuth\":false,\"clientID\":\"6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01\",\"credentialMode\":\"auto\",\"keychainGroup\":\"com.contoso.frontline\",\"querySchemes\":[],\"redirectURIs\":[\"x-msauth-contoso:\\/\\/com.contoso.tasks\"],\"urlSchemes\":[\"x-msauth-contoso\"]},\"summary\":\"Deliberate fault: never checks getCurrentAccount after start-up, so it leaks.\",\"userItems\":[\"Tasks of {user}: restock aisle 3\",\"Tasks of {user}: price labels\"]}",
        "{\"commonItems\":[],\"faults\":[],\"id\":\"roster\",\"name\":\"Roster\",\"preferences\":[],\"sdk\":{\"msal\":{\"_0\":{\"backgroundCapability\":true,\"checksAccountOnForeground\":true,\"listensForNotification\":true}}},\"sso\":{\"android\":{\"packageName\":\"com.contoso.roster\",\"signatureHash\":\"ne\\/SZgTSxCPBWUtLNusMHI23y4M=\"},\"bundleID\":\"com.contoso.roster\",\"certificateAuth\":true,\"clientID\":\"9c2e7b1a-4f3d-4a6b-8e1c-2d3f4a5b6c02\",\"credentialMode\":\"auto\",\"querySchemes\":[\"msauth\"],\"redirectURIs\":[\"x-msauth-roster:\\/\\/com.contoso.roster\",\"msauth:\\/\\/code\\/x-msauth-roster%3A%2F%2Fcom.contoso.roster\"],\"urlSchemes\":[\"x-msauth-roster\"]},\"summary\":\"Broker app, set up as 003 says: URL scheme, <scheme>:\\/\\/<bundle id>, msauth queried, certificate auth.\",\"userItems\":[\"Shifts of {user} this week\"]}",
        "{\"commonItems\":[],\"faults\":[],\"id\":\"till\",\"name\":\"Till\",\"preferences\":[],\"sdk\":{\"msal\":{\"_0\":{\"backgroundCapability\":false,\"checksAccountOnForeground\":false,\"listensForNotification\":false}}},\"sso\":{\"android\":{\"packageName\":\"com.contoso.till\",\"signatureHash\":\"CJHCsylGdqFyLYrArcbaCK2MP0w=\"},\"bundleID\":\"com.contoso.till\",\"certificateAuth\":false,\"clientID\":\"b7d4e2c1-8a9f-4c3e-a1b2-c3d4e5f6a703\",\"credentialMode\":\"embedded\",\"querySchemes\":[],\"redirectURIs\":[\"x-msauth-till:\\/\\/com.contoso.till\"],\"urlSchemes\":[]},\"summary\":\"Embedded only (AD_CREDENTIALS_EMBEDDED): keeps its own sign-in through a global sign-out.\",\"userItems\":[\"Till session of {user}: float counted\"]}",
        "{\"commonItems\":[\"Delivery receipt form\",\"Damage report form\"],\"faults\":[],\"id\":\"forms\",\"name\":\"Forms\",\"preferences\":[],\"sdk\":{\"none\":{}},\"summary\":\"No SDK and no user data: blank forms only, submitted straight to the server.\",\"userItems\":[]}",
    ]
}
