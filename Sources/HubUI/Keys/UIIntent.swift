import SessionEngine

/// Everything a person can ask of the front end, named after what they mean. Keys, hint-line
/// entries and clickable buttons all resolve to one of these, so they cannot disagree.
public enum UIIntent: Hashable, Sendable {
    /// A declared device action (`StepName.declaration`): the Hub takes it as its declaration
    /// says (on the focused app, asking first or not), with no case of its own here.
    case device(StepName)
    // Anywhere
    case help, quit, focusNext, focusPrevious, back
    case eventLog, diagram, toggleOnline, warpMinute, warpToLock
    case toggleStepMode, checkpoint
    // The MDM (entra-ios): remove the next part of shared device mode's configuration
    case removeSharedDeviceConfiguration
    // Text fields
    case submitField, eraseCharacter, clearField, focusField, focusHub
    // Hub home, logout menu, confirmation, broker
    case openMenu, menuUp, menuDown, menuSelect, brokerSignOut, toggleBrowserSignOut
    // The forecast-and-confirm dialog (log out, wipe, sign-out, quit)
    case confirmAction
    // Focused app pane
    case launchApp, backgroundApp, suspendApp, terminateApp, appSignIn, appSignOut, appSignOutViaBrowser, openHub
    // Scrolling views (event log, help, zoomed pane, audit)
    case scrollUp, scrollDown, scrollTop, scrollBottom, lineUp, lineDown
    // Zoomed pane, audit screen, event-log filters
    case zoomPane, audit, filterApp, filterUser, filterKind
    // Cross-app single sign-on (ADAL, iOS): the SSO map, and on a focused app's pane: acquire a token (or
    // sign in through the app), remove the account in this app (its background refresh, the
    // races of Docs/faults.md, the Settings removal and the countdown's [Stay signed in] are
    // declared device actions: `device(step)`)
    case ssoMap, acquireToken, removeAccount
    // Managed Home Screen (android-mhs): move in the home grid, open the chosen app, wake the
    // screensaver
    case tileLeft, tileRight, tileUp, tileDown, openTile, wakeScreensaver
    // The hint line's "more" entry (mouse only): the menu of the entries that did not fit
    case moreActions
    // A lesson playing (its narration panel): next step, step back, let the class do the next
    // step, and, while the class has the keys, do it for them
    case lessonNext, lessonBack, lessonTry, lessonShow
    // Faults on a focused app's pane (Docs/faults.md): open or close its faults menu; in the
    // menu, move, arm or disarm the chosen row, and make a duration longer or shorter
    case faultsMenu, faultUp, faultDown, faultChoose, faultLonger, faultShorter
    // A class (`hubsim classroom`): raise or lower the hand; leave, the device kept
    case raiseHand, leaveClass
}
