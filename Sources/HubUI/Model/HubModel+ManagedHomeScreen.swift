import SessionEngine

/// Managed Home Screen (android-mhs) and Android's own events, as the model runs them: the
/// home grid's selection, opening an app from it, the screensaver, the countdown dialog of the
/// automatic sign-out, and the account removed in Settings (Microsoft Learn, configure the
/// Microsoft Managed Home Screen app for Android Enterprise; shared device mode for Android).
extension HubModel {
    /// The device is enrolling and the Authenticator has begun registering it in shared
    /// device mode: the install step `SDM_REGISTRATION_START` names is done or under way.
    var isRegistering: Bool {
        guard device.profile.platform == .android, case let .enrolling(p) = device.state,
              let start = p.steps.firstIndex(where: { $0.contains(BroadcastType.registrationStart.rawValue) }) else { return false }
        return p.completed >= start
    }

    /// The apps Managed Home Screen shows as tiles: the installed apps, in pane order.
    var tiles: [AppRuntime] { device.apps }

    /// Columns of the home grid in a column `width` wide (tiles of 13 columns and a gap).
    static func tileColumns(width: Int) -> Int { max(1, (width + 1) / (ManagedHomeScreenPages.tileWidth + 1)) }

    /// Arrows move the chosen tile in the grid; it stays on a tile.
    mutating func moveTile(_ command: UIIntent) {
        let count = tiles.count
        guard count > 0 else { return }
        let columns = Self.tileColumns(width: ScreenLayout(width: width, height: height, lessonRows: lessonRows).hub.width - 2)
        var i = min(hubColumn.tileSelection, count - 1)
        switch command {
        case .tileLeft: i -= 1
        case .tileRight: i += 1
        case .tileUp: i -= columns
        case .tileDown: i += columns
        default: break
        }
        hubColumn.tileSelection = min(max(0, i), count - 1)
    }

    /// Enter on a tile: the app comes to the front, as a tap on its icon opens it, and its
    /// pane takes the keyboard.
    mutating func openTile() {
        guard tiles.indices.contains(hubColumn.tileSelection) else { return }
        let id = tiles[hubColumn.tileSelection].id
        act(.launch(id), place: .pane(id))
        if notice == nil { focus = .pane(id) }
    }
}

extension HubModel {
    /// android-mhs: signed in, and the policy wants a session PIN made before the home screen.
    var mhsMustSetPIN: Bool { device.managedHomeScreen?.mustSetSessionPIN == true }

    /// The screensaver asks for the session PIN to resume (`enable_PIN_to_resume`).
    var mhsHasPIN: Bool { device.screensaverAsksForSessionPIN }

    /// The countdown dialog's number; nil when the dialog is not shown.
    var autoSignOutSecondsLeft: Int? { device.autoSignOutSecondsLeft }

    /// The idle time after which the countdown dialog shows (`inactive_time_to_signout`).
    var autoSignOutIdleTime: Double { Double(device.managedHomeScreenPolicy.inactiveTimeToSignOut) }

    /// Seconds until the countdown dialog shows, while the worker is signed in and it is not
    /// shown yet: counted from the last input, as Managed Home Screen counts it.
    var secondsUntilAutoSignOutNotice: Double? {
        guard device.hasManagedHomeScreenSignIn, device.managedHomeScreenPolicy.signsOutAutomatically,
              device.state.user != nil, device.autoSignOutSecondsLeft == nil else { return nil }
        let at = device.snapshot.lastActivity.adding(seconds: autoSignOutIdleTime)
        return max(0, at.seconds(since: device.now))
    }

    /// Wrong session PINs left, and the policy's limit; nil: infinite tries.
    var sessionPINAttemptsLeft: Int? { device.sessionPINAttemptsLeft }
    var sessionPINAttemptLimit: Int? { device.managedHomeScreenPolicy.sessionPINAttemptLimit }
}
