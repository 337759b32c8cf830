import Foundation
import SessionEngine

/// Writes `Sources/Configuration/Loading/CompiledAssets.swift`: the tenant and catalogue the
/// YAML loaders read from the bundled files, as Swift literals (Docs/performance.md: the defaults decoded
/// once, at build time, so that hubsim's start parses no YAML). `CompiledAssetsTests` compares
/// the committed file with this text and re-records it with `HUBSIM_RECORD_GOLDEN=1`.
///
/// Every field of every type is written out, defaults included, so that a field added to the
/// engine's types breaks the build of the generated file or the equality test, not silently.
enum CompiledAssetsSource {
    static func text(tenant: Tenant, catalogue: AppCatalogue) throws -> String {
        var out = """
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

        """
        out += "    static let tenant = Tenant(\n"
        out += "        name: \(literal(tenant.name)),\n"
        out += "        promptsForGroupID: \(tenant.promptsForGroupID),\n"
        out += "        groups: [\n"
        for group in tenant.groups {
            out += "            OrganizationGroup(id: \(literal(group.id)), name: \(literal(group.name))),\n"
        }
        out += "        ],\n"
        out += "        users: [\n"
        for user in tenant.users {
            out += "            TenantUser(\n"
            out += "                id: UserID(\(literal(user.id.name))), displayName: \(literal(user.displayName)), group: \(literal(user.group)),\n"
            out += "                role: \(role(user.role)),\n"
            out += "                passwordHash: PasswordHash(phc: \(literal(user.passwordHash.phc)))),\n"
        }
        out += "        ],\n"
        let policy = tenant.policy
        out += "        policy: SecurityPolicy(\n"
        out += "            appPasscodeMinLength: \(policy.appPasscodeMinLength.map(String.init) ?? "nil"), inactivityTimeout: \(policy.inactivityTimeout),\n"
        out += "            failedAttemptLimit: \(policy.failedAttemptLimit), lockoutDuration: \(policy.lockoutDuration)),\n"
        out += "        appRegistrations: [\n"
        for registration in tenant.appRegistrations {
            out += "            AppRegistration(\n"
            out += "                clientID: \(literal(registration.clientID)), name: \(literal(registration.name)),\n"
            out += "                redirectURIs: \(list(registration.redirectURIs))),\n"
        }
        // The MDM set-up of shared device mode only when it is not the correct one (the default).
        let setup = tenant.sharedDeviceSetup
        if setup == SharedDeviceSetup() {
            out += "        ])\n\n"
        } else {
            func flag(_ b: Bool?) -> String { b.map { "\($0)" } ?? "nil" }
            let sso = setup.ssoExtension.map { p in
                "SSOExtensionProfile(type: \(literal(p.type)), extensionID: \(literal(p.extensionID)), teamID: \(literal(p.teamID)), "
                    + "urls: \(list(p.urls)), sharedDeviceMode: \(flag(p.sharedDeviceMode)))"
            } ?? "nil"
            let authenticator = setup.authenticator.map { "AuthenticatorConfiguration(sharedDeviceMode: \(flag($0.sharedDeviceMode)))" } ?? "nil"
            out += "        ],\n"
            out += "        sharedDeviceSetup: SharedDeviceSetup(\n"
            out += "            iOSVersion: \(setup.iOSVersion), mdmEnrolled: \(setup.mdmEnrolled),\n"
            out += "            ssoExtension: \(sso),\n"
            out += "            authenticator: \(authenticator)))\n\n"
        }
        out += "    static let catalogue = AppCatalogue(apps: [\n"
        for app in catalogue.apps {
            out += "        AppDefinition(\n"
            out += "            id: \(literal(app.id)), name: \(literal(app.name)), sdk: \(sdk(app.sdk)),\n"
            out += "            faults: [\(app.faults.map { ".\($0)" }.joined(separator: ", "))],\n"
            out += "            userItems: \(list(app.userItems)),\n"
            out += "            preferences: \(list(app.preferences)),\n"
            out += "            commonItems: \(list(app.commonItems)),\n"
            out += "            summary: \(literal(app.summary)),\n"
            if let sso = app.sso {
                out += "            sso: SSOConfiguration(\n"
                out += "                clientID: \(literal(sso.clientID)), bundleID: \(literal(sso.bundleID)),\n"
                out += "                redirectURIs: \(list(sso.redirectURIs)),\n"
                out += "                keychainGroup: \(sso.keychainGroup.map(literal) ?? "nil"), credentialMode: .\(sso.credentialMode),\n"
                out += "                urlSchemes: \(list(sso.urlSchemes)), querySchemes: \(list(sso.querySchemes)),\n"
                if let android = sso.android {
                    out += "                certificateAuth: \(sso.certificateAuth),\n"
                    out += "                android: AndroidIdentity(packageName: \(literal(android.packageName)), "
                        + "signatureHash: \(android.signatureHash.map(literal) ?? "nil"), "
                        + "redirectURI: \(android.redirectURI.map(literal) ?? "nil")))),\n"
                } else {
                    out += "                certificateAuth: \(sso.certificateAuth))),\n"
                }
            } else {
                out += "            sso: nil),\n"
            }
        }
        out += "    ])\n\n"
        out += "    /// Each app of `catalogue` as JSON with sorted keys, what the device store writes in an app's\n"
        out += "    /// row: a resumed device whose stored text is exactly one of these takes the value above\n"
        out += "    /// instead of decoding it (`BundledAssets.compiledDefinition`; Docs/performance.md).\n"
        out += "    static let catalogueJSON: [String] = [\n"
        for app in catalogue.apps {
            out += "        \(literal(try definitionJSON(app))),\n"
        }
        out += "    ]\n"
        out += "}\n"
        return out
    }

    /// `definition` as the device store's writer encodes it (`SnapshotWriter`: JSONEncoder,
    /// sorted keys); `DeviceStoreTests` checks that the writer still writes this text.
    static func definitionJSON(_ definition: AppDefinition) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(definition), as: UTF8.self)
    }

    private static func role(_ role: TenantUser.Role) -> String {
        switch role {
        case let .staging(mode): ".staging(.\(mode))"
        case .endUser: ".endUser"
        }
    }

    private static func sdk(_ sdk: AppSDK) -> String {
        switch sdk {
        case let .workspaceOne(support): ".workspaceOne(.\(support))"
        case let .msal(traits):
            ".msal(MSALTraits(backgroundCapability: \(traits.backgroundCapability), "
                + "listensForNotification: \(traits.listensForNotification), checksAccountOnForeground: \(traits.checksAccountOnForeground)))"
        case .none: ".none"
        }
    }

    private static func list(_ texts: [String]) -> String {
        "[" + texts.map(literal).joined(separator: ", ") + "]"
    }

    /// A Swift string literal of `text`: quotes, backslashes and control characters escaped
    /// (a `\(` in a file stays text), everything else as it is (the source is UTF-8).
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
