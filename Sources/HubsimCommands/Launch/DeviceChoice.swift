import ArgumentParser
import Configuration
import Foundation
import SessionEngine

/// Which simulated device to run, as plain values: what `DeviceOptions` parsed, or the
/// defaults, which `DeviceOptions` starts from and the everyday start uses (`StartupPath`).
struct DeviceChoice: Equatable {
    /// Device profile at enrollment (`workspace-one`, `entra-ios`); nil keeps the saved one.
    var profile: String?
    /// Tenant YAML file; nil is the bundled tenant.
    var tenant: String?
    /// Comma-separated app ids installed at enrollment; nil is the profile's set.
    var apps: String?
    /// Name of the device; each has its own state database.
    var device = SharedDevice.defaultName
    /// Directory for device state; nil is `$XDG_STATE_HOME/hubsim` or `~/.local/state/hubsim`.
    var stateDir: String?
    /// Keep nothing: the device lives in memory and starts unenrolled.
    var ephemeral = false
    /// Diagnostics file (never secrets); nil writes none.
    var logFile: String?

    /// The profile asked for, validated.
    func profileID() throws -> ProfileID? {
        guard let profile else { return nil }
        guard let id = ProfileID(rawValue: profile) else {
            throw ValidationError("unknown profile '\(profile)'; valid: \(ProfileID.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return id
    }

    /// The tenant: `--tenant FILE` or the bundled default.
    func loadTenant() throws -> Tenant {
        if let tenant { return try TenantLoader.load(path: tenant) }
        return try BundledAssets.tenant()
    }

    var appIDs: [AppID]? {
        apps.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }
}
