import Configuration
import HubUI
import Platform
import SessionEngine

/// The screens of the two Android profiles (Microsoft Learn, shared device mode for Android;
/// configure the Microsoft Managed Home Screen app for Android Enterprise), each driven by
/// keys as a person would: the Authenticator's registration, the broker's pages, the panes
/// after a global sign-out and after the account's removal in Settings, Managed Home Screen's
/// sign-in, session PIN, home grid, screensaver and countdown dialog, and both diagrams.
enum AndroidScreens {
    static let all: [(name: String, make: @Sendable () -> HubModel)] = [
        ("entra-android-registration", registration),
        ("entra-android-signed-in", entraSignedIn),
        ("entra-android-panes", entraPanes),
        ("entra-android-resume", entraResume),
        ("entra-android-settings-confirm", settingsConfirm),
        ("entra-android-settings-removed", settingsRemoved),
        ("entra-android-diagram", entraDiagram),
        ("entra-android-account-chooser", accountChooser),
        ("mhs-sign-in", mhsSignIn),
        ("mhs-set-pin", mhsSetPIN),
        ("mhs-home", mhsHome),
        ("mhs-countdown", mhsCountdown),
        ("mhs-screensaver", mhsScreensaver),
        ("mhs-screensaver-pin", mhsScreensaverPIN),
        ("mhs-diagram", mhsDiagram),
    ]

    /// A model of `profile` whose tenant's Managed Home Screen policy `change` edits.
    static func model(_ profile: ProfileID, _ change: (inout ManagedHomeScreenPolicy) -> Void = { _ in }) -> HubModel {
        var tenant = try! BundledAssets.tenant()
        change(&tenant.managedHomeScreen)
        let d = try! SharedDevice.make(profile: profile, tenant: tenant, catalogue: BundledAssets.catalogue(), apps: nil,
                                       dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
        return HubModel(device: d, theme: .colour, width: 80, height: 24)
    }

    /// The policy a strict shop sets: a session PIN of four digits, three attempts, the screensaver after a minute.
    static func withPIN(_ p: inout ManagedHomeScreenPolicy) {
        p.enableSessionPIN = true
        p.sessionPINComplexity = .complexNumericOnly
        p.minimumLengthForSessionPIN = 4
        p.maxNumberOfAttemptsForSessionPIN = 3
        p.enableScreenSaver = true
        p.inactiveTimeToShowScreenSaver = 60
        p.enablePINToResume = true
        p.loginHintText = "Your shop account"
    }

    /// Enrolling: the apps are pushed, and the Authenticator has sent SDM_REGISTRATION_START.
    static func registration() -> HubModel {
        var m = model(.entraAndroid)
        m.press("stage<Enter>stage<Enter>")
        var ticks = 0
        while m.page != .registration, ticks < 40 {
            _ = m.handle(.tick(HubModel.installStepInterval))
            ticks += 1
        }
        _ = m.handle(.tick(HubModel.registrationStepInterval))
        return m
    }

    /// cou1 signed in through the Authenticator; Chat launched, back at the broker.
    static func entraSignedIn() -> HubModel {
        var m = model(.entraAndroid)
        m.enrollThroughUI()
        m.press("cou1<Enter>cou1<Enter><Tab>l<Tab>l<Tab>lh")
        return m
    }

    /// cou1's global sign-out with Chat and Mail in the background and Tasks stopped: what
    /// reached each app in Android's words.
    static func entraPanes() -> HubModel {
        var m = entraSignedIn()
        m.press("<Enter>y")
        return m
    }

    /// cou2 signed in, and Tasks (stopped at the sign-out) started again: it learns at resume.
    static func entraResume() -> HubModel {
        var m = entraPanes()
        m.press("cou2<Enter>cou2<Enter><Tab><Tab><Tab>l")
        return m
    }

    /// `S`: the account's removal in Settings asks first, with what each app will do.
    static func settingsConfirm() -> HubModel {
        var m = entraSignedIn()
        m.press("S")
        return m
    }

    static func settingsRemoved() -> HubModel {
        var m = settingsConfirm()
        m.press("y")
        return m
    }

    /// Roster asks for a token interactively: the Authenticator's account chooser over it.
    static func accountChooser() -> HubModel {
        var m = model(.entraAndroid)
        m.enrollThroughUI()
        m.press("<Tab><Tab><Tab><Tab>i")
        return m
    }

    static func entraDiagram() -> HubModel {
        var m = entraPanes()
        m.press("<F3>")
        return m
    }

    /// The sign-in screen of a tenant whose policy appends its domain to a bare name.
    static func mhsSignIn() -> HubModel {
        var m = model(.androidMHS) { withPIN(&$0); $0.domainNames = ["contoso.com"] }
        m.enrollThroughUI()
        m.press("cou1<Enter>")
        return m
    }

    /// cou1 signed in; 1234 refused (an ordered run), the rule in the refusal.
    static func mhsSetPIN() -> HubModel {
        var m = model(.androidMHS, withPIN)
        m.enrollThroughUI()
        m.press("cou1<Enter>cou1<Enter>1234<Enter>")
        return m
    }

    /// The home grid with Chat open and the tile of Mail chosen.
    static func mhsHome() -> HubModel {
        var m = model(.androidMHS)
        m.enrollThroughUI()
        m.press("cou1<Enter>cou1<Enter><Enter>h<Right>")
        return m
    }

    /// 300 s without input: the countdown dialog, 18 s of its 60 gone.
    static func mhsCountdown() -> HubModel {
        var m = mhsHome()
        m.press("<F6>")
        for _ in 0..<18 { _ = m.handle(.tick(1)) }
        return m
    }

    /// The screensaver after a minute idle asks for the session PIN; one wrong PIN typed.
    static func mhsScreensaverPIN() -> HubModel {
        var m = mhsSetPIN()
        m.press("7391<Enter><F6>")
        m.press("2468<Enter>")
        return m
    }

    /// The screensaver with no session PIN asked: a key resumes.
    static func mhsScreensaver() -> HubModel {
        var m = model(.androidMHS) { $0.enableScreenSaver = true; $0.inactiveTimeToShowScreenSaver = 60 }
        m.enrollThroughUI()
        m.press("cou1<Enter>cou1<Enter><F6>")
        return m
    }

    static func mhsDiagram() -> HubModel {
        var m = mhsHome()
        m.press("<F3>")
        return m
    }
}
