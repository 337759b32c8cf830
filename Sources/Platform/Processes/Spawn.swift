import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program started as a shell starts one: its descriptors set up as asked, every signal
/// handler and the signal mask back to the default (a signal the parent ignores, or one its
/// thread blocks, as the Swift runtime's threads do, would otherwise stay so across exec: a
/// blocked SIGTERM never ends the child), optionally in a session of its own, optionally with
/// nothing open beyond what it is given.
///
/// posix_spawn, not fork: a forked copy of a Swift process may only call async-signal-safe
/// functions before exec, which the runtime does not promise.
public struct Spawn {
    /// What one of the child's descriptors is.
    public enum Source: Sendable {
        /// A file the child opens (`open(2)` flags and mode).
        case open(String, flags: Int32, mode: mode_t = 0)
        /// A descriptor of the parent's, or one set up just before, duplicated (`dup2` clears
        /// close-on-exec on the copy).
        case duplicate(Int32)
    }

    public struct Failure: Error, CustomStringConvertible {
        public var program: String
        public var code: Int32
        public var description: String { "\(program) cannot start: \(String(cString: strerror(code)))" }
    }

    /// The child's descriptors, set up in this order.
    public var descriptors: [(Int32, Source)]
    /// A session of its own (setsid): no controlling terminal until it opens one.
    public var newSession = false
    /// Every descriptor from this one on closed in the child, whatever its close-on-exec flag
    /// (a library's descriptor opened without it must not reach the child).
    public var closeFrom: Int32?
    /// The program looked up in PATH (posix_spawnp) rather than taken as a path.
    public var searchPath = false

    public init(descriptors: [(Int32, Source)], newSession: Bool = false, closeFrom: Int32? = nil, searchPath: Bool = false) {
        self.descriptors = descriptors
        self.newSession = newSession
        self.closeFrom = closeFrom
        self.searchPath = searchPath
    }

    /// Standard input from /dev/null, standard output and error to `path` (created 0600).
    public static func quiet(output path: String) -> Spawn {
        Spawn(descriptors: [(0, .open("/dev/null", flags: O_RDONLY)),
                            (1, .open(path, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)),
                            (2, .duplicate(1))])
    }

    /// Starts `arguments` (the program first) with exactly `environment`; its pid.
    public func start(_ arguments: [String], environment: [String: String]) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, source) in descriptors {
            switch source {
            case let .open(path, flags, mode): posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, mode)
            case let .duplicate(from): posix_spawn_file_actions_adddup2(&actions, from, descriptor)
            }
        }
        if let closeFrom { Self.closeFrom(closeFrom, &actions) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        // POSIX_SPAWN_SETSID (glibc 2.26, <spawn.h>; a GNU extension Swift's Glibc module does not show).
        let setSessionID: Int32 = 0x80
        let flags = Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK) | (newSession ? setSessionID : 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid: pid_t = 0
        let result = searchPath
            ? posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
            : posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure(program: arguments[0], code: result) }
        return pid
    }

    /// Closes every descriptor from `first` on in the child: glibc 2.34's
    /// `posix_spawn_file_actions_addclosefrom_np`, looked up at run time because Swift's Glibc
    /// module does not show GNU extensions (on an older glibc the close-on-exec flags alone hold).
    static func closeFrom(_ first: Int32, _ actions: inout posix_spawn_file_actions_t) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, first)
    }
}
