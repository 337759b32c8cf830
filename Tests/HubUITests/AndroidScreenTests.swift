import HubUI
import SessionEngine
import Testing

/// The Android profiles' screens by key and by mouse, headless (Microsoft Learn, shared device
/// mode for Android; configure the Microsoft Managed Home Screen app for Android Enterprise).
@Suite struct AndroidScreenTests {
    /// A click on a tile of Managed Home Screen's grid opens the app, as Enter on the chosen tile does.
    @Test func aTileOpensItsAppByClickAndByKey() {
        var m = AndroidScreens.model(.androidMHS)
        m.enrollThroughUI()
        m.press("cou1<Enter>cou1<Enter>")
        #expect(m.page == .mhsHome)
        #expect(m.click { $0 == .appCommand(.launchApp, app: "mail") })
        #expect(m.device.app("mail")?.lifecycle == .foreground)
        #expect(m.focus == .pane("mail"))
        m.press("h<Enter>")
        #expect(m.device.app("chat")?.lifecycle == .foreground, "Enter opens the chosen tile, the first")
        m.press("h<Right><Down><Enter>")
        #expect(m.device.app("roster")?.lifecycle == .foreground, "→ then ↓ in a grid of two columns: the fourth tile")
    }

    /// The countdown dialog: its number ticks on the simulator clock and the terminal is told to
    /// wake for each second; [Stay signed in] by click keeps the session, as Enter does.
    @Test func theCountdownTicksAndStaySignedInKeepsTheSession() {
        var m = AndroidScreens.model(.androidMHS)
        m.enrollThroughUI()
        m.press("cou1<Enter>cou1<Enter><F6>")
        #expect(m.screen().contains("You will be signed out in 60 s"))
        let frame = m.render(width: 80, height: 24)
        #expect(m.secondsUntilTimedChange(shown: frame) == 1)
        _ = m.handle(.tick(1))
        #expect(m.screen().contains("You will be signed out in 59 s"))
        #expect(m.hints.contains("Enter stay signed in"))
        #expect(m.click { $0 == .command(.device(.dismissAutoSignOut)) })
        #expect(!m.screen().contains("You will be signed out"))
        #expect(m.device.state.user?.name == "cou1")
        m.press("<F6>")
        m.press("<Enter>")
        #expect(m.device.state.user?.name == "cou1", "Enter stays signed in too")
        // Left alone, the countdown runs out: every app is signed out.
        m.press("<F6><F6>")
        #expect(m.device.state.user == nil)
        #expect(m.page == .mhsSignIn)
    }

    /// The sign-out button on the home grid asks first, with the broadcast named; by click as by `u`.
    @Test func theSignOutButtonAsksFirst() {
        var m = AndroidScreens.model(.androidMHS)
        m.enrollThroughUI()
        m.press("cou1<Enter>cou1<Enter>")
        #expect(m.click { $0 == .command(.brokerSignOut) })
        #expect(m.render(width: 80, height: 24).grid.text.contains("GLOBAL_SIGN_OUT"))
        m.press("y")
        #expect(m.device.state.user == nil)
    }

    /// The session PIN: its rule on screen, refused with the rule, masked, and asked when the
    /// screensaver is left; the wrong ones count down to a sign-out.
    @Test func theSessionPINIsMaskedAndCounted() {
        var m = AndroidScreens.model(.androidMHS, AndroidScreens.withPIN)
        m.enrollThroughUI()
        m.press("cou1<Enter>cou1<Enter>")
        #expect(m.page == .mhsSetPIN && m.form.kind == .setSessionPIN)
        m.press("7391")
        #expect(m.screen().contains("••••") && !m.screen().contains("7391"))
        m.press("<Enter><F6>")
        #expect(m.page == .mhsScreensaver && m.form.kind == .enterSessionPIN)
        m.press("1111<Enter>2222<Enter>")
        #expect(m.screen().contains("Wrong session PIN.") && m.device.sessionPINAttemptsLeft == 1)
        m.press("3333<Enter>")
        #expect(m.device.state.user == nil, "the third wrong PIN signs out")
    }

    /// `S` on Android: asks, then removes the account, and the screen says no broadcast was sent;
    /// the button on the Authenticator's page is the same command.
    @Test func removingTheAccountInSettingsSaysNoBroadcast() {
        var m = AndroidScreens.model(.entraAndroid)
        m.enrollThroughUI()
        m.press("cou1<Enter>cou1<Enter>")
        #expect(m.render(width: 80, height: 24).hitMap.regions.contains { $0.target == .command(.device(.removeAccountFromSettings)) })
        m.press("S")
        #expect(m.screen().contains("Remove cou1 in Settings?"))
        m.press("y")
        #expect(m.device.state.user == nil)
        #expect(m.screen().contains("no broadcast sent"))
        // Not on iOS: the key is not bound there.
        var ios = Fixtures.model(.entraIOS)
        ios.enrollThroughUI()
        ios.press("cou1<Enter>cou1<Enter>S")
        #expect(ios.device.state.user?.name == "cou1")
    }
}
