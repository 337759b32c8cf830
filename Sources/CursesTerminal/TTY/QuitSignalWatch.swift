import CHubsimSignals
import Foundation
import Synchronization

/// A headless command's last words: a quit signal (Ctrl-C, SIGTERM, a hang-up) is recorded
/// instead of ending the process at once, `cleanUp` runs (ending developers' programs, whose
/// process groups would otherwise outlive hubsim), and then the process dies of the signal, so
/// its parent sees the cause. A thread looks every 50 ms: the headless runs wait on their
/// children, not on a loop that could look itself.
public enum QuitSignalWatch {
    private static let started = Mutex(false)

    /// Starts the watch, once a process (a second call does nothing).
    public static func start(cleanUp: @escaping @Sendable (Int32) -> Void) {
        guard started.withLock({ was in defer { was = true }; return !was }) else { return }
        hubsim_install_quit_recorders()
        let watcher = Thread {
            while hubsim_quit_signal_pending() == 0 { usleep(50_000) }
            let signal = hubsim_take_quit_signal()
            cleanUp(signal)
            hubsim_die_of_signal(signal)
        }
        watcher.name = "hubsim quit-signal watch"
        watcher.start()
    }
}
