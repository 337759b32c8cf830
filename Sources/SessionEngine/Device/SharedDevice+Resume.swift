extension SharedDevice {
    /// Call once after restoring a saved device. Quitting hubsim pauses the simulation; it
    /// does not reboot the simulated phone, so apps that were running keep what they held in
    /// memory — which the store, by design, never writes: an external-encryption app's key
    /// is fetched again from the (persisted, off-device) key server.
    public mutating func resumeAfterRestart() {
        // The key of whoever a running app shows, checked out or not: an app that kept the
        // previous user's data after a check-in still holds that user's key in memory.
        for i in snapshot.apps.indices where snapshot.apps[i].lifecycle.isRunning {
            let app = snapshot.apps[i]
            guard app.definition.workspaceOneSupport == .externalEncryption, let shown = app.currentUser,
                app.keychain.externalKeys[shown] == nil, let key = snapshot.externalKeyServer[shown]
            else { continue }
            snapshot.apps[i].keychain.externalKeys[shown] = key
        }
        if let user = state.user {
            logEvent(.event, "simulation resumed: \(user) is still checked out; running apps kept their memory")
        }
        audit()
    }
}
