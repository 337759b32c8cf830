/// What hubsim said of the app and the device in `initialize`.
public struct LaunchInformation: Equatable, Sendable {
    /// The protocol version hubsim speaks.
    public var protocolVersion: String
    /// The app's id in the scenario or on the command line (`--app 'id=…'`).
    public var appID: String
    public var name: String
    /// The SDK hubsim runs the app with: `workspace-one`, `msal` or `none`.
    public var sdk: String
    /// The device's profile: `workspace-one`, `entra-ios`, `entra-android` or `android-mhs`.
    public var profile: String
}
