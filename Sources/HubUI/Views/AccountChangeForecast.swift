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

    static func describe(_ app: AppRuntime, on d: SharedDevice) -> String {
        let user = d.state.user?.name ?? "the user"
        switch app.definition.sdk {
        case let .workspaceOne(support):
            guard app.sdkSeen != nil else { return "never started: nothing to wipe" }
            let when = app.lifecycle.isRunning ? "notices at next foreground" : "notices at next cold start"
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
            if traits.checksAccountOnForeground { return "not told now: clears \(user)'s data at next foreground (\(API.getCurrentAccount))" }
            return "never re-checks the account: keeps showing \(user)'s data"
        case .none:
            return app.definition.userItems.isEmpty ? "no SDK, no user data: nothing to do" : "no SDK: never told; keeps what it has"
        }
    }
}
