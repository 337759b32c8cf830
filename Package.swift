// swift-tools-version:6.1
import PackageDescription

// Dependencies point inward:
//   hubsim → HubsimCommands → CursesTerminal, Scenarios, DeviceStore, Configuration, Platform → HubUI → SessionEngine
//   Configuration → SessionEngine, Platform, Yams;  Platform → SessionEngine, swift-crypto
// SessionEngine is the standard library only (no Foundation, files, Yams or Crypto): it takes
// parsed values and injected capabilities. Only CursesTerminal imports curses (through
// CNCurses) or touches termios and signals. Scripts/check-imports enforces these rules in CI.
//
// The shipped binary's start-up flags (first frame budgeted; README, Benchmarks;
// HubsimCommands/Launch/StartupPath.swift). Release builds on Linux only: debug
// and test builds link the usual way, and every build keeps PIE (ASLR).
let releaseOnLinux = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
// A generic type our code names with concrete arguments (`FrameLoop<CursesPainter>`, the
// storage of a `[String: String]`) is fetched through its metadata accessor, handed the
// conformances the compiler already knows, instead of by mangled name, which makes the
// runtime demangle the name and look each conformance up: the first lookup of a type and
// protocol scans all 7,600 conformance records, 0.1–0.2 ms each before the first frame
// (Docs/performance.md, "Fourth pass: start-up").
let directMetadataAccess = ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]
// Modules that import Foundation and end up in the static binary are compiled against the
// static Foundation too, or the link misses its ICU half (`_FoundationICU`).
let shippedBinarySwiftSettings: [SwiftSetting] = [.unsafeFlags(["-static-stdlib", "-Xfrontend", "-function-sections"] + directMetadataAccess, releaseOnLinux)]
// What each flag buys, measured (README, Benchmarks): `-static-stdlib` the runtime and
// Foundation linked in, not loaded as shared libraries; `--no-export-dynamic` no symbol
// table for the runtime's start-up to search; lld's `pack-relative-relocs` (DT_RELR, glibc
// 2.36 or later) keeps the binary position-independent while its 96,000 relative
// relocations take 18 KB instead of 2.3 MB, which is most of what PIE cost in memory.
// `-L Linker/static-libraries`: linker scripts named libstdc++.so, libncursesw.so,
// libsqlite3.so and libgcc_s.so that the link's own `-lstdc++` (swiftc's), `-lncursesw`
// (CNCurses), `-lsqlite3` (GRDBSQLite) and `-lgcc_s` (the driver's) find first, each naming
// the static archive, so those libraries are linked in too and the loader maps only libc
// and libm. libstdc++: peak RSS 17.4 → 16.3 MB for an interactive session; ncursesw, tinfo,
// sqlite3 and the unwinder: `main` reached 0.5–0.7 ms sooner and peak RSS 12.2–12.6 →
// 11.0–11.1 MB (Docs/performance.md, "Fifth pass: linking"). The archives come with gcc and
// Debian's libncurses-dev and libsqlite3-dev (any version; no path to them here).
let packageDirectory = String(#filePath.dropLast("Package.swift".count))
let staticLibraries = packageDirectory + "Linker/static-libraries"
// `--symbol-ordering-file`: the functions a start and an everyday session run, listed by
// `Scripts/symbol-order` (perf over real sessions), placed first and side by side, so the
// pages a start touches, and the 64 KB the kernel maps around each fault, hold code that
// runs: peak RSS 15.0 → 12.3 MB (Docs/performance.md, "Third pass: memory and the time
// before main"). A function it names that a later change removed is skipped without a
// warning; one it does not name is placed as before. SwiftPM does not see the file as an input: edited by hand, it is used
// at the next link (delete .build/release/hubsim to force one).
let symbolOrder = packageDirectory + "Linker/symbol-order.txt"
let shippedBinaryLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-L", staticLibraries, "-Xlinker", "--no-export-dynamic",
                  "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                  "-Xlinker", "--symbol-ordering-file=" + symbolOrder,
                  "-Xlinker", "--no-warn-symbol-ordering"], releaseOnLinux),
]
// Our own modules' functions each in a section of its own (release on Linux), so that the
// ordering file can move them one by one (alone, the flag changes nothing). The runtime and
// the standard library's specializations come so too; the rest of the standard library,
// Foundation and the packages we depend on move an object file at a time.
let orderableSwiftSettings: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-function-sections"] + directMetadataAccess, releaseOnLinux)]

let package = Package(
    name: "hubsim",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "hubsim", targets: ["hubsim"]),
        .executable(name: "hubsim-bench", targets: ["hubsim-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The session engine: device, tenant, profiles, apps, SDK semantics, leak audit.
        // Pure: the standard library only.
        .target(name: "SessionEngine", swiftSettings: orderableSwiftSettings),
        // The engine's capabilities on a real system: scrypt, key sources, AES-GCM.
        .target(
            name: "Platform",
            dependencies: [
                "SessionEngine",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: orderableSwiftSettings
        ),
        // YAML in and out (tenant, app catalogue), the bundled assets.
        .target(
            name: "Configuration",
            dependencies: ["SessionEngine", "Platform", .product(name: "Yams", package: "Yams")],
            resources: [.copy("Assets")],
            swiftSettings: orderableSwiftSettings
        ),
        // Screens as pure functions of state onto a cell grid; key table; hit map.
        .target(name: "HubUI", dependencies: ["SessionEngine"], swiftSettings: orderableSwiftSettings),
        // curses macros Swift cannot see.
        .systemLibrary(name: "CNCurses", providers: [.apt(["libncurses-dev"])]),
        // Signal and crash handlers must be real C (async-signal-safe).
        .target(name: "CHubsimSignals", dependencies: ["CNCurses"]),
        // The only module that touches the terminal (curses, termios, signals): the session,
        // and the password prompt of the tenant commands.
        .target(name: "CursesTerminal", dependencies: ["HubUI", "SessionEngine", "CNCurses", "CHubsimSignals"], swiftSettings: orderableSwiftSettings),
        // YAML scenarios, headless runner, reports, recorder.
        .target(name: "Scenarios", dependencies: ["HubUI", "SessionEngine", "Configuration", "Platform"], swiftSettings: orderableSwiftSettings),
        // Persistent devices (SQLite through GRDB).
        .target(
            name: "DeviceStore",
            dependencies: ["SessionEngine", "Configuration", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log")],
            swiftSettings: orderableSwiftSettings
        ),
        // The command line: argument parsing, the start-up path, wiring. A library so that
        // HubsimCommandsTests can reach it; the executable is only its main.swift.
        .target(
            name: "HubsimCommands",
            dependencies: [
                "SessionEngine", "HubUI", "CursesTerminal", "Scenarios", "DeviceStore", "Configuration", "Platform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: shippedBinarySwiftSettings
        ),
        .executableTarget(
            name: "hubsim",
            dependencies: ["HubsimCommands"],
            swiftSettings: shippedBinarySwiftSettings,
            linkerSettings: shippedBinaryLinkerSettings
        ),
        .executableTarget(
            name: "hubsim-bench",
            dependencies: ["SessionEngine", "HubUI", "Scenarios", "DeviceStore", "Configuration", "Platform"]
        ),
        .testTarget(name: "SessionEngineTests", dependencies: ["SessionEngine", "Platform", "Configuration"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "SessionEngine"]),
        // Seeded randomness and YAML mutations shared by the random-input and fuzz tests, and
        // the small tmpfs of the full-disk tests.
        .target(name: "FuzzSupport", path: "Tests/FuzzSupport"),
        // The one golden-file helper (compare, re-record, refuse to re-record under CI).
        .target(name: "GoldenSupport", path: "Tests/GoldenSupport"),
        .testTarget(name: "ConfigurationTests", dependencies: ["Configuration", "Platform", "SessionEngine", "FuzzSupport", "GoldenSupport"]),
        .testTarget(name: "HubUITests", dependencies: ["HubUI", "SessionEngine", "Platform", "Configuration", "FuzzSupport", "GoldenSupport"], exclude: ["Golden"]),
        .testTarget(name: "CursesTerminalTests", dependencies: ["CursesTerminal", "HubUI", "SessionEngine"]),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "HubUI", "SessionEngine", "Configuration", "Platform", "FuzzSupport", "GoldenSupport"]),
        .testTarget(name: "DeviceStoreTests", dependencies: ["DeviceStore", "FuzzSupport", "SessionEngine", "Configuration", "Platform", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "EndToEndTests", dependencies: ["HubUI", "DeviceStore", "FuzzSupport"]),
        // The pseudo-terminal probe of the bench target (hubsim-bench probe).
        .testTarget(name: "HubsimBenchTests", dependencies: ["hubsim-bench"]),
        .testTarget(name: "HubsimCommandsTests", dependencies: ["HubsimCommands", "SessionEngine", "HubUI", "Scenarios", "DeviceStore", "Configuration", "Platform", "FuzzSupport"]),
    ]
)
