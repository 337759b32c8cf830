import SessionEngine

extension HubModel {
    /// Wall seconds until a `.tick` could change the frame on screen or the device: the
    /// next enrollment step, the inactivity lock, a lockout's end, or the next change of a
    /// running time `shown` draws (its `changesAt`: the clock's next minute, a countdown's
    /// next number). The terminal sleeps that long, so an idle Hub wakes only to paint
    /// (Docs/performance.md). Without a frame on screen, at the next simulator second, as before.
    ///
    /// Every timer of the engine that `advanceClock` fires must be listed here, or it would
    /// fire only at the next input or the next minute.
    public func secondsUntilTimedChange(shown: Frame?) -> Double? {
        if case .enrolling = device.state { return max(0, currentInstallStepInterval - clock.installElapsed) }
        let now = device.now
        // Simulator seconds until each change; the clock moves in whole seconds (`tick`).
        var due: [Double] = []
        if let frame = shown {
            if let at = frame.changesAt { due.append(at.seconds(since: now)) }
        } else {
            due.append(1)
        }
        if let left = device.secondsUntilInactivityLock { due.append(left) }
        // Managed Home Screen (whose screensaver, countdown and automatic sign-out the line
        // above counts): the countdown dialog's next number.
        if let tick = device.secondsUntilCountdownTick { due.append(tick) }
        for record in device.snapshot.failedAttempts.values {
            if let until = record.lockedUntil, until > now { due.append(until.seconds(since: now)) }
        }
        if saveProblem != nil { due.append(Self.saveRetryInterval) }
        guard let first = due.min() else { return nil }
        // The tick that applies the first whole second at or past the change.
        let whole = max(1, first.rounded(.up))
        return max(0, whole - clock.debt)
    }
}
