import ArgumentParser
import Foundation
import SessionEngine

/// Options that choose the simulated device, shared by the interactive UI and `reset`.
struct DeviceOptions: ParsableArguments {
    @Option(help: "Device profile at enrollment: workspace-one or entra-ios.")
    var profile: String?

    @Option(help: "Tenant YAML file (groups, users, policies). Default: the bundled tenant.")
    var tenant: String?

    @Option(help: "Comma-separated app ids installed at enrollment. Default: the profile's set.")
    var apps: String?

    @Option(help: "Name of the simulated device; each has its own state database.")
    var device: String = "default"

    @Option(help: "Directory for device state. Default: $XDG_STATE_HOME/hubsim or ~/.local/state/hubsim.")
    var stateDir: String?

    @Flag(help: "Keep nothing: the device lives in memory and starts unenrolled.")
    var ephemeral = false

    @Option(help: "Write diagnostics (never secrets) to this file.")
    var logFile: String?

    /// The profile requested on the command line, validated.
    func profileID() throws -> ProfileID? {
        guard let profile else { return nil }
        guard let id = ProfileID(rawValue: profile) else {
            throw ValidationError("unknown profile '\(profile)'; valid: \(ProfileID.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return id
    }

    /// The tenant: `--tenant FILE` or the bundled default.
    func loadTenant() throws -> Tenant {
        if let tenant { return try TenantLoader.load(contentsOf: URL(fileURLWithPath: tenant)) }
        return try BundledAssets.tenant()
    }

    var appIDs: [AppID]? {
        apps.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }
}
