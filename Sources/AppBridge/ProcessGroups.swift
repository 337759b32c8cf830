#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Every program hubsim runs, process-wide: what a command that is being ended by a signal
/// kills before it dies (`AppBridge.killEveryProgram`), since no bridge's own stop sequence will
/// run then, and what the sweep for a program's daemons must leave alone (`Descendants`). Each
/// program leads a session of its own, so its group id is its pid.
enum ProcessGroups {
    private struct State {
        /// Running programs: pid → mark (`ChildEnvironment.markName`).
        var live: [pid_t: String] = [:]
        /// The marks of programs starting or running: from before the spawn, so that a program
        /// just started, a child of hubsim not yet in `live`, is never taken for an orphan.
        var marks: Set<String> = []
        /// Programs started and not yet reaped by swift-subprocess: hubsim's direct children whose
        /// exit status is swift-subprocess's to take.
        var spawned: Set<pid_t> = []
        var nextMark = 1
    }
    private static let state = Mutex(State())
    private static let adoptingFlag = Atomic<Bool>(false)

    /// Whether hubsim is the subreaper of its descendants (`adoptOrphans`).
    static var adopting: Bool { adoptingFlag.load(ordering: .relaxed) }

    /// Makes this process the subreaper of its descendants (Linux's `PR_SET_CHILD_SUBREAPER`,
    /// prctl(2)): a process whose parent ends is then re-parented to hubsim, not to init, so a
    /// daemon a program started stays within reach. Only for hubsim itself: a process that
    /// adopts must reap what it adopts, which `Descendants` does for the processes it ends.
    static func adoptOrphans() {
        #if os(Linux)
        // prctl is variadic in C, which Swift does not call: it is looked up and called with the
        // five integer arguments the kernel reads (the calling conventions pass them alike).
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        let setChildSubreaper: Int32 = 36  // PR_SET_CHILD_SUBREAPER, linux/prctl.h
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        if prctl(setChildSubreaper, 1, 0, 0, 0) == 0 { adoptingFlag.store(true, ordering: .relaxed) }
        #endif
    }

    /// A new mark for a program about to start: unique in this process and across processes.
    static func newMark() -> String {
        state.withLock { s in
            defer { s.nextMark += 1 }
            let mark = "\(getpid()).\(s.nextMark)"
            s.marks.insert(mark)
            return mark
        }
    }

    /// The program with `mark` is over (or never started): its daemons are orphans from now on.
    static func release(_ mark: String) { state.withLock { _ = $0.marks.remove(mark) } }

    static func started(_ pid: pid_t, mark: String) {
        state.withLock { s in
            s.live[pid] = mark
            s.spawned.insert(pid)
        }
    }
    static func ended(_ pid: pid_t) { state.withLock { _ = $0.live.removeValue(forKey: pid) } }
    static func reaped(_ pid: pid_t) { state.withLock { _ = $0.spawned.remove(pid) } }

    static var spawnedPIDs: Set<pid_t> { state.withLock { $0.spawned } }

    /// Ends what the program `pid` started (the program's own process group aside).
    static func endDescendants(of pid: pid_t, mark: String) {
        let (marks, spawned) = state.withLock { s in (s.marks.subtracting([mark]), s.spawned) }
        Descendants.endProgram(pid: pid, mark: mark, liveMarks: marks, spawned: spawned)
    }

    /// SIGKILL to every group still running, and to everything the programs started.
    static func killAll() {
        let (groups, anyStarted) = state.withLock { s in (Array(s.live.keys), s.nextMark > 1) }
        for pid in groups { kill(-pid, SIGKILL) }
        // No program ever started (most runs of hubsim): nothing to look for in /proc.
        if anyStarted { Descendants.endAll() }
    }
}
