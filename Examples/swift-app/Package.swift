// swift-tools-version:6.2
import PackageDescription

// An app developer's own package: it depends on hubsim's HubsimAppKit only (Foundation, nothing
// of hubsim's engine, GRDB or curses) and builds executables hubsim runs as panes
// (`hubsim --app 'store=Examples/swift-app/.build/debug/StoreApp'`).
let package = Package(
    name: "swift-app",
    dependencies: [
        // The hubsim repository this example lives in; your package names a release instead.
        .package(name: "hubsim", path: "../.."),
    ],
    targets: [
        // A store app on a Workspace ONE shared device, done right.
        .executableTarget(name: "StoreApp", dependencies: [.product(name: "HubsimAppKit", package: "hubsim")]),
        // The same store app in Microsoft Entra shared device mode (MSAL).
        .executableTarget(name: "StoreAppMSAL", dependencies: [.product(name: "HubsimAppKit", package: "hubsim")]),
    ]
)
