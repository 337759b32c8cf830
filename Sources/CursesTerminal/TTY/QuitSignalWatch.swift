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

    /// A crash (SIGSEGV, SIGABRT, …) ends every process hubsim's programs started before it
    /// goes on to the runtime's backtracer (`hubsim_guard_programs`): no Swift runs then, so the
    /// sweep is the C one. The crash handlers stay installed (curses' own install is then a no-op).
    public static func endProgramsOnCrash() {
        hubsim_install_crash_handlers()
        hubsim_guard_programs()
    }

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
