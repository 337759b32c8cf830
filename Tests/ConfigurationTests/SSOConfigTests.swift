import Configuration
import SessionEngine
import Testing

/// The SSO parts of the files (reference 003): read as data, malformed values refused at
/// their position, broken rules loaded (the engine shows them).
@Suite struct SSOConfigTests {
    static let msal = "apps:\n  - id: x\n    sdk: msal\n    sso:\n"

    @Test func theCatalogueAndTenantCarryTheSuite() throws {
        let c = try BundledAssets.catalogue()
        let mail = try #require(c.app("mail")?.sso)
        #expect(mail == SSOConfiguration(clientID: "6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01", bundleID: "com.contoso.mail",
                                         redirectURIs: ["x-msauth-contoso://com.contoso.mail"], keychainGroup: "com.contoso.frontline",
                                         credentialMode: .auto, urlSchemes: ["x-msauth-contoso"], querySchemes: ["msauth"],
                                         android: AndroidIdentity(packageName: "com.contoso.mail", signatureHash: "qY7zrGhSyDi2LMaIdvzLJPm4k2c=")))
        // Tasks's Android configuration names the debug keystore's hash (the SSO map shows it).
        #expect(c.app("tasks")?.sso?.android?.redirectURI == "msauth://com.contoso.tasks/bzfB6hJM4njpC0bJJPoYO61tGEY%3D")
        #expect(c.app("roster")?.sso?.certificateAuth == true)
        #expect(c.app("till")?.sso?.credentialMode == .embedded)
        #expect(c.app("tasks")?.sso?.querySchemes == [])
        #expect(c.apps.filter { $0.sso != nil }.map(\.id) == ["chat", "mail", "tasks", "roster", "till"])
        for tenant in [try BundledAssets.tenant(), try BundledAssets.strictTenant()] {
            #expect(tenant.appRegistrations.map(\.name) == ["Contoso Frontline suite", "Contoso Roster", "Contoso Till"])
            #expect(tenant.registration("9c2e7b1a-4f3d-4a6b-8e1c-2d3f4a5b6c02")?.redirectURIs
                    == ["x-msauth-roster://com.contoso.roster", "msauth://code/x-msauth-roster%3A%2F%2Fcom.contoso.roster",
                        "msauth://com.contoso.roster/ne%2FSZgTSxCPBWUtLNusMHI23y4M%3D"])
        }
    }

    @Test(arguments: [
        (msal + "      clientID: c\n      bundleID: b\n", 5, 7, "an app's sso needs at least one redirect URI under 'redirectURIs'"),
        (msal + "      clientID: c\n      bundleID: b\n      redirectURIs: [nocolon]\n", 7, 22, "a redirect URI 'nocolon' is not a URI"),
        (msal + "      clientID: c\n      bundleID: b\n      redirectURIs: [\"a b://c\"]\n", 7, 22, "a redirect URI 'a b://c' must be printable ASCII"),
        (msal + "      clientID: c\n      bundleID: b\n      redirectURIs: [a://b, a://b]\n", 7, 29, "redirect URI 'a://b' is listed twice"),
        (msal + "      clientID: c\n      bundleID: b\n      redirectURIs: [a://b]\n      credentialMode: broker\n", 8, 23, "credentialMode must be auto (AD_CREDENTIALS_AUTO) or embedded"),
        (msal + "      clientID: c\n      bundleID: b\n      redirectURIs: [a://b]\n      keychain: g\n", 8, 7, "unknown key 'keychain' in an app's sso; valid keys: clientID"),
        (msal + "      bundleID: b\n      redirectURIs: [a://b]\n", 5, 7, "an app's sso needs 'clientID'"),
        (msal + "      clientID: c\n      bundleID: b\n      redirectURIs: [a://b]\n      certificateAuth: maybe\n", 8, 24, "certificateAuth must be true or false"),
        ("apps:\n  - id: x\n    sdk: none\n    sso: {clientID: c}\n", 4, 10, "only an app with sdk: msal has an sso configuration"),
        (msal + "      clientID: c\n      bundleID: b\n      redirectURIs: [a://b]\n      android: {signatureHash: h}\n", 8, 16, "an app's sso android needs 'packageName'"),
        (msal + "      clientID: c\n      bundleID: b\n      redirectURIs: [a://b]\n      android: {packageName: p, redirectURI: nocolon}\n", 8, 46, "redirectURI 'nocolon' is not a URI"),
        (msal + "      clientID: c\n      bundleID: b\n      redirectURIs: [a://b]\n      android: {package: p}\n", 8, 17, "unknown key 'package' in an app's sso android; valid keys: packageName"),
        ("apps:\n  - {id: x, sdk: msal, sso: {clientID: c, bundleID: b, redirectURIs: [a://b]}}\n  - {id: y, sdk: msal, sso: {clientID: c, bundleID: b, redirectURIs: [a://c]}}\n",
         3, 5, "app 'y' has the bundle ID 'b' of 'x'"),
    ])
    func catalogueSSOErrorsNameTheirPosition(yaml: String, line: Int, column: Int, message: String) {
        do {
            _ = try AppCatalogue.load(yaml: yaml, file: "apps.yaml")
            Issue.record("no error")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.hasPrefix(message), "\(error)")
        }
    }

    /// The bundled tenant up to its registrations; the cases' lines count from there.
    static let tenantBase: String = {
        let text = try! BundledAssets.text("tenant.yaml")
        return String(text[..<text.range(of: "appRegistrations:")!.lowerBound])
    }()
    static let baseLines = tenantBase.filter { $0 == "\n" }.count
    static let tenantHead = "appRegistrations:\n"

    @Test(arguments: [
        (tenantHead + "  - {clientID: c, redirectURIs: [a://b]}\n  - {clientID: c}\n", 3, 16, "client ID 'c' is registered twice"),
        (tenantHead + "  - {clientID: c, redirectURIs: [\"x\"]}\n", 2, 34, "a redirect URI 'x' is not a URI"),
        (tenantHead + "  - {name: n}\n", 2, 5, "an app registration needs 'clientID'"),
        (tenantHead + "  - {clientID: c, uris: []}\n", 2, 19, "unknown key 'uris' in an app registration"),
        ("appRegistrations: {clientID: c}\n", 1, 19, "appRegistrations must be a list"),
    ])
    func registrationErrorsNameTheirPosition(yaml: String, line: Int, column: Int, message: String) {
        do {
            _ = try TenantLoader.load(yaml: Self.tenantBase + yaml, file: "t.yaml")
            Issue.record("no error")
        } catch {
            #expect(error.line == Self.baseLines + line && error.column == column, "\(error)")
            #expect(error.message.hasPrefix(message), "\(error)")
        }
    }

    /// A broken rule is data hubsim shows, not a file error.
    @Test func aBrokenRuleLoads() throws {
        let c = try AppCatalogue.load(yaml: Self.msal + "      clientID: c\n      bundleID: com.x\n      redirectURIs: [\"x://com.other\"]\n      credentialMode: auto\n", file: "apps.yaml")
        let map = SSOMap(apps: c.apps, registrations: [])
        #expect(map.row("x")?.problems.first == .unknownClient(clientID: "c"))
    }
}
