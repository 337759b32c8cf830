import Testing
@testable import SessionEngine

/// The coverage a device counts is kept, and saved, under each key's text: the texts stay
/// what saved devices hold.
@Suite struct CoverageKeyTests {
    @Test func keysKeepTheTextsSavedDevicesHold() {
        let texts: [(CoverageKey, String)] = [
            (.transition(.enroll), "enroll"), (.transition(.installProfile), "installProfile"),
            (.transition(.checkOut), "checkOut"), (.transition(.logOut), "logOut"),
            (.transition(.inactivityLock), "inactivityLock"), (.transition(.unlock), "unlock"),
            (.transition(.enterpriseWipe), "enterpriseWipe"), (.transition(.signIn), "signIn"), (.transition(.signOut), "signOut"),
            (.signOutFromBrowser, "signOutFromBrowser"), (.accountLockout, "accountLockout"),
            (.goOnline, "goOnline"), (.goOffline, "goOffline"), (.removeAccount, "removeAccount"),
            (.tokenPrompt(inApp: true), "tokenRequest:in-app"), (.tokenPrompt(inApp: false), "tokenRequest:broker"),
            (.tokenOutcome(.acquireTokenSilently, tag: "token:broker"), "acquireTokenSilently:token:broker"),
            (.tokenOutcome(.acquireTokenInteractively, tag: "failed:no-token"), "acquireTokenInteractively:failed:no-token"),
            (.tokenOutcome(.refreshInBackground, tag: "token:broker"), "refreshInBackground:token:broker"),
            (.refused(event: "checkOut", tag: "locked-out"), "refused:checkOut:locked-out"),
        ]
        for (key, text) in texts { #expect(key.key == text) }
    }

    @Test func aTransitionTakenIsCountedUnderItsKey() {
        var d = Fixtures.device()
        _ = d.enroll(group: Fixtures.tenant.groups[0].id, user: "stage", password: "stage")
        #expect(d.snapshot.timesTaken(.enroll) == 1)
        #expect(d.snapshot.coverage["enroll"] == 1)
        #expect(d.snapshot.timesTaken(.installProfile) == 0)
    }
}
