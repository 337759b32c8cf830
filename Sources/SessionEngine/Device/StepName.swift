/// Every step a scenario can write, spelled as the file writes it (`- checkOut: {…}`): the
/// engine's events first (`DeviceAction.stepName` names each action by one of them), then the
/// scenario's own steps, keys and checks. The scenario parser, its list of valid steps, the
/// recorder and the actions' names all read this one list, and each switches over it without
/// a `default:`, so a new step that one of them does not handle does not compile.
///
/// The order is the one error messages list the steps in.
public enum StepName: String, CaseIterable, Sendable, CustomStringConvertible {
    case enroll, installProfileStep, completeEnrollment, checkOut, checkIn, logOut, signIn, signOut
    case unlock, enterpriseWipe, launch, background, suspend, terminate, openBroker, openHub
    case goOffline, goOnline, advanceClock, setDeliveryMode, releaseDelivery, userActivity
    case acquireTokenSilently, acquireTokenInteractively, completeTokenRequest, cancelTokenRequest
    case removeAccount, refreshInBackground
    /// The MDM takes shared device mode's configuration away from a registered entra-ios device.
    case removeSharedDeviceConfiguration
    /// The races of Docs/faults.md: the account removed behind the SDK's back, unsaved work.
    case removeAccountInAuthenticator, writeDraft
    /// Android: the work account removed in the system's Settings, which sends no broadcast.
    case removeAccountFromSettings
    /// Arms or disarms an injected fault on an app (Docs/faults.md).
    case fault
    /// Managed Home Screen (android-mhs): the session PIN and the automatic sign-out's dialog.
    case setSessionPIN, enterSessionPIN, dismissAutoSignOut
    /// Keys (and clicks) into the interactive UI.
    case press
    /// Checks of the device, an app, the leak audit and a token.
    case expect, expectApp, expectNoLeak, expectLeak, expectExposure, expectToken
    /// What the injected faults on an app did (Docs/faults.md).
    case expectFault

    public var description: String { rawValue }
}
