import Configuration
import Foundation
import SessionEngine
import Testing

/// The tenant's `sharedDeviceSetup:` (the MDM set-up of shared device mode, reference 002):
/// the shipped tenants have the correct one, a tenant without the section has it too, a
/// broken set-up loads (hubsim shows it), and malformed values are refused at their position.
@Suite struct SharedDeviceSetupConfigTests {
    /// The bundled tenant without its set-up; the cases' lines count from there.
    static let tenantBase: String = {
        let text = try! BundledAssets.text("tenant.yaml")
        return String(text[..<text.range(of: "sharedDeviceSetup:")!.lowerBound])
    }()
    static let baseLines = tenantBase.filter { $0 == "\n" }.count

    @Test func theShippedTenantsHaveTheCorrectSetUp() throws {
        let cheap = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tenants/cheap.yaml").path
        let tenants = [try BundledAssets.tenant(), try BundledAssets.strictTenant(),
                       try TenantLoader.load(path: cheap, minimumCost: .testing)]
        for tenant in tenants {
            #expect(tenant.sharedDeviceSetup == SharedDeviceSetup())
            #expect(tenant.sharedDeviceSetup.misconfigurations.isEmpty)
        }
        #expect(try BundledAssets.text("tenant.yaml").contains("sharedDeviceSetup:"))
    }

    @Test func aTenantWithoutTheSectionHasTheCorrectSetUp() throws {
        let tenant = try TenantLoader.load(yaml: Self.tenantBase, file: "t.yaml")
        #expect(tenant.sharedDeviceSetup == SharedDeviceSetup())
    }

    /// A broken set-up is data: it loads, and the engine names its rules.
    @Test func aBrokenSetUpLoads() throws {
        let yaml = """
            sharedDeviceSetup:
              iOSVersion: 12
              mdmEnrolled: false
              ssoExtension:
                type: Credential
                extensionID: com.example.sso
                teamID: ABCDE12345
                urls: [https://login.microsoft.com]
                sharedDeviceMode: none
              authenticator: none

            """
        let setup = try TenantLoader.load(yaml: Self.tenantBase + yaml, file: "t.yaml").sharedDeviceSetup
        #expect(setup == SharedDeviceSetup(iOSVersion: 12, mdmEnrolled: false,
                                           ssoExtension: SSOExtensionProfile(type: "Credential", extensionID: "com.example.sso", teamID: "ABCDE12345",
                                                                             urls: ["https://login.microsoft.com"], sharedDeviceMode: nil),
                                           authenticator: nil))
        #expect(setup.misconfigurations.map(\.tag) == [
            "ios-too-old", "not-mdm-enrolled", "sso-extension-wrong-type", "sso-extension-wrong-id", "sso-extension-wrong-team-id",
            "sso-extension-url-missing", "sso-extension-shared-mode-off", "authenticator-not-pushed",
        ])
        let missing = try TenantLoader.load(yaml: Self.tenantBase + "sharedDeviceSetup: {ssoExtension: none, authenticator: {sharedDeviceMode: false}}\n", file: "t.yaml")
        #expect(missing.sharedDeviceSetup.misconfigurations == [.ssoExtensionMissing, .authenticatorSharedModeOff(value: false)])
    }

    /// Keys left out keep what they override: a scenario changes one value of the tenant's.
    @Test func anOverrideKeepsTheKeysItLeavesOut() throws {
        let base = SharedDeviceSetup(iOSVersion: 16)
        let node = try YAMLValue.parse("ssoExtension: {teamID: X}\n", file: "s.yaml")
        let setup = try SharedDeviceSetupReader.read(node, over: base)
        #expect(setup.iOSVersion == 16)
        #expect(setup.ssoExtension == SSOExtensionProfile(teamID: "X"))
        #expect(setup.authenticator == AuthenticatorConfiguration())
    }

    @Test(arguments: [
        ("sharedDeviceSetup:\n  iOS: 17\n", 2, 3, "unknown key 'iOS' in sharedDeviceSetup; valid keys: iOSVersion"),
        ("sharedDeviceSetup:\n  iOSVersion: 0\n", 2, 15, "iOSVersion must be between 1 and 99"),
        ("sharedDeviceSetup:\n  mdmEnrolled: maybe\n", 2, 16, "mdmEnrolled must be true or false"),
        ("sharedDeviceSetup:\n  ssoExtension: Redirect\n", 2, 17, "write a mapping of its keys, or none when the MDM does not install it (got 'Redirect')"),
        ("sharedDeviceSetup:\n  ssoExtension:\n    sharedDeviceMode: yes please\n", 3, 23, "sharedDeviceMode must be true or false"),
        ("sharedDeviceSetup:\n  ssoExtension:\n    urls: [login.microsoftonline.com]\n", 3, 12, "a URL 'login.microsoftonline.com' is not a URI"),
        ("sharedDeviceSetup:\n  ssoExtension:\n    teamID: \"SGGM 6D27TK\"\n", 3, 13, "teamID 'SGGM 6D27TK' must be printable ASCII without spaces"),
        ("sharedDeviceSetup:\n  authenticator:\n    sharedDeviceMode: 1\n", 3, 23, "sharedDeviceMode must be true or false"),
        ("sharedDeviceSetup:\n  authenticator:\n    mode: shared\n", 3, 5, "unknown key 'mode' in authenticator"),
    ])
    func errorsNameTheirPosition(yaml: String, line: Int, column: Int, message: String) {
        do {
            _ = try TenantLoader.load(yaml: Self.tenantBase + yaml, file: "t.yaml")
            Issue.record("no error")
        } catch {
            #expect(error.line == Self.baseLines + line && error.column == column, "\(error)")
            #expect(error.message.hasPrefix(message), "\(error)")
            #expect(error.description.hasPrefix("t.yaml:\(Self.baseLines + line):\(column): "), "\(error)")
        }
    }
}
