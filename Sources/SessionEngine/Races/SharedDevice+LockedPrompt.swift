/// The inactivity lock fires while an app shows its own sign-in prompt (Docs/faults.md,
/// "inactivity-lock-during-token-prompt").
extension SharedDevice {
    /// The lock takes the front: the app's own prompt (its web view or the system's sign-in
    /// sheet) is dismissed, yet MSAL never hears of it and keeps the interactive session as
    /// under way (the MSAL for iOS issue thread "iOS Alert Pop Up Disappears": the prompt
    /// vanishes when the phone is locked and unlocked, and sign-in fails from then on). A prompt in the broker is the
    /// Authenticator's own screen: it stays, and comes back after the unlock.
    mutating func lockDismissedPrompt() {
        guard var request = snapshot.tokens?.pending, request.place == .inApp, request.phase == .promptInApp else { return }
        request.phase = .promptDismissed
        snapshot.tokens!.pending = request
        logEvent(.event, app: request.app,
                 "the inactivity lock dismissed \(request.app)'s sign-in prompt; MSAL still counts its interactive session as under way")
        cover(.race("inactivity-lock-during-token-prompt"))
    }

    /// The app asks again while its dismissed session is still counted: MSAL refuses it with
    /// "Only one interactive session is allowed at a time" (the MSAL for iOS issue thread of that title), until
    /// the app's process ends (`endTokenRequest`).
    mutating func askedAgainWhileStuck(_ i: Int, _ sso: SSOConfiguration) -> TokenOutcome {
        _ = launch(snapshot.apps[i].id)
        logEvent(.call, app: snapshot.apps[i].id, "\(snapshot.apps[i].id) → acquireToken (interactive) while its dismissed session is still under way")
        return finishInteractive(i, sso, .failed(.interactiveSessionInProgress))
    }
}
