/// The catalogue's apps as one implementation of the app port: the simulator plays the
/// app's own code, from its definition, and answers at once. A developer's program over the
/// bridge is the other implementation (`SharedDevice.reach(_:with:_:queue:)`).
enum SimulatedApp {
    /// What a catalogue app's own code does when told `event`. Lifecycle changes need no
    /// code of its own: what its SDK does then is the device's (`scheduleForegroundDelivery`).
    static func respond(to event: AppEvent, _ app: inout AppRuntime, _ ctx: AppContext) {
        switch event {
        case .controllerDidWipeCurrentUserData:
            app.handleWipe(ctx)
        case .controllerDidDetectUserChange:
            app.userChangeFlag = true
        case .controllerDidFinishInitialCheck, .sharedModeCurrentAccountChanged, .currentAccountChanged,
             .controllerWillPromptForPasscode, .controllerDidLockDataAccess, .controllerDidUnlockDataAccess,
             .launch, .foreground, .background, .suspend, .terminate:
            break
        }
    }
}
