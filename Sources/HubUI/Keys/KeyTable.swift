/// The whole key table, in the order the hint line shows it: the keys of what has focus
/// first, then the ones that work anywhere.
public enum KeyTable {
    /// Every binding, in hint-line order.
    public static let bindings: [KeyBinding] = focusBindings + globalBindings

    /// The first binding that takes `key` in `context`.
    public static func binding(for key: Key, in context: KeyContext) -> KeyBinding? {
        bindings.first { $0.activeKeys(in: context).contains(key) }
    }

    /// The name of the first key bound to `command` (for text that mentions a key).
    public static func keyName(of command: UIIntent) -> String {
        bindings.first { $0.command == command }?.keys.first?.displayName ?? "?"
    }

    /// The buttons the focused app's pane shows in `context`, in the order drawn: those of the
    /// bindings whose predicate holds, in table order, the ones that leave the app last. A
    /// pane offers what its keys do because both come from the same bindings.
    public static func paneButtons(in context: KeyContext) -> [(button: PaneButton, command: UIIntent)] {
        paneButtonBindings.compactMap { b in b.when(context) ? b.paneButton.map { ($0, b.command) } : nil }
    }

    /// The bindings with a pane button, in the order the pane draws them.
    private static let paneButtonBindings: [KeyBinding] = {
        let withButton = bindings.filter { $0.paneButton != nil }
        return withButton.filter { !($0.paneButton?.leavesApp ?? false) } + withButton.filter { $0.paneButton?.leavesApp ?? false }
    }()

    /// The bindings shown in the hint line for `context`: help first (so it is never cut
    /// off), then the rest in table order.
    public static func hints(in context: KeyContext) -> [(binding: KeyBinding, text: String)] {
        let all = bindings.enumerated().compactMap { i, b in hintText(of: b, at: i, in: context).map { (binding: b, text: $0) } }
        return all.filter { $0.binding.command == .help } + all.filter { $0.binding.command != .help }
    }

    /// A binding's hint, without the keys a lesson binding earlier in the table takes (Enter
    /// while the trainer leads is the next step, so the Hub's menu shows as `m menu`).
    private static func hintText(of binding: KeyBinding, at index: Int, in context: KeyContext) -> String? {
        guard binding.inHint else { return nil }
        let keys = binding.activeKeys(in: context).filter { key in
            !bindings[..<index].contains { KeyBinding.lessonCommands.contains($0.command) && $0.activeKeys(in: context).contains(key) }
        }
        return keys.first.map { "\($0.displayName) \(binding.help)" }
    }

    private static let focusBindings: [KeyBinding] = [
        // A lesson while the trainer leads: Enter is the next step too ("Space/Enter"). No text
        // field takes keys then, so Enter is free of typing; it comes first, before the Hub's
        // and the panes' Enter (menu, launch), which stay on their letters, and before the
        // Enter of a page a lesson step opened (the Hub's log-out confirmation answers to `y`
        // then): the lesson keeps the lead. When the class has its turn, Enter is theirs again
        // with its usual meaning; while "Quit the lesson?" asks, Enter is its yes.
        KeyBinding([.enter], "next step", .lessonNext, scope: "lesson (the trainer leads)", inHint: false) {
            $0.lessonPlaying && !$0.lessonWaiting && $0.lessonCanGoOn && !$0.confirmingQuit
        },
        // Help screen
        KeyBinding([.escape, .function(1), .char("?")], "close help", .help, scope: "help") { $0.helpOpen },
        // The forecast-and-confirm dialog: every step that cannot be taken back
        KeyBinding([.enter, .char("y")], "confirm", .confirmAction, scope: "confirmation") { $0.confirming },
        KeyBinding([.escape, .char("n")], "cancel", .back, scope: "confirmation") { $0.confirming },
        // Its forecast, app by app, where not all apps fit (`+2 more apps`): the wheel and a
        // click on that line do the same.
        KeyBinding([.down, .char("j")], "more apps", .lineDown, scope: "confirmation (its forecast)", inHint: false) { $0.confirming && !$0.confirmingQuit },
        KeyBinding([.up, .char("k")], "apps above", .lineUp, scope: "confirmation (its forecast)", inHint: false) { $0.confirming && !$0.confirmingQuit },
        // Managed Home Screen's countdown before the automatic sign-out: [Stay signed in]
        // (Microsoft Learn, Managed Home Screen: `auto_signout_time_to_give_user_notice`).
        KeyBinding([.enter, .escape, .char("y")], "stay signed in", .device(.dismissAutoSignOut), scope: "sign-out countdown (android-mhs)") {
            $0.countdownShown && !$0.confirming && !$0.helpOpen
        },
        // Text fields (enrollment, credential prompt, unlock, broker sign-in)
        KeyBinding([.enter], "next/submit", .submitField, scope: "text field") { $0.textFieldFocused },
        KeyBinding([.backspace, .delete], "erase", .eraseCharacter, scope: "text field", inHint: false) { $0.textFieldFocused },
        KeyBinding([.ctrl("u")], "clear field", .clearField, scope: "text field", inHint: false) { $0.textFieldFocused },
        // Hub home, menu, confirmation
        KeyBinding([.enter, .char("m")], "menu", .openMenu, scope: "Hub home") { $0.hubFocused && $0.page == .home },
        KeyBinding([.up, .char("k")], "up", .menuUp, scope: "logout menu", inHint: false) { $0.hubFocused && $0.page == .logoutMenu },
        KeyBinding([.down, .char("j")], "down", .menuDown, scope: "logout menu", inHint: false) { $0.hubFocused && $0.page == .logoutMenu },
        KeyBinding([.enter], "choose", .menuSelect, scope: "logout menu") { $0.hubFocused && $0.page == .logoutMenu },
        // Managed Home Screen's home grid (android-mhs): the arrows choose a tile, Enter opens it
        KeyBinding([.enter], "open app", .openTile, scope: "Managed Home Screen") { $0.hubFocused && $0.page == .mhsHome && !$0.countdownShown },
        KeyBinding([.left], "tile left", .tileLeft, scope: "Managed Home Screen", inHint: false) { $0.hubFocused && $0.page == .mhsHome && !$0.countdownShown },
        KeyBinding([.right], "tile right", .tileRight, scope: "Managed Home Screen", inHint: false) { $0.hubFocused && $0.page == .mhsHome && !$0.countdownShown },
        KeyBinding([.up], "tile up", .tileUp, scope: "Managed Home Screen", inHint: false) { $0.hubFocused && $0.page == .mhsHome && !$0.countdownShown },
        KeyBinding([.down], "tile down", .tileDown, scope: "Managed Home Screen", inHint: false) { $0.hubFocused && $0.page == .mhsHome && !$0.countdownShown },
        KeyBinding([.char("u")], "sign out", .brokerSignOut, scope: "Managed Home Screen (global sign-out)") {
            $0.hubFocused && $0.page == .mhsHome && !$0.countdownShown
        },
        // The screensaver: a key wakes it (the session PIN form when one is set takes Enter itself)
        KeyBinding([.enter, .char(" ")], "wake", .wakeScreensaver, scope: "Managed Home Screen screensaver") {
            $0.hubFocused && $0.page == .mhsScreensaver && !$0.screensaverAsksPIN && !$0.countdownShown
        },
        // Broker (entra-ios) signed in
        KeyBinding([.enter], "sign out", .brokerSignOut, scope: "broker") { $0.hubFocused && $0.page == .brokerSignedIn },
        KeyBinding([.char("w")], "via browser", .toggleBrowserSignOut, scope: "broker (entra-ios)") {
            $0.hubFocused && $0.page == .brokerSignedIn && !$0.android
        },
        // Focused app pane
        KeyBinding([.enter, .char("l")], "launch", .launchApp, scope: "app pane", button: PaneButton("run")) { $0.paneFocused },
        KeyBinding([.char("b")], "background", .backgroundApp, scope: "app pane", button: PaneButton("bg")) { $0.paneFocused },
        KeyBinding([.char("s")], "suspend", .suspendApp, scope: "app pane", button: PaneButton("susp")) { $0.paneFocused },
        KeyBinding([.char("t")], "terminate", .terminateApp, scope: "app pane", button: PaneButton("end")) { $0.paneFocused },
        // A fault QA injects on purpose into the app's next delivery or wipe (Docs/faults.md).
        KeyBinding([.char("!")], "faults", .faultsMenu, scope: "app pane",
                   button: PaneButton("faults")) {
            $0.paneFocused && !$0.faultMenuOpen && ($0.view == .panes || $0.view == .zoom)
        },
        KeyBinding([.char("i")], "sign in here", .appSignIn, scope: "app pane (entra-ios)", button: PaneButton("sign in")) {
            $0.paneFocused && $0.profile.isEntra && $0.enrolled && !$0.signedIn && !$0.paneHasSSO
        },
        KeyBinding([.char("u")], "sign out here", .appSignOut, scope: "app pane (entra-ios)", button: PaneButton("sign out")) {
            $0.paneFocused && $0.profile.isEntra && $0.signedIn
        },
        KeyBinding([.char("w")], "sign out via browser", .appSignOutViaBrowser, scope: "app pane (entra-ios)") {
            $0.paneFocused && $0.profile.isEntra && $0.signedIn && !$0.android
        },
        KeyBinding([.char("h")], "open Hub", .openHub, scope: "app pane", button: PaneButton("hub", leavesApp: true)) {
            $0.paneFocused && $0.enrolled
        },
        KeyBinding([.char("f")], "zoom", .zoomPane, scope: "app pane (or click its title)") {
            $0.paneFocused && ($0.view == .panes || $0.view == .zoom || $0.view == .ssoMap)
        },
        // The faults menu `!` opens: its keys come first while it is open (`KeyBinding.activeKeys`),
        // so Enter arms the chosen row there and does not launch, and the arrows move in it, not
        // the zoomed pane; any other key closes it, then does what it does elsewhere.
        KeyBinding([.up, .char("k")], "up", .faultUp, scope: "faults menu", inHint: false) { $0.faultMenuOpen },
        KeyBinding([.down, .char("j")], "down", .faultDown, scope: "faults menu", inHint: false) { $0.faultMenuOpen },
        KeyBinding([.enter], "arm/disarm", .faultChoose, scope: "faults menu") { $0.faultMenuOpen },
        KeyBinding([.char("+"), .right], "30 s longer", .faultLonger, scope: "faults menu") {
            $0.faultMenuOpen
        },
        KeyBinding([.char("-"), .left], "30 s shorter", .faultShorter, scope: "faults menu") {
            $0.faultMenuOpen
        },
        KeyBinding([.escape, .char("!")], "close", .faultsMenu, scope: "faults menu") { $0.faultMenuOpen },
        // Event-log filters (F2): its filter bar shows these keys, and each filter is clickable there
        KeyBinding([.char("A")], "app filter", .filterApp, scope: "event log", inHint: false) { $0.view == .eventLog },
        KeyBinding([.char("U")], "user filter", .filterUser, scope: "event log", inHint: false) { $0.view == .eventLog },
        KeyBinding([.char("K")], "kind filter", .filterKind, scope: "event log", inHint: false) { $0.view == .eventLog },
        // Scrolling (event log, help)
        KeyBinding([.up], "line up", .lineUp, scope: "zoomed pane / audit / SSO map / event log", inHint: false) {
            !$0.helpOpen && ($0.scrollsByLine || $0.view == .eventLog)
        },
        KeyBinding([.down], "line down", .lineDown, scope: "zoomed pane / audit / SSO map / event log", inHint: false) {
            !$0.helpOpen && ($0.scrollsByLine || $0.view == .eventLog)
        },
        KeyBinding([.pageUp], "scroll up", .scrollUp, scope: "event log / help", inHint: false) { $0.scrollable },
        KeyBinding([.pageDown], "scroll down", .scrollDown, scope: "event log / help", inHint: false) { $0.scrollable },
        KeyBinding([.home], "oldest", .scrollTop, scope: "event log / help", inHint: false) { $0.scrollable },
        KeyBinding([.end], "newest", .scrollBottom, scope: "event log / help", inHint: false) { $0.scrollable },
        // A lesson playing: these keys exist only while its narration panel shows (Space and
        // the brackets type into a text field, the arrows still work there)
        KeyBinding([.char(" "), .char("]"), .right], "next step", .lessonNext, scope: "lesson") {
            $0.lessonPlaying && !$0.lessonWaiting && $0.lessonCanGoOn
        },
        KeyBinding([.char(" "), .char("]"), .right], "show them", .lessonShow, scope: "lesson (the class's turn)") {
            $0.lessonPlaying && $0.lessonWaiting && !$0.lessonIsRace
        },
        KeyBinding([.char(" "), .char("]"), .right], "show me", .lessonShow, scope: "race preset (your turn)") {
            $0.lessonPlaying && $0.lessonWaiting && $0.lessonIsRace
        },
        KeyBinding([.char("["), .left], "step back", .lessonBack, scope: "lesson") { $0.lessonPlaying && $0.lessonCanGoBack },
        KeyBinding([.char("d")], "let them try", .lessonTry, scope: "lesson") {
            $0.lessonPlaying && !$0.lessonWaiting && $0.lessonCanTry
        },
        // Single sign-on on a focused app's pane (ADAL cross-app SSO on iOS). `i` keeps its meaning (sign in
        // here, the app's interactive token request); `x` removes the account in this app
        // only (MSAL removeAccount, not a global sign-out: that is `u`); `R` refreshes.
        KeyBinding([.char("i")], "get token", .acquireToken, scope: "app pane (single sign-on)", button: PaneButton("token")) {
            $0.paneFocused && $0.paneHasSSO && $0.enrolled
        },
        KeyBinding([.char("x")], "remove account", .removeAccount, scope: "app pane (single sign-on; asks first)",
                   button: PaneButton("remove")) {
            $0.paneFocused && $0.paneHasSSO && $0.enrolled
        },
        KeyBinding([.char("R")], "refresh token", .device(.refreshInBackground), scope: "app pane (single sign-on, background refresh)") {
            $0.paneFocused && $0.paneHasSSO && $0.enrolled
        },
        // Races (Docs/faults.md): unsaved work in the app's memory, which no wipe deletes; the
        // account removed in the Authenticator with no notification to any app.
    ]

    private static let globalBindings: [KeyBinding] = [
        KeyBinding([.tab], "focus", .focusNext, scope: "anywhere") { _ in true },
        KeyBinding([.backTab], "focus back", .focusPrevious, scope: "anywhere", inHint: false) { _ in true },
        KeyBinding([.escape], "back", .back, scope: "anywhere") { c in
            !c.confirming && (c.helpOpen || c.view != .panes || c.paneFocused || c.page == .logoutMenu || c.textFieldFocused)
        },
        KeyBinding([.function(1), .char("?")], "help", .help, scope: "anywhere") { !$0.helpOpen },
        // A class: the trainee's hand (the trainer's queue of hands) and leaving with the device
        // kept. Capitals, so no shortcut of the Hub's moves; F12 where a text field has the letters.
        KeyBinding([.function(12), .char("H")], "raise/lower hand", .raiseHand, scope: "a class") { $0.inClass },
        KeyBinding([.char("L")], "leave (device kept)", .leaveClass, scope: "a class") { $0.inClass },
        KeyBinding([.function(2), .char("e")], "log", .eventLog, scope: "anywhere") { _ in true },
        KeyBinding([.function(3), .char("g")], "diagram", .diagram, scope: "anywhere") { _ in true },
        KeyBinding([.char("a")], "audit", .audit, scope: "anywhere (exposures and their causes)") { $0.enrolled },
        KeyBinding([.function(4), .char("o")], "online/offline", .toggleOnline, scope: "anywhere") { _ in true },
        KeyBinding([.function(5), .char("+")], "+60s", .warpMinute, scope: "anywhere (clock warp)") { _ in true },
        KeyBinding([.function(6), .char("z")], "to inactivity lock", .warpToLock, scope: "anywhere (clock warp)") {
            $0.canWarpToLock && $0.profile != .androidMHS
        },
        // Managed Home Screen's timers: the clock jumps to the next (the screensaver, the
        // countdown dialog, the automatic sign-out when the countdown runs out).
        KeyBinding([.function(6), .char("z")], "to next MHS timer", .warpToLock, scope: "anywhere (clock warp, android-mhs)") {
            $0.profile == .androidMHS && $0.launcherTimerDue
        },
        KeyBinding([.function(7), .char("p")], "step mode", .toggleStepMode, scope: "anywhere") { $0.enrolled },
        KeyBinding([.function(8), .char("n")], "release next", .device(.releaseDelivery), scope: "step mode") { $0.stepMode && $0.heldCount > 0 },
        KeyBinding([.function(9), .char("c")], "checkpoint", .checkpoint, scope: "anywhere (recorder)") { _ in true },
        KeyBinding([.ctrl("x")], "enterprise wipe", .device(.enterpriseWipe), scope: "anywhere (console, workspace-one)") {
            $0.profile == .workspaceOne && $0.enrolled
        },
        KeyBinding([.ctrl("r")], "MDM removes config", .removeSharedDeviceConfiguration,
                   scope: "anywhere (the MDM, entra-ios: the SSO plug-in profile, then the Authenticator's configuration)") {
            $0.profile == .entraIOS && $0.enrolled
        },
        KeyBinding([.function(10), .char("q")], "quit", .quit, scope: "anywhere") { _ in true },
        KeyBinding([.function(11), .char("r")], "SSO map", .ssoMap, scope: "anywhere (single sign-on: who shares tokens, what is misconfigured)") { _ in true },
        // The races' two events (Docs/faults.md), last in the table: they are reachable from the
        // hint line's "more" menu by mouse and by key, without pushing the everyday keys off the line.
        KeyBinding([.char("D")], "type a draft", .device(.writeDraft), scope: "app pane (unsaved, in memory only)") {
            $0.paneFocused && $0.enrolled
        },
        // Android's Settings > Accounts: the work account removed, and no broadcast sent
        // (Microsoft Learn, shared device mode for Android: a known issue).
        KeyBinding([.char("S")], "remove in Settings", .device(.removeAccountFromSettings),
                   scope: "anywhere (Android: Settings > Accounts; no broadcast is sent)") {
            $0.android && $0.signedIn && !$0.textFieldFocused
        },
        KeyBinding([.char("E")], "erase in broker", .device(.removeAccountInAuthenticator),
                   scope: "broker (entra-ios): no app is told") { $0.hubFocused && $0.page == .brokerSignedIn },
    ]
}
