import AWSDK

/// The sample's `AWControllerDelegate` (`AWSDKHelper+Delegate.swift`), written anew: every
/// callback logs; the initial check also tells the app's screens that the SDK is up. As in the
/// sample, the wipe callback only logs, and there is no user-change callback at all.
extension AWSDKHelper: AWControllerDelegate {
    func controllerDidFinishInitialCheck(error: NSError?) {
        if let error = error {
            AWLogError("Application received initial check Error: \(error.localizedDescription)")
        } else {
            AWLogInfo("Controller did complete initial check.")
        }
        NotificationCenter.default.post(name: .AWSDKInitialized, object: error)
    }

    func controllerDidReceive(profiles: [Profile]) {
        AWLogVerbose("Workspace ONE SDK received \(profiles.count) profiles.")
        guard profiles.count > 0 else {
            AWLogError("No profile received")
            return
        }
        profiles.forEach { AWLogInfo("\(String(describing: $0))") }
    }

    func controllerDidReceive(enrollmentStatus: AWSDK.EnrollmentStatus) {
        AWLogInfo("Current Enrollment Status: \(String(describing: enrollmentStatus))")
    }

    func controllerDidWipeCurrentUserData() {
        AWLogError("Application should wipe all secure data")
    }

    func controllerDidLockDataAccess() {
        AWLogInfo("Controller did lock data access.")
    }

    func controllerWillPromptForPasscode() {
        AWLogInfo("Controller will prompt for passcode.")
    }

    func controllerDidUnlockDataAccess() {
        AWLogInfo("User successfully unlocked")
    }

    func applicationShouldStopNetworkActivity(reason: AWSDK.NetworkActivityStatus) {
        AWLogError("Workspace ONE SDK detected that the device violated the network access policy. reason: \(String(describing: reason))")
    }

    func applicationCanResumeNetworkActivity() {
        AWLogInfo("Application can resume network activity.")
    }
}
