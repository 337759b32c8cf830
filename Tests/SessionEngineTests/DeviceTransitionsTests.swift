import Testing
@testable import SessionEngine

/// 004, "Device Transitions": enroll with the staging user, check out cou1, log out,
/// check out cou2 — and what each default app receives at each step.
@Suite struct DeviceTransitionsTests {
    @Test func enrollmentInstallsTheProfileThenStagesTheDevice() {
        var d = Fixtures.device()
        #expect(d.state == .unenrolled)
        #expect(d.apps.isEmpty)
        guard case let .success(.enrolling(progress)) = d.enroll(group: "frontline", user: "stage", password: "stage") else {
            Issue.record("enroll was not accepted"); return
        }
        #expect(progress.steps == DeviceProfile.workspaceOne.installSteps + ["Push app: Notes", "Push app: Scanner",
                                  "Push app: Inventory", "Push app: Reports", "Push app: Forms"])
        #expect(progress.completed == 1)  // credentials validated
        var states: [DeviceState.Kind] = []
        while case .enrolling = d.state {
            _ = d.installNextProfileStep()
            states.append(d.state.kind)
        }
        #expect(states == Array(repeating: .enrolling, count: 7) + [.checkedIn])
        #expect(d.apps.map(\.id) == ["notes", "scanner", "inventory", "reports", "forms"])
        #expect(d.apps.allSatisfy { $0.lifecycle == .notRunning })
        #expect(d.snapshot.enrollment?.stagingUser == "stage")
        #expect(d.snapshot.coverage["enroll"] == 1 && d.snapshot.coverage["installProfile"] == 1)
    }

    @Test func enrollmentRefusals() {
        var d = Fixtures.device()
        #expect(d.enroll(group: "NOPE", user: "stage", password: "stage") == .failure(.unknownGroup("NOPE")))
        #expect(d.enroll(group: nil, user: "stage", password: "stage") == .failure(.missingGroupID))
        #expect(d.enroll(group: "FRONTLINE", user: "cou1", password: "cou1") == .failure(.notAStagingUser("cou1")))
        _ = d.goOffline()
        #expect(d.enroll(group: "FRONTLINE", user: "stage", password: "stage") == .failure(.offline("enrollment")))
        #expect(d.state == .unenrolled)
        #expect(d.launch("notes") == .failure(.appNotInstalled("notes")))
    }

    /// Found by the random-input walk (RandomInputTests): an app pushed early in the install
    /// and launched before the last step stayed "in the foreground" behind the Hub, so the
    /// audit treated it as on screen and a second launch left two apps in the foreground.
    @Test func anAppLaunchedWhileTheProfileInstallsGoesToTheBackgroundWhenEnrollmentEnds() {
        var d = Fixtures.device()
        _ = d.enroll(group: "FRONTLINE", user: "stage", password: "stage")
        while d.app("notes") == nil { _ = d.installNextProfileStep() }
        #expect(d.launch("notes") == .success(.foreground))
        #expect(d.completeEnrollment() == .success(.checkedIn))
        #expect(d.foreground == .hub)
        #expect(d.lifecycle(of: "notes") == .background)
        #expect(d.launch("scanner") == .success(.foreground))
        #expect(d.apps.filter { $0.lifecycle == .foreground }.map(\.id) == ["scanner"])
    }

    @Test func theWalkAndWhatEachAppReceives() {
        var d = Fixtures.staged()
        var inbox = Inbox()
        let ws1 = ["notes", "scanner", "inventory", "reports"]

        #expect(d.checkOut("cou1") == .success(.checkedOut("cou1")))
        for app in ws1 + ["forms"] { #expect(d.launch(app) == .success(.foreground)) }
        // First cold start after installation: no earlier user to compare with.
        for app in ws1 {
            #expect(inbox.take(d, app) == [initialOK], "\(app)")
            #expect(d.app(app)!.currentUser == "cou1")
            #expect(d.block(of: d.app(app)!) == nil)
        }
        #expect(inbox.take(d, "forms") == [])
        #expect(d.app("forms")!.lifecycle == .foreground)
        #expect(ws1.allSatisfy { d.app($0)!.lifecycle == .background })

        #expect(d.logOut() == .success(.checkedIn))
        #expect(d.foreground == .hub)
        // Check-in is not broadcast: nobody has been told anything yet.
        for app in ws1 { #expect(inbox.take(d, app) == []); #expect(d.isPending(d.app(app)!)) }

        #expect(d.checkOut("cou2") == .success(.checkedOut("cou2")))
        for app in ws1 {
            _ = d.launch(app)
            // Foreground opportunity: wipe first (after key deletion), then the user change.
            #expect(inbox.take(d, app) == [wipe, userChange], "\(app)")
            #expect(d.app(app)!.currentUser == "cou2")
            #expect(!d.isPending(d.app(app)!))
        }
        #expect(d.snapshot.history.map(\.user) == ["cou1", "cou2"])
        #expect(d.snapshot.history[0].ending == .logOut)
        #expect(d.snapshot.marks == SessionMarks(checkOuts: 2, wipes: 1))
        // No app shows cou1's data to cou2; scanner's retained preferences are an at-rest exposure.
        #expect(d.findings.filter { $0.severity == .visibleLeak }.isEmpty)
        #expect(d.findings.map(\.app) == ["scanner"])
        #expect(d.findings.first?.owners == ["cou1"])
    }

    @Test func theStagingUserCanCheckOutByAuthenticatingASecondTime() {
        var d = Fixtures.staged()
        #expect(d.checkOut("stage") == .success(.checkedOut("stage")))
        #expect(d.log.entries.contains { $0.kind == .event && $0.text.contains("the staging user, authenticating a second time") })
    }

    @Test func checkOutRefusals() {
        var d = Fixtures.staged()
        #expect(d.checkOut(group: "frontline", user: "cou1", password: "cou1") == .success(.checkedOut("cou1")))
        #expect(d.checkOut("cou2") == .failure(.alreadyCheckedOut("cou1")))
        #expect(d.snapshot.coverage["refused:checkOut:already-checked-out"] == 1)
        _ = d.logOut()
        #expect(d.checkOut(group: "", user: "cou1", password: "cou1") == .failure(.missingGroupID))
        #expect(d.checkOut(group: "OTHER", user: "cou1", password: "cou1") == .failure(.unknownGroup("OTHER")))
        #expect(d.logOut() == .failure(.notCheckedOut))
    }

    @Test func offlineCheckOutIsRefusedWithAReason() {
        var d = Fixtures.staged()
        #expect(d.goOffline() == .success(.checkedIn))
        let result = d.checkOut("cou1")
        #expect(result == .failure(.offline("check-out")))
        #expect(d.state == .checkedIn)
        #expect(Refusal.offline("check-out").description == "The device is offline: check-out needs a connection to the console.")
        #expect(d.log.entries.last?.kind == .refused)
        _ = d.goOnline()
        #expect(d.checkOut("cou1") == .success(.checkedOut("cou1")))
        // Logging out needs no console: the Hub checks in at once.
        _ = d.goOffline()
        #expect(d.logOut() == .success(.checkedIn))
    }

    @Test func enterpriseWipeReachesAppsLikeACheckIn() {
        var d = Fixtures.staged()
        var inbox = Inbox()
        _ = d.checkOut("cou1")
        _ = d.launch("notes")
        _ = d.launch("scanner")
        _ = inbox.take(d, "notes")
        #expect(inbox.take(d, "scanner") == [initialOK])
        #expect(d.enterpriseWipe() == .success(.checkedIn))
        #expect(d.snapshot.history.last?.ending == .enterpriseWipe)
        // scanner was in front: its SDK acts at once. notes notices at its next foreground.
        #expect(inbox.take(d, "scanner") == [wipe])
        #expect(inbox.take(d, "notes") == [])
        _ = d.launch("notes")
        #expect(inbox.take(d, "notes") == [wipe])
        #expect(d.block(of: d.app("notes")!) == .checkedIn)
        #expect(d.app("notes")!.storage.isEmpty)
    }

    @Test func singleUserDeviceKeepsItsFirstUserForGood() {
        var d = Fixtures.device(tenant: Fixtures.strictTenant)
        _ = d.enroll(group: "warehouse", user: "kiosk", password: "kiosk")
        _ = d.completeEnrollment()
        #expect(d.snapshot.enrollment?.mode == .singleUser)
        #expect(d.checkOut(group: "WAREHOUSE", user: "cou1", password: "cou1", passcode: "2468") == .success(.checkedOut("cou1")))
        #expect(d.snapshot.enrollment?.assignedUser == "cou1")
        #expect(d.logOut() == .failure(.singleUserDevice("cou1")))
        // MSAL's device modes are shared and default; beside the Hub it is never shared.
        #expect(d.deviceMode == "default")
    }

    @Test func appPasscodePolicyIsAskedAfterTheCredentials() {
        var d = Fixtures.device(tenant: Fixtures.strictTenant)
        _ = d.enroll(group: "WAREHOUSE", user: "stage", password: "stage")
        _ = d.completeEnrollment()
        let cred = (group: "WAREHOUSE", user: "cou1", password: Secret("cou1"))
        #expect(d.checkOut(group: cred.group, user: cred.user, password: cred.password) == .failure(.passcodeRequired(minLength: 4)))
        #expect(d.attempts(of: "cou1").left == 5)  // not a failed attempt
        #expect(d.checkOut(group: cred.group, user: cred.user, password: cred.password, passcode: "12") == .failure(.passcodeTooShort(minLength: 4)))
        #expect(d.checkOut(group: cred.group, user: cred.user, password: cred.password, passcode: "12ab") == .failure(.passcodeTooShort(minLength: 4)))
        #expect(d.checkOut(group: cred.group, user: cred.user, password: cred.password, passcode: "1357") == .success(.checkedOut("cou1")))
        #expect(d.snapshot.session?.passcodeHash?.phc.hasPrefix("$scrypt$") == true)
    }
}
