#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Every program's process group while it runs, process-wide: what a command that is being
/// ended by a signal kills before it dies (`AppBridge.killEveryProgram`), since no bridge's
/// own stop sequence will run then. Each program leads a session of its own, so its group id
/// is its pid.
enum ProcessGroups {
    private static let live = Mutex<Set<Int32>>([])

    static func started(_ pid: Int32) { live.withLock { _ = $0.insert(pid) } }
    static func ended(_ pid: Int32) { live.withLock { _ = $0.remove(pid) } }

    /// SIGKILL to every group still running.
    static func killAll() {
        for pid in live.withLock({ $0 }) { kill(-pid, SIGKILL) }
    }
}
