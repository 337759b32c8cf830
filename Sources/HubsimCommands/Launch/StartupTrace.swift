#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CursesTerminal
import HubUI
import Synchronization

/// `HUBSIM_STARTUP_TRACE=FILE`: where the time before the first frame goes, phase by phase
/// (Docs/performance.md). At exit hubsim appends one line to FILE: each phase's end in milliseconds
/// since the process started, in order. `Scripts/startup-phases` runs hubsim many times in a
/// pseudo-terminal with it and prints the median of each phase.
///
/// Unset, it costs one `getenv` at `main` and a nil check at each mark.
///
/// The process's start is taken from the kernel, not guessed: `/proc/self/schedstat` gives
/// the nanoseconds the thread has been running and waiting to run since its `fork`, which
/// before `main` is all of its life (it has not slept yet: the binary is in the page cache).
/// So `main` minus that is the fork (the spawn), the instant the probe (`hubsim-bench probe`)
/// counts its first-frame time from.
/// `/proc/self/stat`'s start time was the other choice, but it counts in 10 ms ticks.
enum StartupTrace {
    /// The phases of the first frame, in order; each mark is the end of its phase.
    enum Phase: String, CaseIterable {
        /// Process start (fork, exec, the dynamic loader, the runtime's start-up) to `main`.
        case main
        /// The command line read: the everyday shortcut or ArgumentParser.
        case arguments
        /// The device's database opened and its device read (nothing for `--ephemeral`).
        case stateLoad = "state-load"
        /// The tenant and the app catalogue decoded, the device built.
        case assets
        /// `newterm` and the terminal modes: curses ready.
        case cursesInit = "curses-init"
        /// The model made and its first frame rendered (a grid of cells, nothing written).
        case firstRender = "first-render"
        /// The first frame written to the terminal (`doupdate` returned).
        case firstWrite = "first-write"
    }

    /// This process's trace; nil unless `HUBSIM_STARTUP_TRACE` is set. Written by the main
    /// thread only, before and while the first frame is drawn: the lock is never contended.
    private static let current = Mutex<Trace?>(nil)

    private struct Trace {
        let path: String
        /// CLOCK_MONOTONIC nanoseconds of the process's start (its fork).
        let start: UInt64
        var marks: [(Phase, UInt64)] = []
    }

    /// Called first thing in `main`: starts the trace when the variable names a file.
    static func beginIfRequested() {
        guard let path = getenv("HUBSIM_STARTUP_TRACE") else { return }
        let now = monotonicNanoseconds()
        let lived = runnableNanosecondsSinceFork() ?? 0
        let trace = Trace(path: String(cString: path), start: now - min(lived, now), marks: [(.main, now)])
        current.withLock { $0 = trace }
    }

    /// Marks the end of `phase` (the first time only: a phase ends once).
    static func mark(_ phase: Phase) {
        current.withLock { trace in
            guard trace != nil, !trace!.marks.contains(where: { $0.0 == phase }) else { return }
            trace!.marks.append((phase, monotonicNanoseconds()))
        }
    }

    /// Appends this run's line to the file: `main=2.91 arguments=3.02 …`, milliseconds since
    /// the process started. Appended, so that many runs with one variable leave one line each.
    static func finish() {
        guard let trace = current.withLock({ trace in defer { trace = nil }; return trace }) else { return }
        var line = trace.marks.map { phase, t in "\(phase.rawValue)=\(millis(t - trace.start))" }.joined(separator: " ")
        line += "\n"
        let fd = open(trace.path, O_WRONLY | O_APPEND | O_CREAT, 0o600)
        guard fd >= 0 else { return }
        _ = line.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
    }

    /// Runs `model` in `session`, marking its first render and first write when tracing;
    /// exactly `session.run` otherwise.
    static func run(_ session: CursesSession, _ model: inout HubModel, afterEvent: @escaping (inout HubModel) -> Void) -> TerminalExit {
        guard current.withLock({ $0 != nil }) else { return session.run(&model, afterEvent: afterEvent) }
        let then = session.afterFirstFrame
        session.afterFirstFrame = {
            mark(.firstWrite)
            return then?() ?? true
        }
        var traced = FirstRenderMark(model: model)
        let exit = session.run(&traced) { afterEvent(&$0.model) }
        model = traced.model
        return exit
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// Running plus runnable-but-waiting nanoseconds of this thread (`/proc/self/schedstat`).
    /// The digits are read byte by byte: a `String` split here was the first use of generic
    /// string code in the process, about 0.1 ms that the trace itself added to `arguments`.
    private static func runnableNanosecondsSinceFork() -> UInt64? {
        let fd = open("/proc/self/schedstat", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer -> UInt64? in
            let count = read(fd, buffer.baseAddress, 128)
            guard count > 0 else { return nil }
            return schedstatSum(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The sum of the first two numbers of a `schedstat` line (`running waiting slices`);
    /// nil when the line does not start with two.
    static func schedstatSum(_ line: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var running: UInt64 = 0, waiting: UInt64 = 0
        var field = 0, digits = 0
        for byte in line {
            if byte >= 0x30 && byte <= 0x39 {
                if field == 0 { running = running &* 10 &+ UInt64(byte - 0x30) } else { waiting = waiting &* 10 &+ UInt64(byte - 0x30) }
                digits += 1
            } else {
                guard digits > 0 else { return nil }
                field += 1
                digits = 0
                if field == 2 { break }
            }
        }
        if field == 1 && digits > 0 { field = 2 }
        guard field == 2 else { return nil }
        return running + waiting
    }

    /// Nanoseconds as milliseconds with two decimals, without `String(format:)`.
    private static func millis(_ nanoseconds: UInt64) -> String {
        let hundredths = (nanoseconds + 5_000) / 10_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// The model, marking the end of its first render: the trace's `first-render` phase.
private struct FirstRenderMark: TerminalProgram {
    var model: HubModel

    mutating func handle(_ event: InputEvent, shown: Frame?) -> TerminalRequest { model.handle(event, shown: shown) }

    /// A traced start sleeps as an untraced one does (the idle figure of Docs/performance.md holds either way).
    func secondsUntilTimedChange(shown: Frame?) -> Double? { model.secondsUntilTimedChange(shown: shown) }

    func render(width: Int, height: Int) -> Frame {
        let frame = model.render(width: width, height: height)
        StartupTrace.mark(.firstRender)
        return frame
    }
}
