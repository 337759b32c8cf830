import Foundation
import Testing
@testable import SessionEngine

/// The table of which system tells which SDK what (`SDKRules`): every cell's data, every
/// cell's behaviour on a device, and the page that prints it (Docs/sdk-rules.md).
@Suite struct SDKRulesTests {
    /// Each cell as the references give it.
    @Test func everyCellSaysWhatTheReferencesSay() {
        #expect(SDKRules.rule(.workspaceOne, .workspaceOne)
                == SDKRule(notice: .sdkCallbacksAtForeground, initialCheck: .sharedDevice, shows: .checkedOutUser))
        #expect(SDKRules.rule(.workspaceOne, .msal)
                == SDKRule(notice: .nothing, deviceMode: "default", currentAccount: .ownSignIn, shows: .currentAccount))
        #expect(SDKRules.rule(.workspaceOne, .none) == SDKRule(notice: .nothing, shows: .nobody))
        #expect(SDKRules.rule(.entraIOS, .workspaceOne)
                == SDKRule(notice: .nothing, initialCheck: .notSharedDevice, shows: .firstUser))
        #expect(SDKRules.rule(.entraIOS, .msal)
                == SDKRule(notice: .darwinNotification, deviceMode: "shared", currentAccount: .device, shows: .currentAccount))
        #expect(SDKRules.rule(.entraIOS, .none) == SDKRule(notice: .nothing, shows: .nobody))
        for android in [ProfileID.entraAndroid, .androidMHS] {
            #expect(SDKRules.rule(android, .workspaceOne) == SDKRules.rule(.entraIOS, .workspaceOne))
            #expect(SDKRules.rule(android, .msal)
                    == SDKRule(notice: .androidBroadcast, deviceMode: "shared", currentAccount: .device, shows: .currentAccount))
            #expect(SDKRules.rule(android, .none) == SDKRules.rule(.entraIOS, .none))
        }
        #expect(SDKRules.table.count == ProfileID.allCases.count * SDKKind.allCases.count)
        // Only the SDK a profile drives is told; every other one has a reason on screen.
        for (profile, sdk, rule) in SDKRules.table {
            #expect(rule.isTold == (SDKRules.whyNotTold(profile, sdk) == nil), "\(profile) × \(sdk)")
        }
    }

    /// One app of each SDK, per profile: the app the cell is shown with.
    static let cells: [(ProfileID, SDKKind, AppID)] = [
        (.workspaceOne, .workspaceOne, "notes"), (.workspaceOne, .msal, "chat"), (.workspaceOne, .none, "forms"),
        (.entraIOS, .workspaceOne, "notes"), (.entraIOS, .msal, "chat"), (.entraIOS, .none, "forms"),
        (.entraAndroid, .workspaceOne, "notes"), (.entraAndroid, .msal, "chat"), (.entraAndroid, .none, "forms"),
        (.androidMHS, .workspaceOne, "notes"), (.androidMHS, .msal, "chat"), (.androidMHS, .none, "forms"),
    ]

    /// A cell's app through a shift change (cou1 in, the app started, cou1 out, cou2 in, the
    /// app back in front): what it receives and shows is what its cell says, nothing more.
    @Test(arguments: 0..<12) func everyCellBehavesAsItsRuleSays(_ n: Int) {
        let (profile, sdk, id) = Self.cells[n]
        let rule = SDKRules.rule(profile, sdk)
        var d = Fixtures.staged(profile, apps: [id])
        var inbox = Inbox()
        #expect(d.deviceMode == (SDKRules.rule(profile, .msal).deviceMode ?? "default"))
        #expect(signIn(&d, profile, "cou1"))
        #expect(d.launch(id) == .success(.foreground))
        let atStart = inbox.take(d, id)
        switch rule.initialCheck {
        case .sharedDevice?, .notSharedDevice?: #expect(atStart == [initialOK])
        case nil:
            // MSAL for Android tells the app at its start (`getCurrentAccountAsync`'s callbacks);
            // MSAL on iOS answers a call, which is not a callback.
            #expect(atStart == (rule.notice == .androidBroadcast ? [API.onAccountChanged, API.onAccountLoaded] : []))
        }
        _ = d.background(id)
        #expect(signOut(&d, profile))
        #expect(signIn(&d, profile, "cou2"))
        let meanwhile = inbox.take(d, id)
        #expect(d.launch(id) == .success(.foreground))
        let atForeground = inbox.take(d, id)
        switch rule.notice {
        case .sdkCallbacksAtForeground:
            #expect(meanwhile.isEmpty)
            #expect(atForeground == [wipe, userChange])
        case .darwinNotification:
            #expect(meanwhile == [accountChanged, accountChanged])
            #expect(atForeground.isEmpty)
        case .androidBroadcast:
            // The global sign-out is broadcast to chat's runtime receiver (it asks and clears);
            // the sign-in is not: chat learns cou2 at its next foreground.
            #expect(meanwhile == [API.currentAccountChangedBroadcast, API.onAccountChanged, API.onAccountLoaded])
            #expect(atForeground == [API.onAccountChanged, API.onAccountLoaded])
        case .nothing:
            #expect(meanwhile.isEmpty)
            #expect(atForeground.isEmpty)
        }
        let app = d.app(id)!
        switch rule.shows {
        case .checkedOutUser: #expect(app.currentUser == "cou2")
        case .currentAccount: #expect(app.currentUser == d.currentAccount(of: app).current)
        case .firstUser: #expect(app.currentUser == "cou1")
        case .nobody: #expect(app.currentUser == nil)
        }
        switch rule.currentAccount {
        case .device?: #expect(d.currentAccount(of: app) == ("cou2", "cou1"))
        case .ownSignIn?: #expect(d.currentAccount(of: app) == (nil, nil))  // nobody signed in to chat
        case nil: break
        }
    }

    /// What the initial check reports while nobody is checked out or signed in.
    @Test(arguments: ProfileID.allCases) func theInitialCheckWhileNobodyIsSignedIn(_ profile: ProfileID) {
        var d = Fixtures.staged(profile, apps: ["notes"])
        var inbox = Inbox()
        _ = d.launch("notes")
        switch SDKRules.rule(profile, .workspaceOne).initialCheck {
        case .sharedDevice?:
            #expect(inbox.take(d, "notes") == [initialNotCheckedOut])
            #expect(d.block(of: d.app("notes")!) == .blockedUntilRelaunch)
        case .notSharedDevice?:
            #expect(inbox.take(d, "notes") == [initialOK])
            #expect(d.block(of: d.app("notes")!) == nil)
        case nil:
            Issue.record("a Workspace ONE SDK app has an initial check on every profile")
        }
    }

    /// Docs/sdk-rules.md prints the table as it is in the engine.
    @Test func thePageShowsTheTableAsTheEngineHasIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("Docs/sdk-rules.md"), encoding: .utf8)
        #expect(page.contains(SDKRules.markdown), "Docs/sdk-rules.md is stale; paste SDKRules.markdown:\n\(SDKRules.markdown)")
    }

    private func signIn(_ d: inout SharedDevice, _ profile: ProfileID, _ user: String) -> Bool {
        switch profile.family {
        case .workspaceOne: (try? d.checkOut(user).get()) != nil
        case .entra: (try? d.signIn(user: user, password: Secret(user)).get()) != nil
        }
    }

    private func signOut(_ d: inout SharedDevice, _ profile: ProfileID) -> Bool {
        switch profile.family {
        case .workspaceOne: (try? d.logOut().get()) != nil
        case .entra: (try? d.signOut().get()) != nil
        }
    }
}
