import Configuration
import HubUI
import Platform
import SessionEngine

/// Shared test fixtures. One hasher for the whole target: it remembers successful
/// verifications, so each password's scrypt cost is paid once per process. Its own work
/// factor (used only for passcodes set during tests) is low to keep tests fast.
enum Fixtures {
    static let hasher = ScryptHasher(logN: 10)

    static func device(_ profile: ProfileID = .workspaceOne, strict: Bool = false, apps: [AppID]? = nil) -> SharedDevice {
        let tenant = try! strict ? BundledAssets.strictTenant() : BundledAssets.tenant()
        return try! SharedDevice.make(profile: profile, tenant: tenant, catalogue: BundledAssets.catalogue(), apps: apps,
                                      dependencies: EngineDependencies.seeded(hasher: hasher))
    }

    static func model(_ profile: ProfileID = .workspaceOne, strict: Bool = false, width: Int = 80, height: Int = 24,
                      theme: Theme = .colour, apps: [AppID]? = nil) -> HubModel {
        HubModel(device: device(profile, strict: strict, apps: apps), theme: theme, width: width, height: height)
    }
}

extension HubModel {
    /// Presses keys written as in a scenario's `press:` step (`cou1<Enter>`).
    mutating func press(_ keys: String) {
        guard let list = Key.sequence(keys) else { fatalError("bad key string \(keys)") }
        for k in list { _ = handle(.key(k)) }
    }

    mutating func press(_ key: Key) { _ = handle(.key(key)) }

    /// Enrolls through the UI and settles, leaving the device checked in.
    mutating func enrollThroughUI(group: String = "FRONTLINE") {
        if device.profile.id == .workspaceOne { press("\(group)<Enter>") }
        press("stage<Enter>stage<Enter>")
        settle()
    }

    /// Checks out through the lock screen's prompts.
    mutating func checkOutThroughUI(user: String, group: String = "FRONTLINE", passcode: String? = nil) {
        if device.tenant.promptsForGroupID { press("\(group)<Enter>") }
        press("\(user)<Enter>\(user)<Enter>")
        if let passcode { press("\(passcode)<Enter>") }
    }

    func screen() -> String { render(width: width, height: height).grid.text }
}

extension SharedDevice {
    /// Every event the device's programs were sent and have not answered, oldest first: what
    /// the app bridge sends when the test plays the program itself.
    var awaitedRequests: [AppRequest] { apps.flatMap { $0.process?.awaiting ?? [] }.sorted { $0.serial < $1.serial } }
}
