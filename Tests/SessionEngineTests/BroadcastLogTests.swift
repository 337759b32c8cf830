import Testing
@testable import SessionEngine

/// An account change logs its per-app lines as values, formatted when read (Docs/performance.md): the
/// text must read exactly as before, survive a round trip as text, and compare equal to a
/// line loaded from the store.
@Suite struct BroadcastLogTests {
    private func signedIn(userItems: [String] = ["Data of {user}"]) -> SharedDevice {
        let app = AppDefinition(id: "probe", name: "Probe", sdk: .msal(MSALTraits(
            backgroundCapability: true, listensForNotification: true, checksAccountOnForeground: true)),
            userItems: userItems)
        var d = SharedDevice(profile: .entraIOS, tenant: Fixtures.tenant, apps: [app], dependencies: Fixtures.dependencies())
        _ = d.enroll(group: nil, user: "stage", password: "stage")
        _ = d.completeEnrollment()
        _ = d.launch("probe"); _ = d.background("probe")
        _ = d.signIn(user: "cou1", password: "cou1")
        return d
    }

    @Test func aBroadcastReadsAsItAlwaysHas() {
        var d = signedIn()
        _ = d.signOut()
        let probe = d.log.entries.filter { $0.app == "probe" && ($0.kind == .notification || $0.kind == .call) }.map(\.text)
        #expect(probe.suffix(4) == [
            "probe ← SHARED_MODE_CURRENT_ACCOUNT_CHANGED",
            "probe → getCurrentAccount (notification): current: cou1, previous: nil",
            "probe ← SHARED_MODE_CURRENT_ACCOUNT_CHANGED",
            "probe → getCurrentAccount (notification): current: nil, previous: cou1",
        ])
        let app = d.app("probe")!.log.filter { $0.kind == .call || $0.name == "create" || $0.name == "clear" }
        #expect(app.suffix(4).map { "\($0.name): \($0.detail)" } == [
            "getCurrentAccount: notification → current: cou1, previous: nil",
            "create: cou1 created 1 item(s)",
            "getCurrentAccount: notification → current: nil, previous: cou1",
            "clear: cleared 1 item(s) of cou1",
        ])
    }

    @Test func aLineFromTheStoreEqualsTheEnginesLine() {
        let d = signedIn()
        for entry in d.log.entries {
            let loaded = LogEntry(seq: entry.seq, time: entry.time, kind: entry.kind, app: entry.app, text: entry.text)
            #expect(loaded == entry)
            var changed = loaded
            changed.text += "!"
            #expect(changed != entry)
        }
        for entry in d.app("probe")!.log {
            #expect(AppLogEntry(time: entry.time, kind: entry.kind, name: entry.name, detail: entry.detail) == entry)
        }
        // Two engine lines made from values compare by their values, then by their text.
        let checks = d.log.entries.filter { $0.kind == .call }
        #expect(checks.count >= 2)
        #expect(checks[0] == checks[0])
        var other = checks[0]
        other.message = .accountCheck(current: "cou2", previous: nil, reason: .notification)
        #expect(other != checks[0])
        other.message = .text(checks[0].text)
        #expect(other == checks[0])
    }

    /// `{user}` filled byte by byte: none, one, several, a partial marker, non-ASCII text.
    @Test func templatesAreFilledWithTheUserName() {
        let templates = ["{user}", "a {user} b {user}", "no marker", "{use", "ü {user}!", "{user}{user}", ""]
        let d = signedIn(userItems: templates)
        let texts = d.visibleItems(of: d.app("probe")!).map(\.text)
        #expect(texts == ["cou1", "a cou1 b cou1", "no marker", "{use", "ü cou1!", "cou1cou1", ""])
    }
}
