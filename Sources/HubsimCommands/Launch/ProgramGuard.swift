import AppBridge
import CursesTerminal
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The hubsim process's promise that nothing a developer's program started outlives it
/// (Docs/bridge-protocol.md, "Starting and stopping"; Docs/reliability.md): hubsim adopts the
/// orphans of its programs (Linux's child subreaper), a crash ends them on its way down, and
/// every way out of hubsim ends what is left. Only the hubsim executable turns it on, at start:
/// a test runner running commands in-process starts children of its own, which it must keep.
public enum ProgramGuard {
    /// Set once, by `start` on the main thread before the command starts any other thread.
    private static let active = Mutex(false)

    /// Once, before the command runs (Sources/hubsim/main.swift).
    public static func start() {
        let first = active.withLock { active in
            defer { active = true }
            return !active
        }
        guard first else { return }
        AppBridge.adoptOrphans()
        QuitSignalWatch.endProgramsOnCrash()
        // A normal end (ArgumentParser's `exit`, any command): what is left goes too.
        atexit { ProgramGuard.sweep() }
    }

    /// Ends every program and everything they started, when the guard is on (the hubsim executable).
    static func sweep() {
        if active.withLock({ $0 }) { AppBridge.killEveryProgram() }
    }
}
