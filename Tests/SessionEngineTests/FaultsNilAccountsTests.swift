import Testing
@testable import SessionEngine

/// The `nil-accounts` fault: an MSAL app's next `getCurrentAccount` answers current nil and
/// previous nil whoever is signed in (the MSAL for iOS and macOS issue threads "Returning Account
/// name as nil" and "Get Account returning NULL"), and the
/// app acts on that answer by its own logic.
@Suite struct FaultsNilAccountsTests {
    /// cou1 signed in, Mail (no background capability) showing cou1's mail, then in the
    /// background behind Chat, so it learns of the next change only at its next foreground.
    static func mailBehindChat() -> SharedDevice {
        var d = Fixtures.staged(.entraIOS, apps: ["chat", "mail"])
        _ = d.signIn(user: "cou1", password: "cou1")
        _ = d.launch("mail")
        _ = d.launch("chat")
        #expect(d.app("mail")!.currentUser == "cou1" && d.app("mail")!.lifecycle == .background)
        return d
    }

    static func calls(_ d: SharedDevice, _ app: AppID) -> [String] {
        d.app(app)!.log.filter { $0.kind == .call }.map { "\($0.name) \($0.detail)" }
    }

    @Test func theNextAccountCheckAnswersNilAndTheAppClearsAndShowsNobody() throws {
        var d = Self.mailBehindChat()
        let armed = try d.armFault(InjectedFault(.nilAccounts), on: "mail").get()
        #expect(armed.name == "fault #1 (nil-accounts)")
        #expect(d.armedFaults(of: "mail") == [armed])
        let mailItems = d.app("mail")!.storage.filter { $0.owner == "cou1" }.count
        #expect(mailItems > 0)
        _ = d.signOut(from: .broker)
        _ = d.signIn(user: "cou2", password: "cou2")
        // Chat, listening in the background with the capability, heard both changes truly.
        #expect(d.app("chat")!.currentUser == "cou2")
        #expect(d.faultEffects.isEmpty && d.armedFaults.count == 1)
        // Mail missed them; at its foreground it asks, and the fault answers for the device.
        let before = Self.calls(d, "mail").count
        _ = d.launch("mail")
        #expect(Array(Self.calls(d, "mail").dropFirst(before)) == ["getCurrentAccount foreground → current: nil, previous: nil"])
        let mail = d.app("mail")!
        #expect(mail.currentUser == nil)
        #expect(mail.storage.allSatisfy { $0.owner != "cou1" && $0.owner != "cou2" })
        #expect(d.armedFaults.isEmpty)
        let effect = try #require(d.faultEffects(of: "mail").first)
        #expect(d.faultEffects.count == 1)
        #expect(effect.fault == armed && effect.kind == .nilAccounts && effect.during == .signIn)
        #expect(effect.delivery == "mail: getCurrentAccount")
        #expect(effect.consequence == "mail was told no one is signed in, though cou2 is (previous cou1): it cleared cou1's \(mailItems) item\(mailItems == 1 ? "" : "s") and shows nobody")
        #expect(effect.explanation == "injected fault #1 (nil-accounts) answered nil, nil to mail: getCurrentAccount at signIn")
        #expect(d.snapshot.coverage(of: .fault(.nilAccounts, during: .signIn)) == 1)
        // The log marks the arming and the firing as injected faults.
        let faults = d.log.entries.filter { $0.kind == .fault }.map(\.text)
        #expect(faults == ["fault #1 (nil-accounts) armed on mail",
                           "fault #1 (nil-accounts) fired: mail → getCurrentAccount answered current nil, previous nil (injected); " + effect.consequence])
        // One-shot: the next check answers the device's accounts, and Mail shows cou2.
        _ = d.launch("chat")
        _ = d.launch("mail")
        #expect(Self.calls(d, "mail").last == "getCurrentAccount foreground → current: cou2, previous: cou1")
        #expect(d.app("mail")!.currentUser == "cou2")
        #expect(d.faultEffects.count == 1)
    }

    @Test func inStepModeItFiresWhenTheCheckIsReleasedNotWhenHeld() throws {
        var d = Self.mailBehindChat()
        _ = d.armFault(InjectedFault(.nilAccounts), on: "mail")
        _ = d.signOut(from: .broker)
        _ = d.signIn(user: "cou2", password: "cou2")
        d.setDeliveryMode(.held)
        _ = d.launch("mail")
        #expect(d.heldDeliveries.map(\.app) == ["mail"])
        #expect(d.armedFaults.count == 1 && d.app("mail")!.currentUser == "cou1")
        _ = d.releaseNextDelivery()
        #expect(d.armedFaults.isEmpty && d.faultEffects.count == 1)
        #expect(d.app("mail")!.currentUser == nil)
    }

    @Test func anAppThatHadNoUserIsToldNobodyAtItsColdStart() throws {
        var d = Fixtures.staged(.entraIOS, apps: ["chat", "mail"])
        _ = d.signIn(user: "cou1", password: "cou1")
        _ = d.armFault(InjectedFault(.nilAccounts), on: "chat")
        _ = d.launch("chat")
        #expect(d.app("chat")!.currentUser == nil && d.app("chat")!.storage.allSatisfy { $0.owner == nil })
        #expect(d.faultEffects.first?.consequence == "chat was told no one is signed in, though cou1 is and shows nobody")
    }

    @Test func onlyAnMSALAppCanBeArmedAndTheLabelReadsBack() {
        var ws1 = Fixtures.staged(.workspaceOne, apps: ["notes", "forms"])
        let refusal = ws1.armFault(InjectedFault(.nilAccounts), on: "notes")
        #expect(refusal == .failure(.faultNotApplicable("notes", .nilAccounts,
                why: "notes has no MSAL: only MSAL's getCurrentAccount answers accounts; pick an MSAL app")))
        #expect(ws1.armedFaults.isEmpty)
        #expect(InjectedFault(.nilAccounts).label == "nil-accounts")
        #expect(InjectedFault(parsing: "nil-accounts") == InjectedFault(.nilAccounts))
        #expect(InjectedFault(parsing: "nil-accounts 30s") == nil)
        #expect(!FaultKind.nilAccounts.isDeliveryFault && !FaultKind.nilAccounts.isCallbackFault && !FaultKind.nilAccounts.needsSeconds)
        // Disarmed before it fires, it changes nothing.
        var d = Self.mailBehindChat()
        let armed = try? d.armFault(InjectedFault(.nilAccounts), on: "mail").get()
        #expect(d.disarmFault(armed!.id).map(\.id) == .success(armed!.id))
        _ = d.signOut(from: .broker)
        _ = d.signIn(user: "cou2", password: "cou2")
        _ = d.launch("mail")
        #expect(d.app("mail")!.currentUser == "cou2" && d.faultEffects.isEmpty)
    }
}
