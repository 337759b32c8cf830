#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exit status in the words the pane shows: `exit 3`, `killed by SIGKILL`.
enum ExitStatus {
    static func name(of signal: Int32) -> String {
        let names: [Int32: String] = [1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT",
                                      7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 10: "SIGUSR1", 11: "SIGSEGV", 12: "SIGUSR2",
                                      13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM"]
        return names[signal] ?? "signal \(signal)"
    }

    /// Waits for the process `pid` to end and says how, leaving it to be reaped by swift-subprocess
    /// (`WNOWAIT`): the library reports the status only once its clean-up ran on the global pool.
    /// Called after the process group was sent SIGKILL, so the wait is short.
    static func peek(_ pid: pid_t) -> String {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
            guard errno == EINTR else { return "ended" }
        }
        let code = info._sifields._sigchld.si_status
        switch info.si_code {
        case Int32(CLD_EXITED): return "exit \(code)"
        case Int32(CLD_KILLED), Int32(CLD_DUMPED): return "killed by " + name(of: code)
        default: return "ended"
        }
    }
}
