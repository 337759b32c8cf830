/// The Workspace ONE SDK's optional data-access callbacks (`AWControllerDelegate`): at the
/// inactivity lock the SDK tells a running app it is about to prompt for the passcode
/// (`controllerWillPromptForPasscode`, `@objc(willLock)`) and that data access is locked
/// (`controllerDidLockDataAccess`, `@objc(lock)`); after the unlock, that it is open again
/// (`controllerDidUnlockDataAccess`, `@objc(unlock)`).
///
/// They are optional methods: the SDK calls one only when the app's delegate implements it,
/// so a developer's program is sent only those its `initialize` answer lists
/// (`AppProcess.optionalCallbacks`), and the catalogue's apps, whose modelled code has none,
/// get none. A suspended app runs no code and misses them, as it misses a Darwin notification.
extension SharedDevice {
    /// The device locked for inactivity: each running Workspace ONE program that implements
    /// them hears `controllerWillPromptForPasscode`, then `controllerDidLockDataAccess`.
    mutating func announceDataAccessLocked() {
        announceDataAccess([.controllerWillPromptForPasscode, .controllerDidLockDataAccess])
    }

    /// The device unlocked: `controllerDidUnlockDataAccess`, to the same programs.
    mutating func announceDataAccessUnlocked() {
        announceDataAccess([.controllerDidUnlockDataAccess])
    }

    private mutating func announceDataAccess(_ events: [AppEvent]) {
        let now = self.now
        for id in snapshot.apps.map(\.id) {
            guard let events = withApp(id, { app -> [AppEvent] in
                guard app.definition.isExternal, app.definition.workspaceOneSupport != nil, app.sdkSeen != nil,
                      app.lifecycle == .foreground || app.lifecycle == .background,
                      let process = app.process, process.isAlive else { return [] }
                let implemented = events.filter { process.optionalCallbacks.contains($0.name) }
                for event in implemented { app.record(now, .callback, event.name) }
                return implemented
            }), !events.isEmpty else { continue }
            for event in events { logEvent(.callback, app: id, message: .received(event.name)) }
            send(events, to: id)
        }
    }
}
