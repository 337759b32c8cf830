// swift-tools-version:6.2
import PackageDescription

// Dependencies point inward:
//   hubsim → HubsimCommands → CursesTerminal, Scenarios, DeviceStore, Configuration, Platform → HubUI → SessionEngine
//   Configuration → SessionEngine, Platform, Yams;  Platform → SessionEngine, swift-crypto
//   Scenarios → AppBridge → SessionEngine, BridgeProtocol, swift-subprocess (AppBridge starts developers'
//   programs; hubsim-bench starts the processes it measures);  HubsimAppKit → BridgeProtocol (Foundation only)
// SessionEngine is the standard library only (no Foundation, files, Yams or Crypto): it takes
// parsed values and injected capabilities. Only CursesTerminal imports curses (through
// CNCurses) or touches termios and signals. Scripts/check-imports enforces these rules in CI;
// Scripts/check-architecture checks Docs/architecture.md's module table and picture against this file.
//
// The shipped binary's start-up flags, release builds on Linux only (debug and test builds
// link the usual way; every build keeps PIE). One line of why each; what each buys, measured,
// and how to regenerate or drop it: Linker/README.md. Scripts/check-link checks them in CI.
let releaseOnLinux = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
// Generic types our code names fetched by their accessors, not by mangled name: fewer conformance scans.
let directMetadataAccess = ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]
// -static-stdlib: modules importing Foundation compile against the static Foundation the binary links.
let shippedBinarySwiftSettings: [SwiftSetting] = [.unsafeFlags(["-static-stdlib", "-Xfrontend", "-function-sections"] + directMetadataAccess, releaseOnLinux)]
let packageDirectory = String(#filePath.dropLast("Package.swift".count))
let shippedBinaryLinkerSettings: [LinkerSetting] = [
    .unsafeFlags([
        // The Swift runtime and Foundation linked in, not loaded as shared libraries.
        "-static-stdlib",
        // Linker scripts named like libstdc++, ncursesw, sqlite3 and gcc_s that name the static archives.
        "-L", packageDirectory + "Linker/static-libraries",
        // No dynamic symbol table for the start to search.
        "-Xlinker", "--no-export-dynamic",
        // PIE's relocations packed (DT_RELR; needs glibc 2.36 at run time): smaller, fewer pages at start.
        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
        // The functions a start runs placed first, side by side (Scripts/symbol-order regenerates it;
        // Scripts/check-link fails CI when it has gone stale, as lld skips missing names silently).
        "-Xlinker", "--symbol-ordering-file=" + packageDirectory + "Linker/symbol-order.txt",
        "-Xlinker", "--no-warn-symbol-ordering",
    ], releaseOnLinux),
]
// Our modules' functions each in a section of their own, so that the ordering file can move them.
let orderableSwiftSettings: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-function-sections"] + directMetadataAccess, releaseOnLinux)]

let package = Package(
    name: "hubsim",
    products: [
        .executable(name: "hubsim", targets: ["hubsim"]),
        .executable(name: "hubsim-bench", targets: ["hubsim-bench"]),
        // For an app developer's own package: the bridge's app side and the SDK stand-ins.
        .library(name: "HubsimAppKit", targets: ["HubsimAppKit"]),
        // The same under the SDKs' own module names, so an iOS app's `import MSAL` and
        // `import AWSDK` (and names such as `AWSDK.EnrollmentStatus`) compile unchanged.
        .library(name: "MSAL", targets: ["MSAL"]),
        .library(name: "AWSDK", targets: ["AWSDK"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
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
        // YAML in and out (tenant, app catalogue), the bundled assets. Assets/ is compiled in
        // (Loading/EmbeddedAssets.swift, generated and checked by ConfigurationTests), not
        // copied beside the binary: hubsim is one file.
        .target(
            name: "Configuration",
            dependencies: ["SessionEngine", "Platform", .product(name: "Yams", package: "Yams")],
            exclude: ["Assets"],
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
        .target(name: "Scenarios", dependencies: ["HubUI", "SessionEngine", "Configuration", "Platform", "AppBridge", "BridgeProtocol"], swiftSettings: orderableSwiftSettings),
        // A developer's own programs as apps: child processes speaking JSON-RPC over stdio
        // (Docs/bridge-protocol.md). Real I/O beside the pure engine, as swift-nio keeps NIOPosix beside NIOCore.
        .target(
            name: "AppBridge",
            dependencies: ["SessionEngine", "BridgeProtocol", .product(name: "Subprocess", package: "swift-subprocess")],
            swiftSettings: orderableSwiftSettings
        ),
        // The bridge protocol's words, once for both ends: its method names, error codes, messages
        // and JSON value. Foundation only, and no unsafe flags: HubsimAppKit, an app developer's
        // library (which a package depending on a release of hubsim builds), is built on it.
        .target(name: "BridgeProtocol"),
        // A class over ssh: the SSH server (swift-nio-ssh), a hubsim child per trainee on a
        // pseudo-terminal, the control pipe's JSON lines, the class folder (Docs/classroom.md).
        .target(
            name: "Classroom",
            dependencies: [
                "SessionEngine", "HubUI", "Platform",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: orderableSwiftSettings
        ),
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
                "SessionEngine", "HubUI", "CursesTerminal", "Scenarios", "DeviceStore", "Configuration", "Platform", "AppBridge", "Classroom",
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
        // Your own app in hubsim: the app's end of the bridge protocol (Docs/bridge-protocol.md)
        // and the SDK shapes it speaks for. Foundation only, so an app's package pulls in nothing else.
        .target(name: "HubsimAppKit", dependencies: ["BridgeProtocol"]),
        // Thin modules that re-export HubsimAppKit and Foundation under the SDKs' names.
        .target(name: "MSAL", dependencies: ["HubsimAppKit"]),
        .target(name: "AWSDK", dependencies: ["MSAL"]),
        .executableTarget(
            name: "hubsim-bench",
            dependencies: [
                "SessionEngine", "HubUI", "Scenarios", "DeviceStore", "Configuration", "Platform", "AppBridge", "BridgeProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                // `hubsim-bench classroom`: scripted trainees on swift-nio-ssh's client role.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
            ]
        ),
        .testTarget(name: "SessionEngineTests", dependencies: ["SessionEngine", "Platform", "Configuration"]),
        .testTarget(name: "AppBridgeTests", dependencies: ["AppBridge", "BridgeProtocol", "SessionEngine", "Configuration", "Platform"], exclude: ["Fixtures"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "SessionEngine"]),
        // Seeded randomness and YAML mutations shared by the random-input and fuzz tests, the
        // small tmpfs of the full-disk tests, and the slots that bound the programs tests run at once.
        .target(name: "FuzzSupport", dependencies: ["SessionEngine"], path: "Tests/FuzzSupport"),
        // The one golden-file helper (compare, re-record, refuse to re-record under CI).
        .target(name: "GoldenSupport", path: "Tests/GoldenSupport"),
        .testTarget(name: "ConfigurationTests", dependencies: ["Configuration", "Platform", "SessionEngine", "FuzzSupport", "GoldenSupport"]),
        .testTarget(name: "HubUITests", dependencies: ["HubUI", "SessionEngine", "Platform", "Configuration", "FuzzSupport", "GoldenSupport"], exclude: ["Golden"]),
        .testTarget(name: "CursesTerminalTests", dependencies: ["CursesTerminal", "HubUI", "SessionEngine"]),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "HubUI", "SessionEngine", "Configuration", "Platform", "FuzzSupport", "GoldenSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "DeviceStoreTests", dependencies: ["DeviceStore", "FuzzSupport", "SessionEngine", "Configuration", "Platform", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log")], exclude: ["OldDevices"]),
        .testTarget(name: "EndToEndTests", dependencies: ["HubUI", "DeviceStore", "FuzzSupport"]),
        // The pseudo-terminal probe of the bench target (hubsim-bench probe).
        .testTarget(name: "HubsimBenchTests", dependencies: ["hubsim-bench", "BridgeProtocol"]),
        .testTarget(name: "HubsimAppKitTests", dependencies: ["HubsimAppKit", "BridgeProtocol", "MSAL", "AWSDK"]),
        // The classroom with a real OpenSSH client in tmux (skipped, saying why, without `ssh`).
        .testTarget(name: "ClassroomTests", dependencies: ["Classroom", "HubUI", "SessionEngine", "FuzzSupport", "Platform"]),
        .testTarget(name: "HubsimCommandsTests", dependencies: ["HubsimCommands", "SessionEngine", "HubUI", "Scenarios", "DeviceStore", "Configuration", "Platform", "FuzzSupport"]),
    ]
)

// Strict where it costs nothing: an existential is spelt `any P`, so a reader sees where a
// protocol value is boxed and dispatched dynamically (Swift 6's upcoming ExistentialAny).
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny"), .treatWarning("ExistentialAny", as: .error)]
}
