import Foundation

/// The start-up path: what `hubsim` does before its first frame, kept short on purpose.
///
/// The first frame is budgeted at twice dialog's (Docs/performance.md, Benchmarks, where
/// `Scripts/first-frame` measures it). Every measure taken for it is listed here; the code
/// that carries one keeps a short comment saying why, and points back to this list.
///
/// - **Linking** (`Package.swift`, release builds on Linux only): the Swift runtime,
///   Foundation, libstdc++, ncursesw, tinfo, SQLite and the unwinder linked in (the loader
///   maps only libc and libm), no symbols exported. Measured figures are in the manifest.
/// - **Metadata** (`Package.swift`, `directMetadataAccess`): our modules fetch generic types
///   through their accessors, not by mangled name, so no conformance scan runs before the
///   first frame; the environment's dictionary is made at its final size for the same reason.
/// - **Arguments** (this file): the everyday command lines skip ArgumentParser, whose
///   reflection over every command costs about 3 ms. `everydayChoices` is the whole list;
///   `StartupPathTests` proves each gives exactly what ArgumentParser gives.
/// - **Environment** (this file): the four variables start-up reads, looked up one by one.
/// - **Store** (`DeviceStore`): plain paths and system calls rather than `FileManager` or
///   `URL` (`StoreFiles`, `StoreLocation`); the file checked on the store's own connection
///   (`StoreFileCheck`); WAL entered without GRDB's table write and its two fsyncs, no
///   migrator when the version is current (`DeviceStore.open`); an unenrolled device read
///   only by its profile (`SavedDevice`), a restored profile by its name, not its JSON
///   (`SnapshotReader`); the JSON encoder made at the first save (`SnapshotWriter`); the app
///   set taken from the apps' rows when its text is theirs, not decoded twice (`SnapshotReader`);
///   no `Codable` for the usual JSON columns: an app's definition taken from the compiled
///   catalogue when its text is exactly the compiled one, the enrollment read by hand
///   (`StoredJSON`); a new device's database made after its first frame, before the first
///   key (`NewDeviceFile`, `CursesSession.afterFirstFrame`; only its directory is made and
///   probed before), without syncs until its first save (`DeviceStore.configuration(creating:)`),
///   its directory made with `mkdir` (`StoreFiles`).
/// - **Engine**: no `String(format:)` (`twoDigits`); the hasher's memo key made at the first
///   verification (`ScryptHasher`); the bundled assets compiled in, so no file is looked for
///   (`EmbeddedAssets`), and the default tenant and catalogue decoded at build time, so no YAML
///   is parsed (`CompiledAssets`).
/// - **Terminal** (`CursesTerminal`): only `LC_CTYPE` loaded (`CursesSession.useUTF8Locale`);
///   colour pairs in an array, not a dictionary keyed by a new type (`ColorPairTable`).
///
/// What is left is mostly the runtime's first use of each generic type (Docs/performance.md, Benchmarks).
///
/// Where the time goes, phase by phase: `HUBSIM_STARTUP_TRACE=FILE` (`StartupTrace`, beside
/// this file; `Scripts/first-frame` prints the medians). Unset, it costs one `getenv`.
enum StartupPath {
    /// The everyday command lines (the README's `hubsim` and `hubsim --ephemeral`) and the
    /// device each chooses. Derived from `DeviceChoice`'s own defaults, which `DeviceOptions`
    /// also starts from, so the two paths cannot drift apart.
    static let everydayChoices: [(arguments: [String], choice: DeviceChoice)] = [
        ([], DeviceChoice()),
        (["--ephemeral"], DeviceChoice(ephemeral: true)),
    ]

    /// The variables the store and the terminal read (`StoreLocation`, `CursesSession`),
    /// looked up one by one: `ProcessInfo.environment` copies every variable into a
    /// dictionary, 0.4 ms before the first frame.
    /// Its storage is made at its final size: growing it ran a standard-library copy of the
    /// resize that fetches the storage's type by name, a scan of every conformance record
    /// for `String: Hashable` (0.1–0.2 ms; Docs/performance.md, "Fourth pass: start-up").
    static func environment() -> [String: String] {
        var environment = [String: String](minimumCapacity: 4)
        for name in ["TERM", "NO_COLOR", "XDG_STATE_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}

extension InteractiveLaunch {
    /// The launch for an everyday command line, without ArgumentParser; nil for any other
    /// (`--help` included), which `Hubsim` parses as usual.
    init?(everydayArguments arguments: [String]) {
        guard let everyday = StartupPath.everydayChoices.first(where: { $0.arguments == arguments }) else { return nil }
        self.init(choice: everyday.choice)
    }
}
