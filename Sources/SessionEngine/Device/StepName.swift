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

extension StepName {
    /// The step's device action, declared once (`DeviceAction.Declaration`): nil for the steps
    /// that are no simple action (a check, a key, a step with arguments of its own). A new
    /// action whose step is bare or names an app is declared here and nowhere else in the
    /// parser, the recorder or the Hub's key handling (Docs/architecture.md, "Adding a device
    /// action"). No `default:`, so a new step says here what it is.
    public var declaration: DeviceAction.Declaration? {
        typealias D = DeviceAction.Declaration
        let app: [Refusal.Kind] = [.unknownApp, .appNotInstalled]
        let token: [Refusal.Kind] = app + [.noSSOConfiguration, .appNotRunning]
        return switch self {
        case .installProfileStep:
            D(self, .bare(.installProfileStep), transitions: [.installProfile], refusals: [.notEnrolled, .alreadyEnrolled])
        case .completeEnrollment:
            D(self, .bare(.completeEnrollment), transitions: [.installProfile], refusals: [.notEnrolled, .alreadyEnrolled])
        case .enterpriseWipe:
            D(self, .bare(.enterpriseWipe), transitions: [.enterpriseWipe],
              refusals: [.notSupported, .notEnrolled, .enrollmentInProgress, .offline], asksFirst: true) {
                $0.isEntra ? "enterpriseWipe is a workspace-one step (the console's wipe command)" : nil
            }
        case .launch: D(self, .onApp(DeviceAction.launch), refusals: app)
        case .background: D(self, .onApp(DeviceAction.background), refusals: app + [.appNotRunning])
        case .suspend: D(self, .onApp(DeviceAction.suspend), refusals: app + [.appNotRunning])
        case .terminate: D(self, .onApp(DeviceAction.terminate), refusals: app + [.appNotRunning])
        case .goOffline: D(self, .bare(.goOffline), refusals: [])
        case .goOnline: D(self, .bare(.goOnline), refusals: [])
        case .releaseDelivery: D(self, .bare(.releaseDelivery), refusals: [.nothingHeld])
        case .userActivity: D(self, .bare(.userActivity), refusals: [])
        case .acquireTokenSilently: D(self, .onApp(DeviceAction.acquireTokenSilently), refusals: token)
        case .cancelTokenRequest: D(self, .bare(.cancelTokenRequest), refusals: [.noTokenRequest])
        case .removeAccount: D(self, .onApp(DeviceAction.removeAccount), refusals: token + [.notSignedInToApp])
        case .refreshInBackground: D(self, .onApp(DeviceAction.refreshInBackground), refusals: token + [.notSignedInToApp])
        case .removeAccountInAuthenticator:
            D(self, .bare(.removeAccountInAuthenticator), refusals: [.notSupported, .notEnrolled, .notCheckedOut]) {
                $0.isEntra ? nil : "removeAccountInAuthenticator is an Entra step (\(ProfileID.entraNames)): on workspace-one the Hub owns the session"
            }
        case .removeAccountFromSettings:
            D(self, .bare(.removeAccountFromSettings), transitions: [.removeAccountFromSettings],
              refusals: [.notSupported, .notEnrolled, .notCheckedOut], asksFirst: true) {
                $0.platform == .android ? nil
                    : "removeAccountFromSettings is an Android step (\(ProfileID.androidNames)): Settings > Accounts"
                        + ($0 == .entraIOS ? "; on entra-ios write removeAccountInAuthenticator" : "; on workspace-one check in with checkIn")
            }
        case .writeDraft: D(self, .onApp(DeviceAction.writeDraft), refusals: app + [.cannotWriteDraft])
        case .dismissAutoSignOut:
            D(self, .bare(.dismissAutoSignOut), transitions: [.dismissAutoSignOut], refusals: [.notSupported, .noAutoSignOutCountdown]) {
                $0 == .androidMHS ? nil : "dismissAutoSignOut is a Managed Home Screen step (android-mhs); \($0.rawValue) has no launcher"
            }
        case .enroll, .checkOut, .checkIn, .logOut, .signIn, .signOut, .unlock, .openBroker, .openHub, .advanceClock,
             .setDeliveryMode, .acquireTokenInteractively, .completeTokenRequest, .removeSharedDeviceConfiguration, .fault,
             .setSessionPIN, .enterSessionPIN, .press, .expect, .expectApp, .expectNoLeak, .expectLeak, .expectExposure,
             .expectToken, .expectFault:
            nil
        }
    }
}
