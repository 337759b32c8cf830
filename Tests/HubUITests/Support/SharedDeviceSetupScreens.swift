import Configuration
import HubUI
import Platform
import SessionEngine

/// Screens of the MDM set-up of shared device mode (002): a device registered without it, and
/// one that stays in it after the MDM removed its configuration (the known issue).
enum SharedDeviceSetupScreens {
    static let all: [(name: String, make: @Sendable () -> HubModel)] = [
        ("entra-not-shared", notShared),
        ("entra-config-removed", configurationRemoved),
    ]

    /// An entra-ios device under a tenant whose SSO plug-in profile has sharedDeviceMode false.
    static func device(_ change: (inout SharedDeviceSetup) -> Void) -> SharedDevice {
        var tenant = try! BundledAssets.tenant()
        change(&tenant.sharedDeviceSetup)
        var d = try! SharedDevice.make(profile: .entraIOS, tenant: tenant, catalogue: BundledAssets.catalogue(), apps: nil,
                                       dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
        _ = d.enroll(group: nil, user: "stage", password: "stage")
        _ = d.completeEnrollment()
        return d
    }

    /// The next worker inherits the account: cou1 signed roster in through the Authenticator
    /// and signed out there; cou2 signed in, and roster still shows and uses cou1's.
    static func notShared() -> HubModel {
        var d = device { $0.ssoExtension?.sharedDeviceMode = false }
        _ = d.signIn(user: "cou1", password: "cou1", from: .broker)
        _ = d.launch("chat")
        _ = d.beginTokenRequest("roster")
        _ = d.completeTokenRequest(user: "cou1", password: nil)
        _ = d.signOut(from: .broker)
        _ = d.signIn(user: "cou2", password: "cou2", from: .broker)
        _ = d.launch("roster")
        d.openBroker()
        return HubModel(device: d, theme: .colour, width: 80, height: 24)
    }

    /// The MDM removed the SSO plug-in profile from a device in shared device mode: it stays in it.
    static func configurationRemoved() -> HubModel {
        var d = device { _ in }
        _ = d.removeSharedDeviceConfiguration(.ssoExtension)
        return HubModel(device: d, theme: .colour, width: 80, height: 24)
    }
}
