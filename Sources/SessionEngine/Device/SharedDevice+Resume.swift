extension SharedDevice {
    /// Call once after restoring a saved device. Quitting hubsim pauses the simulation; it
    /// does not reboot the simulated phone, so apps that were running keep what they held in
    /// memory — which the store, by design, never writes: an external-encryption app's key
    /// is fetched again from the (persisted, off-device) key server.
    public mutating func resumeAfterRestart() {
        guard let user = state.user else { return }
        for i in snapshot.apps.indices where snapshot.apps[i].lifecycle.isRunning {
            let app = snapshot.apps[i]
            guard app.definition.workspaceOneSupport == .externalEncryption, app.currentUser == user,
                app.keychain.externalKeys[user] == nil, let key = snapshot.externalKeyServer[user]
            else { continue }
            snapshot.apps[i].keychain.externalKeys[user] = key
        }
        logEvent(.event, "simulation resumed: \(user) is still checked out; running apps kept their memory")
        audit()
    }
}
