#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DeviceStore
import HubUI
import Logging

/// Where an interactive session keeps its device while it runs: every change saved at once.
///
/// A failed save must not take the screen down mid-shift: the model is told (`noteSave`: the
/// status line and the event log say so at once, and quitting says what would be lost), and
/// the save is retried at the next change and, while nothing changes, every
/// `HubModel.saveRetryInterval` seconds of wall time. A new device's database is made after
/// its first frame (`NewDeviceFile`). An `--ephemeral` device has neither: nothing is saved.
///
/// A class because the session's callbacks (after the first frame, after each event) reach
/// it while the loop runs, as `SessionCast` is reached for each painted frame.
final class DeviceSaves {
    /// The open database; nil before a new device's is made, and for `--ephemeral`.
    private(set) var store: DeviceStore?
    /// A new device's database, to be made after its first frame.
    private var newDeviceFile: NewDeviceFile?
    /// Why the last save failed; nil once one succeeds.
    private(set) var failure: StoreError?
    /// Why a new device's database could not be made: the session ended on its first frame.
    private(set) var creationFailure: StoreError?
    /// The model's revision last saved: a new revision is a change to save.
    private var savedRevision: Int?
    /// When a save was last tried, on the monotonic clock.
    private var lastAttempt = DeviceSaves.monotonicSeconds()
    private let logger: Logger

    init(store: DeviceStore? = nil, newDeviceFile: NewDeviceFile? = nil, logger: Logger) {
        self.store = store
        self.newDeviceFile = newDeviceFile
        self.logger = logger
    }

    /// A new device's database is still to be made (`createDatabase`).
    var createsDatabase: Bool { newDeviceFile != nil }

    /// Makes a new device's database: after its first frame, before the first key
    /// (`CursesSession.afterFirstFrame`), so that no change can come before the store that
    /// saves it. False when it cannot be made: the session ends (`creationFailure`).
    func createDatabase() -> Bool {
        guard let file = newDeviceFile else { return true }
        newDeviceFile = nil
        do throws(StoreError) { store = try file.create() } catch {
            creationFailure = error
            return false
        }
        return true
    }

    /// The session starts from `model`: what it shows is what is saved.
    func starts(with model: HubModel) {
        savedRevision = model.revision
    }

    /// After each event: a change is saved; a failed save is retried when its interval is up.
    func afterEvent(_ model: inout HubModel) {
        if model.revision != savedRevision {
            savedRevision = model.revision
            save(&model)
        } else if model.saveProblem != nil, Self.monotonicSeconds() - lastAttempt >= HubModel.saveRetryInterval {
            save(&model)
        }
    }

    /// Saves the device now, telling the model how it went.
    func save(_ model: inout HubModel) {
        guard let store else { return }
        lastAttempt = Self.monotonicSeconds()
        do throws(StoreError) {
            try store.save(model.device)
            failure = nil
            guard model.saveProblem != nil else { return }
            model.noteSave(.saved)
            // The "saved again" line, at once rather than at the next change.
            try? store.save(model.device)
        } catch {
            failure = error
            logger.error("save failed: \(error)")
            model.noteSave(.failed(reason: error.shortReason))
        }
    }

    /// Closes the database once the last save is done.
    func close() {
        try? store?.close()
    }

    /// Seconds on the monotonic clock: when a failed save was last tried.
    static func monotonicSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
