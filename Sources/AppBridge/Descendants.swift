#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything a program started, found in /proc and ended with SIGKILL (Linux; elsewhere only
/// the process group is ended). A program leads a session and a process group of its own, but
/// a daemon it starts with `setsid` leaves both, and once its parent exits it is a child of
/// hubsim (when hubsim is the subreaper of its descendants, `ProcessGroups.adoptOrphans`) or
/// of init. It is found three ways, none of which needs it to stay in the program's group:
/// - it is still below the program in the tree of parents (`PPid`), or in its session;
/// - its environment carries the program's mark (`ChildEnvironment.markName`): a daemon keeps
///   the environment it was started with (proc(5), `/proc/PID/environ`) unless it chose another;
/// - hubsim adopted it (its parent is hubsim, and hubsim did not start it) and its mark names a
///   program of this hubsim's that is over.
/// One that dropped the mark and was adopted is ended when hubsim ends (`endAll`).
///
/// Each sweep looks again until it finds nothing alive: a process killed while forking may have
/// left a child that the previous look could not see.
enum Descendants {
    struct Entry {
        var pid: pid_t
        var parent: pid_t
        var session: pid_t
        var zombie: Bool
    }

    /// Ends everything the program `pid` (marked `mark`) started; `liveMarks`: the marks of the
    /// programs still running, whose adopted daemons stay. The program itself is left alone (its
    /// process group is killed and it is reaped by its owner). Returns how many it ended.
    @discardableResult
    static func endProgram(pid: pid_t, mark: String, liveMarks: Set<String>, spawned: Set<pid_t>) -> Int {
        let prefix = "\(getpid())."
        return sweep { entries, me in
            var roots: [pid_t] = []
            for entry in entries where entry.pid != pid && entry.pid != me && !spawned.contains(entry.pid) {
                if entry.parent == pid || (entry.session == pid && pid > 0) {
                    roots.append(entry.pid)
                    continue
                }
                let found = Self.mark(of: entry.pid)
                if found == mark { roots.append(entry.pid); continue }
                // An orphan of a program of this hubsim's that is over. Not one without a mark: a
                // program being started is a child of hubsim with hubsim's environment for a moment
                // (between fork and exec), and must not be taken for one.
                if ProcessGroups.adopting, entry.parent == me, let found, found.hasPrefix(prefix), !liveMarks.contains(found) {
                    roots.append(entry.pid)
                }
            }
            return roots
        }
    }

    /// Ends every process hubsim started, directly or not, that is still running: hubsim is
    /// ending. Its whole tree of descendants when it is their subreaper; with or without that,
    /// every process carrying a mark of this hubsim's.
    @discardableResult
    static func endAll() -> Int {
        let prefix = "\(getpid())."
        return sweep { entries, me in
            var roots: [pid_t] = []
            for entry in entries where entry.pid != me {
                if ProcessGroups.adopting, entry.parent == me { roots.append(entry.pid); continue }
                if let found = Self.mark(of: entry.pid), found.hasPrefix(prefix) { roots.append(entry.pid) }
            }
            return roots
        }
    }

    /// Reaps the processes this sweep chose to end (`chosen`) that are now this process's
    /// children: the adopted ones. Each by its pid, never `waitpid(-1)`; and never a child this
    /// process started itself and waits for (a program swift-subprocess waits for, a classroom's
    /// trainee, a test's child): its owner's wait would find it gone (ECHILD) and take a crash
    /// for a clean exit. Only when hubsim adopts orphans: otherwise no process is adopted, and
    /// a child this process did not start is its host's (a test runner running the bridge
    /// in-process). An adopted process that ended by itself, which no sweep chose, is reaped by
    /// the last sweep (`endAll`, which chooses every child).
    static func reapAdopted(_ entries: [Entry], me: pid_t, spawned: Set<pid_t>, chosen: Set<pid_t>) {
        guard ProcessGroups.adopting else { return }
        for entry in entries where entry.zombie && entry.parent == me && !spawned.contains(entry.pid) && chosen.contains(entry.pid) {
            var info = siginfo_t()
            _ = waitid(P_PID, id_t(entry.pid), &info, WEXITED | WNOHANG)
        }
    }

    /// Up to a few rounds of: find the roots, add everything below them, SIGKILL what is alive.
    private static func sweep(_ roots: ([Entry], pid_t) -> [pid_t]) -> Int {
        #if os(Linux)
        let me = getpid()
        var ended = 0
        var chosen = Set<pid_t>()
        for _ in 0..<5 {
            let entries = table()
            var children: [pid_t: [pid_t]] = [:]
            for entry in entries { children[entry.parent, default: []].append(entry.pid) }
            let zombies = Set(entries.filter(\.zombie).map(\.pid))
            var targets = Set<pid_t>()
            var pending = roots(entries, me)
            while let next = pending.popLast() {
                guard next != me, targets.insert(next).inserted else { continue }
                pending += children[next] ?? []
            }
            chosen.formUnion(targets)
            let alive = targets.subtracting(zombies)
            for target in alive { kill(target, SIGKILL) }
            ended += alive.count
            if alive.isEmpty {
                reapAdopted(entries, me: me, spawned: ProcessGroups.spawnedPIDs, chosen: chosen)
                break
            }
        }
        return ended
        #else
        return 0
        #endif
    }

    /// Every process in /proc: its parent, session and whether it is a zombie (proc(5), `stat`).
    static func table() -> [Entry] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(name), let stat = contents(of: "/proc/\(pid)/stat", limit: 4096) else { continue }
            // "pid (comm) state ppid pgrp session …": comm may hold spaces and parentheses.
            guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { continue }
            let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
            guard fields.count > 3, let parent = pid_t(String(decoding: fields[1], as: UTF8.self)),
                  let session = pid_t(String(decoding: fields[3], as: UTF8.self)) else { continue }
            entries.append(Entry(pid: pid, parent: parent, session: session, zombie: fields[0].first == UInt8(ascii: "Z")))
        }
        return entries
    }

    /// The value of the process's mark, if its environment holds one.
    static func mark(of pid: pid_t) -> String? {
        guard let environment = contents(of: "/proc/\(pid)/environ", limit: 1 << 20) else { return nil }
        let key = Array((ChildEnvironment.markName + "=").utf8)
        for variable in environment.split(separator: 0) where variable.starts(with: key) {
            return String(decoding: variable.dropFirst(key.count), as: UTF8.self)
        }
        return nil
    }

    /// A whole small file of /proc (nil: gone, or not ours to read).
    private static func contents(of path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes
    }
}
