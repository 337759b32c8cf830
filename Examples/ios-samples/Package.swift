// swift-tools-version:6.2
import PackageDescription

// Two apps written anew after the public iOS samples an app team starts from, making the samples'
// calls at the samples' moments, against hubsim's `MSAL` and `AWSDK` modules (README.md here says
// which sample each follows, and Docs/app-developers.md what check-app says of each).
let package = Package(
    name: "ios-samples",
    dependencies: [
        // The hubsim repository these examples live in; your package names a release instead.
        .package(name: "hubsim", path: "../.."),
    ],
    targets: [
        // After Microsoft's MSAL iOS sample (Azure-Samples/ms-identity-mobile-apple-swift-objc).
        .executableTarget(name: "MSALiOSSample", dependencies: [.product(name: "MSAL", package: "hubsim")]),
        // After the Workspace ONE SDK integration sample (euc-releases/workspace-ONE-SDK-integration-samples).
        .executableTarget(name: "AWSDKSample", dependencies: [.product(name: "AWSDK", package: "hubsim")]),
    ],
    // Swift 5, as the samples' own Xcode projects: their UIKit code leans on the main queue, not
    // on Swift 6's actor checks.
    swiftLanguageModes: [.v5]
)
