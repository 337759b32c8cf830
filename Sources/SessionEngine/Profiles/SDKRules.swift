/// Which system tells which SDK what: one table, profile × app SDK, that every delivery and
/// every SDK answer of the engine reads. A profile's broker drives only its own SDK; an app
/// whose SDK that broker does not drive is told nothing by it and keeps what it holds.
///
/// - Workspace ONE SDK beside the Hub: the Workspace ONE SDK documentation (shared devices),
///   "Programming Interface Overview": no broadcast; callbacks at foreground or cold start.
/// - MSAL on an Entra shared-device-mode device: Microsoft's "Shared device mode for iOS
///   devices": `getDeviceInformation` says shared, `getCurrentAccount` gives the device's
///   (current, previous), `SHARED_MODE_CURRENT_ACCOUNT_CHANGED` reaches running listeners.
/// - MSAL beside the Hub: not in shared device mode, so `deviceMode` is default and
///   `getCurrentAccount` knows only the app's own sign-ins and its keychain group (ADAL
///   cross-app single sign-on on iOS); a Hub check-out or check-in tells it nothing.
/// - Workspace ONE SDK on an Entra device: there is no Hub (the Workspace ONE documentation:
///   "Use of the Hub application is mandatory"), so the device is not a Workspace ONE shared
///   device: no check-in or check-out callbacks, and the initial check finishes without the
///   `sharedDeviceNotCheckedOut` error. Docs/sdk-rules.md explains the choice.
/// - MSAL on an Entra shared-device-mode Android device (entra-android, android-mhs):
///   Microsoft Learn's "Shared device mode for Android devices" and its tutorial:
///   `isSharedDevice()` is true (read once per process: the MSAL for Android tracker,
///   "MSFT apps do not get SDM state updates"),
///   `getCurrentAccountAsync` answers from the device's account with `onAccountChanged(prior,
///   current)` when it changed and `onAccountLoaded`, and the broker's `CURRENT_ACCOUNT_CHANGED`
///   (`BROADCAST_TYPE` `GLOBAL_SIGN_OUT`) reaches running apps whose receiver was registered at
///   run time (Android 8's implicit broadcast limits keep it from manifest receivers).
/// - Workspace ONE SDK and no SDK on an Android Entra device: as on iOS (no Hub; nothing tells).
/// - MSAL on an Entra device registered without shared device mode (an MDM set-up that breaks
///   a rule of 002, `SharedDeviceMisconfiguration`): the same cell as MSAL beside the Hub.
public struct SDKRule: Equatable, Sendable {
    /// How an account change (check-out/check-in, global sign-in/sign-out) reaches the app.
    public enum Notice: String, Equatable, Sendable {
        /// `controllerDidWipeCurrentUserData` / `controllerDidDetectUserChange` at the app's
        /// next foreground or cold start, coalesced.
        case sdkCallbacksAtForeground = "callbacks at next foreground or cold start"
        /// `SHARED_MODE_CURRENT_ACCOUNT_CHANGED`, to running listeners that can run.
        case darwinNotification = "Darwin notification to running listeners"
        /// `CURRENT_ACCOUNT_CHANGED` with its `BROADCAST_TYPE`, to running apps whose receiver
        /// was registered at run time (not in the manifest).
        case androidBroadcast = "broadcast to running runtime receivers"
        /// Nothing: the profile's broker does not drive this SDK.
        case nothing = "nothing"
    }

    /// What `controllerDidFinishInitialCheck(error:)` reports at a cold start (Workspace ONE SDK).
    public enum InitialCheck: String, Equatable, Sendable {
        /// `sharedDeviceNotCheckedOut` while the device is checked in, else nil.
        case sharedDevice = "error sharedDeviceNotCheckedOut while checked in"
        /// Always nil: not a Workspace ONE shared device.
        case notSharedDevice = "error nil (not a shared device)"
    }

    /// Whose account `getCurrentAccount` returns (MSAL).
    public enum AccountAnswer: String, Equatable, Sendable {
        /// The device's account, and the previous one (shared device mode).
        case device = "the device's (current, previous)"
        /// Only what the app signed in itself, or found in its keychain group; no previous.
        case ownSignIn = "its own sign-in or keychain group"
    }

    /// Whose data the app shows.
    public enum Shows: String, Equatable, Sendable {
        /// The checked-out user, once its SDK noticed the check-out.
        case checkedOutUser = "the checked-out user, once noticed"
        /// `getCurrentAccount`'s current account.
        case currentAccount = "getCurrentAccount's current account"
        /// The first user who used it, for good: it is never told of a change.
        case firstUser = "its first user, for good"
        /// Nobody's: it keeps no user data.
        case nobody = "no user data"
    }

    public var notice: Notice
    /// Workspace ONE SDK apps only.
    public var initialCheck: InitialCheck?
    /// MSAL apps only: `getDeviceInformation`'s `deviceMode`.
    public var deviceMode: String?
    /// MSAL apps only.
    public var currentAccount: AccountAnswer?
    public var shows: Shows

    /// Whether the profile's account changes reach the app at all.
    public var isTold: Bool { notice != .nothing }

    /// One cell of the table in a line (the doc and the SSO map print it).
    public var asks: String {
        if let initialCheck { return "initial check: \(initialCheck.rawValue)" }
        if let deviceMode, let currentAccount {
            // MSAL for Android names its calls differently and answers through callbacks.
            if notice == .androidBroadcast {
                return "\(API.isSharedDevice)(): \(deviceMode == "shared") (read once per process); "
                    + "\(API.getCurrentAccountAsync): the device's account, \(API.onAccountChanged)(prior, current)"
            }
            return "\(API.getDeviceInformation): \(deviceMode); \(API.getCurrentAccount): \(currentAccount.rawValue)"
        }
        return "nothing"
    }
}

extension SDKRule.Shows {
    /// The same in the words of `platform`'s MSAL: its current-account query is
    /// `getCurrentAccount` on iOS and `getCurrentAccountAsync` on Android.
    public func words(on platform: DevicePlatform) -> String {
        self == .currentAccount ? "\(API.getCurrentAccount(on: platform))'s current account" : rawValue
    }
}

/// The kinds of app SDK, without their settings: the table's columns.
public enum SDKKind: String, Sendable, CaseIterable {
    case workspaceOne = "workspace-one"
    case msal
    case none

    public var label: String {
        switch self {
        case .workspaceOne: "WS1 SDK"
        case .msal: "MSAL"
        case .none: "no SDK"
        }
    }
}

extension AppSDK {
    public var kind: SDKKind {
        switch self {
        case .workspaceOne: .workspaceOne
        case .msal: .msal
        case .none: .none
        }
    }
}

/// The table itself: every (profile, SDK) cell, as data.
public enum SDKRules {
    /// `sharedDeviceMode`: false when an entra-ios device registered without it; its MSAL
    /// apps then follow the cell of an MSAL app that is not in shared device mode.
    public static func rule(_ profile: ProfileID, _ sdk: SDKKind, sharedDeviceMode: Bool = true) -> SDKRule {
        switch (profile.family, sdk) {
        case (.entra, .msal) where !sharedDeviceMode:
            rule(.workspaceOne, .msal)
        case (.workspaceOne, .workspaceOne):
            SDKRule(notice: .sdkCallbacksAtForeground, initialCheck: .sharedDevice, shows: .checkedOutUser)
        case (.workspaceOne, .msal):
            SDKRule(notice: .nothing, deviceMode: "default", currentAccount: .ownSignIn, shows: .currentAccount)
        case (.entra, .workspaceOne):
            SDKRule(notice: .nothing, initialCheck: .notSharedDevice, shows: .firstUser)
        case (.entra, .msal):
            SDKRule(notice: profile.platform == .android ? .androidBroadcast : .darwinNotification,
                    deviceMode: "shared", currentAccount: .device, shows: .currentAccount)
        case (_, .none):
            SDKRule(notice: .nothing, shows: .nobody)
        }
    }

    /// Every cell, profile by profile, in the order the doc and the screens list them.
    public static var table: [(profile: ProfileID, sdk: SDKKind, rule: SDKRule)] {
        ProfileID.allCases.flatMap { p in SDKKind.allCases.map { (p, $0, rule(p, $0)) } }
    }

    /// The table as Markdown, one row per cell: Docs/sdk-rules.md prints it, and a test fails
    /// when the page no longer matches the data.
    public static var markdown: String {
        var lines = ["| profile | app SDK | told of an account change | what it can ask | whose data it shows |",
                     "|---|---|---|---|---|"]
        for (profile, sdk, rule) in table {
            lines.append("| \(profile.rawValue) | \(sdk.label) | \(rule.notice.rawValue) | \(rule.asks) | \(rule.shows.words(on: profile.platform)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// `whyNotTold` in a few words, for a narrow pane. `notShared`: the rule of the MDM set-up
    /// that kept an entra-ios device out of shared device mode.
    public static func whyNotToldShort(_ profile: ProfileID, _ sdk: SDKKind, notShared: SharedDeviceMisconfiguration? = nil) -> String? {
        switch (profile.family, sdk) {
        case (.entra, .msal): notShared.map { "not in shared device mode (\($0.tag))" }
        case (.workspaceOne, .msal): "not in shared device mode"
        case (.entra, .workspaceOne): "no Hub on this device"
        case (_, .none): "no SDK"
        default: nil
        }
    }

    /// Why an app is not told of the profile's account changes, in the profile's words.
    public static func whyNotTold(_ profile: ProfileID, _ sdk: SDKKind, notShared: SharedDeviceMisconfiguration? = nil) -> String? {
        switch (profile.family, sdk) {
        case (.entra, .msal):
            notShared.map { "not in shared device mode (\($0.tag): \($0)), so a sign-in or sign-out tells MSAL nothing" }
        case (.workspaceOne, .msal): "not in shared device mode, so a Hub check-out or check-in tells MSAL nothing"
        case (.entra, .workspaceOne): "no Hub here, so a global sign-in or sign-out tells the Workspace ONE SDK nothing"
        case (_, .none): "no SDK: nothing tells it"
        default: nil
        }
    }
}

extension SharedDevice {
    /// The rule for `app` on this device's profile, in the mode its registration gave it.
    public func rule(for app: AppRuntime) -> SDKRule { rule(for: app.definition.sdk.kind) }
    func rule(for definition: AppDefinition) -> SDKRule { rule(for: definition.sdk.kind) }
    /// The rule for apps of `sdk` on this device.
    public func rule(for sdk: SDKKind) -> SDKRule {
        SDKRules.rule(profile.id, sdk, sharedDeviceMode: notInSharedDeviceModeBecause == nil)
    }

    /// Why apps of `sdk` are not told of this device's account changes (`SDKRules.whyNotTold`).
    public func whyNotTold(_ sdk: SDKKind) -> String? {
        SDKRules.whyNotTold(profile.id, sdk, notShared: notInSharedDeviceModeBecause)
    }

    /// The same in a few words, for a narrow pane.
    public func whyNotToldShort(_ sdk: SDKKind) -> String? {
        SDKRules.whyNotToldShort(profile.id, sdk, notShared: notInSharedDeviceModeBecause)
    }
}
