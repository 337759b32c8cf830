extension SharedDevice {
    /// A new device for `profile`, with the catalogue's apps `appIDs` (the profile's default
    /// set when nil).
    public static func make(name: String = SharedDevice.defaultName, profile: ProfileID, tenant: Tenant,
                            catalogue: AppCatalogue, apps appIDs: [AppID]? = nil,
                            dependencies: EngineDependencies) throws(CatalogueError) -> SharedDevice {
        let p = DeviceProfile.named(profile)
        let apps = try catalogue.select(appIDs ?? p.defaultApps)
        return SharedDevice(name: name, profile: p, tenant: tenant, apps: apps, dependencies: dependencies)
    }
}
