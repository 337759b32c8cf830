import ArgumentParser
import Configuration
import Foundation
import SessionEngine

/// Which simulated device to run, as plain values: what `DeviceOptions` parsed, or the
/// defaults, which `DeviceOptions` starts from and the everyday start uses (`StartupPath`).
struct DeviceChoice: Equatable {
    /// Device profile at enrollment; nil keeps the saved one.
    var profile: ProfileID?
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

    /// The tenant: `--tenant FILE` or the bundled default.
    func loadTenant() throws -> Tenant {
        if let tenant { return try TenantLoader.load(path: tenant) }
        return try BundledAssets.tenant()
    }

    /// The apps of `--apps`, in order; nil without it. Spaces around an id are trimmed; an
    /// empty list or id, an id listed twice or one the catalogue lacks is refused, naming
    /// the option and the list as given.
    func appIDs(in catalogue: AppCatalogue) throws -> [AppID]? {
        guard let apps else { return nil }
        let valid = "valid apps: \(catalogue.ids.joined(separator: ", "))"
        func refuse(_ problem: String) -> ValidationError {
            ValidationError("--apps '\(MessageText.excerpt(apps))': \(problem)")
        }
        let ids = apps.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard ids.contains(where: { !$0.isEmpty }) else {
            throw refuse("names no app; give app ids separated by commas, e.g. --apps notes,scanner; \(valid)")
        }
        guard !ids.contains("") else {
            throw refuse("has an empty app id (two commas in a row, or one at an end); separate app ids with single commas")
        }
        var seen: Set<AppID> = []
        for id in ids {
            guard catalogue.app(id) != nil else { throw refuse("unknown app '\(MessageText.excerpt(id))'; \(valid)") }
            guard seen.insert(id).inserted else { throw refuse("'\(MessageText.excerpt(id))' is listed twice; list each app once") }
        }
        return ids
    }
}
