import SessionEngine

/// The window that leak assertions look at: findings at every step boundary, and every
/// visible leak the audit logged, since the previous leak assertion.
///
/// A leak that appears and clears between two assertions (an app shows the previous user's
/// data, then goes to the background) still fails `expectNoLeak`: the first rule of the
/// reference documents is that the next user never sees it, not that it is gone by the end.
/// Consecutive leak assertions share one window; it restarts at the next action.
struct LeakWatch: Sendable {
    private(set) var seen: [LeakFinding] = []
    private var logCursor = 0
    private var pendingReset = false

    /// Before the device changes: a window that was asserted restarts here.
    mutating func beforeChange(_ device: SharedDevice) {
        guard pendingReset else { return }
        seen = []
        logCursor = device.log.nextSeq - 1
        pendingReset = false
    }

    /// After a step that changed the device.
    mutating func observe(_ device: SharedDevice) {
        for f in device.findings where !seen.contains(f) { seen.append(f) }
    }

    /// A leak assertion looked at the window.
    mutating func asserted() { pendingReset = true }

    /// Current findings and those seen since the window opened, without repeats.
    func findings(_ device: SharedDevice) -> [LeakFinding] {
        var out = seen
        for f in device.findings where !out.contains(f) { out.append(f) }
        return out
    }

    /// Apps in which the audit logged a visible leak since the window opened.
    func loggedLeakApps(_ device: SharedDevice) -> [AppID] {
        var apps: [AppID] = []
        for e in device.log.entries(after: logCursor) where e.kind == .leak {
            if let app = e.app, !apps.contains(app) { apps.append(app) }
        }
        return apps
    }
}
