import SessionEngine

/// How a pane words its app's token (reference 003): where it came from (keychain group X,
/// the broker, a prompt) or why the last request failed, the one rule broken named short
/// enough for the narrowest pane; the zoom and the SSO map give the whole sentence.
enum TokenText {
    /// How the line is drawn.
    enum Look { case valid, pending, removed, failed, none }

    /// The line's wordings from the longest to the shortest (the narrowest pane has 22 columns),
    /// and its look; nil for an app without single sign-on configuration.
    static func forms(_ status: TokenStatus, app: AppRuntime, problems: [SSOMisconfiguration] = []) -> (forms: [String], look: Look)? {
        switch status {
        case .notConfigured:
            return nil
        case .none:
            // A rule the set-up breaks is named before any request meets it.
            if let p = problems.first {
                return (["token: none · ✗ \(medium(p))", "none · ✗ \(short(p))", "✗ \(short(p))", short(p)],
                        p.onlyPreventsSharing || p.fallsBackToEmbedded ? .removed : .failed)
            }
            // An app that held a token and let it go (removeAccount in it, a sign-out it heard)
            // has asked before: "not asked yet" would be false after `x`.
            if app.token != nil { return (["token: none (signed out of this app)", "token: none (signed out)", "token: none"], .none) }
            return (["token: none (not asked yet)", "token: none"], .none)
        case let .valid(account, source):
            let fell = app.token?.last?.grant?.fellBack.map { " (broker check failed: \(short($0)))" } ?? ""
            switch source {
            case let .keychainGroup(group):
                return (["token: \(account) · silent, keychain group \(group)", "token: keychain group \(group)",
                         "token: keychain group", "token: keychain"], .valid)
            case .broker:
                return (["token: \(account) · from the broker (\(SharedDevice.brokerAppName))", "token: \(account) · broker",
                         "token: broker"], .valid)
            case .inAppPrompt:
                return (["token: \(account) · prompted in the app" + fell, "token: \(account) · prompted in the app",
                         "token: prompted (app)"], .valid)
            case .brokerPrompt:
                return (["token: \(account) · prompted in the broker", "token: \(account) · broker prompt",
                         "token: broker prompt"], .valid)
            }
        case let .removed(account, by):
            return (["token: \(account)'s removed by \(by) · fails at refresh", "token removed by \(by)", "token removed"], .removed)
        case let .inFlight(phase):
            switch phase {
            case .brokerInFront:
                return (["token: waiting, \(SharedDevice.brokerAppName) in front", "token: in \(SharedDevice.brokerAppName)",
                         "token: in broker"], .pending)
            case .accountChooser:
                return (["token: waiting, \(SharedDevice.brokerAppName)'s account chooser", "token: account chooser",
                         "token: chooser"], .pending)
            case .promptInApp:
                return (["token: waiting, its own sign-in prompt", "token: prompting", "prompting"], .pending)
            case .promptDismissed:
                return (["token: prompt gone, session stuck", "token: prompt gone", "prompt gone"], .failed)
            }
        case let .failed(failure):
            return (failureForms(failure), failure == .canceled ? .none : .failed)
        }
    }

    /// The longest wording that fits `width`.
    static func line(_ status: TokenStatus, app: AppRuntime, problems: [SSOMisconfiguration] = [], width: Int) -> (text: String, look: Look)? {
        guard let (forms, look) = forms(status, app: app, problems: problems) else { return nil }
        return (forms.first { TextWidth.of($0) <= width } ?? TextWidth.truncate(forms.last!, to: width), look)
    }

    /// The whole sentence (the zoomed pane's header).
    static func sentence(_ status: TokenStatus, app: AppRuntime? = nil) -> String? {
        switch status {
        case .notConfigured: nil
        case .none where app?.token != nil: "Token: none; the app held one and signed its account out (removeAccount or a sign-out)."
        case .none: "Token: none; the app has not asked for one."
        case let .valid(account, source): "Token: \(account)'s, \(source.sentence)."
        case let .removed(account, by): "Token: \(account)'s was deleted from its keychain group by a remove in \(by): the next refresh fails."
        case let .inFlight(phase): "Token: an interactive request is under way (\(phase.rawValue))."
        case let .failed(failure): "Token request failed: \(failure)."
        }
    }

    /// `✗ redirect unregistered`: a failure in a few words, the rule broken first.
    static func failureForms(_ failure: TokenFailure) -> [String] {
        switch failure {
        case let .misconfigured(m):
            return ["✗ \(medium(m))", "✗ \(short(m))", short(m)]
        case .interactionRequired(.noToken):
            return ["needs sign-in: no token cached", "token: needs sign-in"]
        case let .interactionRequired(.tokensRemoved(by, account)):
            return ["✗ \(account)'s tokens removed by \(by)", "✗ removed by \(by)", "✗ tokens removed"]
        case let .interactionRequired(.signedOut(user)):
            return ["needs sign-in: \(user) signed out globally", "needs sign-in (signed out)", "token: signed out"]
        case let .interactionRequired(.notShared(m)):
            return ["✗ not shared: \(medium(m))", "✗ not shared: \(short(m))", "✗ not shared"]
        case .inFlight:
            return ["silent request in flight", "token: in flight"]
        case let .interrupted(user):
            return ["✗ interrupted by \(user.map { "\($0)'s " } ?? "")sign-out", "✗ interrupted by sign-out", "✗ interrupted"]
        case .canceled:
            return ["sign-in cancelled", "cancelled"]
        case let .otherAccountSignedIn(user):
            return ["✗ refused: \(user) is the device's account", "✗ \(user) signed in", "✗ other account"]
        case .brokerResponseNotReceived:
            return ["✗ no response from the broker", "✗ no broker response", "✗ no response"]
        case .interactiveSessionInProgress:
            return ["✗ a sign-in is still under way", "✗ sign-in under way", "✗ under way"]
        }
    }

    /// The rule broken, in a few words.
    static func medium(_ m: SSOMisconfiguration) -> String {
        switch m {
        case .unknownClient: "client ID has no app registration"
        case .redirectNotRegistered: "redirect URI not registered"
        case .brokerRedirectMalformed: "redirect not <scheme>://<bundle id>"
        case .redirectNamesOtherBundle: "redirect names another bundle"
        case .urlSchemeNotRegistered: "URL scheme not registered"
        case .msauthNotQueried: "msauth not in LSApplicationQueriesSchemes"
        case .certificateRedirectMissing: "certificate redirect missing"
        case .certificateAuthNeedsBroker: "certificate auth needs the broker"
        case .keychainGroupDiffers: "keychain group differs"
        case .clientIDDiffers: "client ID differs"
        case .androidRedirectMalformed: "redirect not msauth://<package>/<hash>"
        case .redirectNamesOtherPackage: "redirect names another package"
        case .signatureHashMismatch: "signature hash does not match"
        }
    }

    /// The rule broken, in at most 20 columns.
    static func short(_ m: SSOMisconfiguration) -> String {
        switch m {
        case .unknownClient: "unknown client ID"
        case .redirectNotRegistered: "redirect unregistered"
        case .brokerRedirectMalformed: "bad broker redirect"
        case .redirectNamesOtherBundle: "redirect: other app"
        case .urlSchemeNotRegistered: "no URL scheme"
        case .msauthNotQueried: "no msauth query"
        case .certificateRedirectMissing: "no cert redirect"
        case .certificateAuthNeedsBroker: "cert needs broker"
        case .keychainGroupDiffers: "other keychain group"
        case .clientIDDiffers: "other client ID"
        case .androidRedirectMalformed: "bad msauth redirect"
        case .redirectNamesOtherPackage: "redirect: other pkg"
        case .signatureHashMismatch: "wrong signature hash"
        }
    }

    static func style(_ look: Look, _ t: Theme) -> CellStyle {
        switch look {
        case .valid: t.success
        case .pending: t.overlay
        case .removed: t.warning
        case .failed: t.error
        case .none: t.dim
        }
    }
}

extension TokenSource {
    /// How the zoom says where a token came from.
    var sentence: String {
        switch self {
        case let .keychainGroup(group): "from the cache of keychain group \(group), silently"
        case .broker: "from the broker (\(SharedDevice.brokerAppName)) without a password"
        case .inAppPrompt: "typed in the app's own prompt (embedded flow)"
        case .brokerPrompt: "typed in the broker (\(SharedDevice.brokerAppName)) during the round trip"
        }
    }
}
