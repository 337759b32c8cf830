import HubUI
import SessionEngine
import Testing

/// The screens of single sign-on (ADAL cross-app single sign-on on iOS): each pane says where its token
/// came from or which rule failed it; the broker round trip shows the app in the background
/// and the Authenticator in front; removing the account asks first when it deletes other
/// apps' tokens; the SSO map names every misconfiguration and is reachable by key and mouse.
@Suite struct SSOScreenTests {
    /// Wide enough that each pane's token line takes its longest wording.
    static func wide(_ m: HubModel) -> String { m.render(width: 200, height: 50).grid.text }

    @Test func eachPaneSaysWhereItsTokenCameFrom() {
        let ws1 = Self.wide(SSOScreens.sourcesWorkspaceOne())
        #expect(ws1.contains("token: cou1 · prompted in the broker"))               // Chat
        #expect(ws1.contains("token: cou1 · silent, keychain group com.contoso.frontline")) // Mail
        #expect(ws1.contains("token: cou1 · from the broker (Authenticator)"))      // Roster
        #expect(ws1.contains("token: cou1 · prompted in the app"))                  // Till
        let entra = Self.wide(SSOScreens.sourcesEntra())
        #expect(entra.contains("token: cou1 · from the broker (Authenticator)"))
        #expect(entra.contains("token: cou1 · silent, keychain group com.contoso.frontline"))
        // The narrowest panes keep the source in fewer words.
        let narrow = SSOScreens.sourcesWorkspaceOne().screen()
        for words in ["token: broker prompt", "token: keychain group", "token: cou1 · broker", "token: prompted (app)"] {
            #expect(narrow.contains(words), "80x24 lacks \(words)")
        }
    }

    /// The map ends with the profile's rows of the SDK rules (Docs/sdk-rules.md): what each
    /// SDK is told here, what it can ask and whose data it shows, with the apps of each.
    @Test func theMapPrintsTheProfilesSDKRules() {
        for (model, profile) in [(SSOScreens.map(), ProfileID.workspaceOne), (SSOScreens.mapEntra(), .entraIOS)] {
            let text = model.render(width: 200, height: 120).grid.text
            #expect(text.contains("Who tells each SDK what on \(profile.rawValue) (Docs/sdk-rules.md)"))
            for kind in SDKKind.allCases {
                let rule = SDKRules.rule(profile, kind)
                #expect(text.contains("\(kind.label)"), "\(profile) lacks \(kind)")
                #expect(text.contains("told \(rule.notice.rawValue)"), "\(profile) × \(kind)")
                #expect(text.contains("asks: \(rule.asks) · shows: \(rule.shows.rawValue)"), "\(profile) × \(kind)")
            }
        }
        #expect(SSOScreens.map().render(width: 200, height: 120).grid.text.contains("MSAL (Chat"))
    }

    @Test func aMisconfiguredAppNamesTheRuleInItsPaneAndInFullInTheZoom() {
        var m = SSOScreens.misconfigured()
        #expect(m.device.app("mail2")?.token?.last?.failure?.tag == "redirect-not-registered")
        #expect(m.screen().contains("redirect unregistered"))
        #expect(Self.wide(m).contains("✗ redirect URI not registered"))
        m.press("f")
        let zoom = m.screen()
        #expect(zoom.contains("x-msauth-contoso://com.contoso.mail2"), "\(zoom)")
        #expect(zoom.contains("not registered"))
    }

    @Test func theBrokerRoundTripSendsTheAppToTheBackgroundAndBringsItBack() {
        var m = SSOScreens.brokerPromptWorkspaceOne()
        #expect(m.page == .tokenPrompt)
        #expect(m.device.app("chat")?.lifecycle == .background)
        #expect(m.device.foreground == .authenticator)
        let screen = m.screen()
        #expect(screen.contains("┌ Authenticator (broker) "))
        #expect(screen.contains("Sign in for Chat"))
        #expect(screen.contains("token: in broker"))
        // The password is masked as it is typed.
        #expect(screen.contains("│•••___"))
        #expect(!screen.contains("cou___"))
        m.press("1<Enter>")
        #expect(m.device.foreground == .app("chat"))
        #expect(m.device.app("chat")?.lifecycle == .foreground)
        #expect(m.focus == .pane("chat"), "the app is back in front and has the keyboard")
        #expect(m.page == .home)
        let names = m.actionLog.map(\.action.name).filter { $0 != "userActivity" }
        #expect(Array(names.suffix(3)) == ["acquireTokenSilently", "acquireTokenInteractively", "completeTokenRequest"])
    }

    @Test func escOrCancelEndsTheRequestAndTheAppComesBack() {
        var m = SSOScreens.brokerPromptWorkspaceOne()
        m.press("<Esc>")                           // the password field back to the user field
        m.press("<Esc>")                           // Esc on the first field cancels
        #expect(m.device.pendingTokenRequest == nil)
        #expect(m.actionLog.last?.action == .cancelTokenRequest)
        #expect(m.device.foreground == .app("chat"))
        #expect(m.screen().contains("sign-in cancelled"))

        var clicked = SSOScreens.brokerPromptWorkspaceOne()
        let frame = clicked.render(width: 80, height: 24)
        let cancel = frame.hitMap.regions.last { $0.target == .command(.back) }
        #expect(cancel != nil)
        if let r = cancel?.rect { _ = clicked.handle(.mouse(MouseEvent(x: r.x, y: r.y)), shown: frame) }
        #expect(clicked.actionLog.last?.action == .cancelTokenRequest)
    }

    @Test func anEmbeddedAppPromptsInItsOwnPrompt() {
        let m = SSOScreens.inAppPrompt()
        #expect(m.device.pendingTokenRequest?.place == .inApp)
        let screen = m.screen()
        #expect(screen.contains("┌ Till · its own sign-in "))
        #expect(screen.contains("Embedded flow"))
        #expect(m.device.app("till")?.lifecycle == .foreground)
    }

    @Test func removeAccountForecastsTheGroupAndAsksFirst() {
        var m = SSOScreens.removeConfirm()
        let dialog = m.screen()
        #expect(dialog.contains("Remove cou1 from Mail?"))
        #expect(dialog.contains("Chat   not told: cou1's token gone from its keychain group"))
        #expect(dialog.contains("next refresh: ✗ cou1's tokens removed by mail"))
        #expect(dialog.contains("Roster not told: keeps cou1's token"))
        let before = m.actionLog.count
        m.press("n")
        #expect(!m.actionLog.dropFirst(before).contains { $0.action == .removeAccount("mail") }, "cancelled: nothing removed")
        #expect(m.device.foreground == .app("mail"), "x brought Mail forward, as a person opens it to tap remove")
        m.press("x<Enter>")
        #expect(m.actionLog.last?.action == .removeAccount("mail"))
        #expect(m.device.tokenStatus(of: "chat") == .removed(account: "cou1", by: "mail"))
        #expect(m.device.tokenStatus(of: "roster") == .valid(account: "cou1", source: .broker))
        // Chat's background refresh now fails, and its pane says why.
        m.press("<S-Tab>R")
        #expect(m.actionLog.last?.action == .refreshInBackground("chat"))
        #expect(m.screen().contains("✗ removed by mail"))
    }

    @Test func removeAccountWithNobodyElseInTheGroupDoesNotAsk() {
        var m = SSOScreens.sourcesWorkspaceOne()
        m.press("<Esc><Tab><Tab><Tab>x")           // Roster: its own keychain group
        #expect(m.confirmation == nil)
        #expect(m.actionLog.last?.action == .removeAccount("roster"))
    }

    @Test func theSSOMapOpensWithF11AndRAndScrolls() {
        var m = SSOScreens.misconfigured()
        m.press("r")
        #expect(m.view == .ssoMap)
        let screen = m.screen()
        #expect(screen.contains("SSO map · 4 apps · 1 misconfiguration"))
        #expect(screen.contains("✗ Mail 2: redirect URI `x-msauth-contoso://com.contoso.mail2` is not"))
        #expect(screen.contains("com.contoso.frontline: Chat, Mail"))
        m.press("<End>")
        let end = m.screen()
        #expect(end.contains("App registrations") || end.contains("x-msauth-roster://com.contoso.roster"), "\(end)")
        #expect(end.contains("rows "))
        m.press("<Home><Esc>")
        #expect(m.view == .panes)
        m.press("<F11>")
        #expect(m.view == .ssoMap)
        m.press("<F11>")
        #expect(m.view == .panes)
    }

    @Test func theSSOMapIsClickable() {
        var m = SSOScreens.map()
        let frame = m.render(width: 80, height: 24)
        // An app's row zooms its pane.
        let row = frame.hitMap.regions.first { $0.target == .appCommand(.zoomPane, app: "mail2") }
        #expect(row != nil)
        if let r = row?.rect { _ = m.handle(.mouse(MouseEvent(x: r.x + 2, y: r.y)), shown: frame) }
        #expect(m.view == .zoom && m.zoom.app == "mail2")
        // The title closes the map.
        var n = SSOScreens.map()
        _ = n.handle(.mouse(MouseEvent(x: 10, y: 1)), shown: nil)
        #expect(n.view == .panes)
        // The hint line's entry opens it from the panes: on the line, or in its "more" menu.
        var p = SSOScreens.misconfigured()
        #expect(p.hints.contains("F11 SSO map"))
        func region(_ target: HitTarget) -> Rect? { p.render(width: 80, height: 24).hitMap.regions.first { $0.target == target }?.rect }
        if region(.command(.ssoMap)) == nil, let more = region(.command(.moreActions)) {
            _ = p.handle(.mouse(MouseEvent(x: more.x, y: more.y)), shown: nil)
        }
        if let r = region(.command(.ssoMap)) { _ = p.handle(.mouse(MouseEvent(x: r.x, y: r.y)), shown: nil) }
        #expect(p.view == .ssoMap)
    }

    @Test func theNewPaneKeysAreInTheKeyTableAndItsHelp() {
        var m = SSOScreens.sourcesWorkspaceOne()
        m.press("<Esc><Tab>")
        let ctx = m.keyContext
        #expect(KeyTable.binding(for: .char("i"), in: ctx)?.command == .acquireToken)
        #expect(KeyTable.binding(for: .char("x"), in: ctx)?.command == .removeAccount)
        #expect(KeyTable.binding(for: .char("R"), in: ctx)?.command == .device(.refreshInBackground))
        #expect(KeyTable.binding(for: .char("r"), in: ctx)?.command == .ssoMap)
        #expect(KeyTable.binding(for: .function(11), in: ctx)?.command == .ssoMap)
        // A pane without single sign-on keeps x and R free.
        var ws1 = Screens.home()
        ws1.press("<Tab>")
        #expect(KeyTable.binding(for: .char("x"), in: ws1.keyContext) == nil)
        #expect(KeyTable.binding(for: .char("R"), in: ws1.keyContext) == nil)
        #expect(m.hints.contains("i get token") && m.hints.contains("x remove account") && m.hints.contains("R refresh token"))
    }
}
