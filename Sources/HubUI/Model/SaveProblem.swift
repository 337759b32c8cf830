import SessionEngine

/// What the launch layer's last save of the device came to: the model's input from the
/// store (`HubModel.noteSave`), since the model itself never touches a file.
public enum SaveOutcome: Equatable, Sendable {
    case saved
    /// `reason` in a few words for the status line ("disk full").
    case failed(reason: String)
}

/// Saves are failing: the device on screen is ahead of its file since `since`.
public struct SaveProblem: Equatable, Sendable {
    public var reason: String
    /// The simulator time of the first failed save.
    public var since: SimInstant
    /// Failed saves since then (the first included).
    public var failures: Int
}

extension HubModel {
    /// Wall-clock seconds between two retries of a failed save while nothing changes (a
    /// change retries at once): often enough that freed space shows within seconds, rarely
    /// enough that a full disk costs nothing.
    public static let saveRetryInterval = 5.0

    /// Takes the result of a save. The first failure and the first success after failures
    /// each write a line to the event log (kept in memory, saved with the device by the next
    /// save that succeeds); the status line and the quit dialog read `saveProblem`.
    public mutating func noteSave(_ outcome: SaveOutcome) {
        switch outcome {
        case let .failed(reason):
            if var problem = saveProblem {
                problem.failures = problem.failures.addingReportingOverflow(1).overflow ? problem.failures : problem.failures + 1
                problem.reason = reason
                saveProblem = problem
                return
            }
            saveProblem = SaveProblem(reason: reason, since: device.now, failures: 1)
            logStorage("NOT SAVED: \(reason); the device is kept in memory and saved again at the next change or within \(Int(Self.saveRetryInterval)) s")
        case .saved:
            guard let problem = saveProblem else { return }
            saveProblem = nil
            logStorage("saved again after \(problem.failures) failed save(s): the changes since \(problem.since) are on disk")
        }
    }
}
