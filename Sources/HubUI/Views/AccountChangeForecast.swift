import SessionEngine

/// What an app will do when the current user's session ends, by its SDK and the profile's
/// delivery rule: the sentence the logout confirmation shows for each app.
enum AccountChangeForecast {
    /// A few words for the broker column: when the app learns of a global sign-out.
    static func brief(_ app: AppRuntime, on d: SharedDevice) -> String {
        switch app.definition.sdk {
        case let .msal(traits):
            guard app.currentUser != nil else { return "shows no account data" }
            if traits.listensForNotification
                && (app.lifecycle == .foreground || (app.lifecycle == .background && traits.backgroundCapability)) {
                return "notified now, clears"
            }
            return traits.checksAccountOnForeground ? "clears at foreground" : "never re-checks: LEAK"
        case .workspaceOne:
            return "WS1 SDK: not told here"
        case .none:
            return "no SDK: not told"
        }
    }

    /// What `app` will do when `action` (a log out, an enterprise wipe, a global sign-out)
    /// ends the session: the sentence the forecast-and-confirm dialog shows for it.
    static func describe(_ app: AppRuntime, on d: SharedDevice, for action: DeviceAction = .logOut) -> String {
        let user = d.state.user?.name ?? "the user"
        var app = app
        var browserReturn = false
        if case let .signOut(from, browser) = action {
            // Signing out from an app brings that app to the front first; the one there goes back.
            if case let .app(id) = from {
                if app.id == id { app.lifecycle = .foreground; browserReturn = browser }
                else if app.lifecycle == .foreground { app.lifecycle = .background }
            } else if app.lifecycle == .foreground {
                app.lifecycle = .background
            }
        }
        switch app.definition.sdk {
        case let .workspaceOne(support):
            guard app.sdkSeen != nil else { return "never started: nothing to wipe" }
            // The console's wipe reaches the app in front at once (its SDK checks then).
            let atOnce = action == .enterpriseWipe && app.lifecycle == .foreground
            let when = atOnce ? "in front, checks at once" : app.lifecycle.isRunning ? "notices at next foreground" : "notices at next cold start"
            if app.definition.has(.ignoresWipeCallback) {
                return "\(when): ignores the wipe (fault), \(user)'s copy stays"
            }
            switch support {
            case .none, .sharedDeviceMode: return "\(when): will wipe all its data"
            case .retainPreferences: return "\(when): will wipe its data, keep \(user)'s preferences"
            case .cacheCommonData: return "\(when): will wipe \(user)'s data, keep common data"
            case .externalEncryption: return "\(when): will discard \(user)'s key; sealed data stays"
            }
        case let .msal(traits):
            if d.profile.delivery == .darwinNotification {
                let reaches = traits.listensForNotification
                    && (app.lifecycle == .foreground || (app.lifecycle == .background && traits.backgroundCapability))
                if reaches { return "gets \(API.accountChangedNotification) now: clears \(user)'s data" }
            } else {
                if !app.lifecycle.isRunning && app.currentUser == nil { return "MSAL, not running: nothing of \(user)'s shown" }
            }
            if traits.checksAccountOnForeground {
                if browserReturn { return "back from the browser, checks (\(API.getCurrentAccount)): clears \(user)'s data" }
                return "not told now: clears \(user)'s data at next foreground (\(API.getCurrentAccount))"
            }
            return "never re-checks the account: keeps showing \(user)'s data"
        case .none:
            return app.definition.userItems.isEmpty ? "no SDK, no user data: nothing to do" : "no SDK: never told; keeps what it has"
        }
    }
}
