import BridgeProtocol
import SessionEngine

/// How to fix what `hubsim check-app` found, in one line ending with the section of
/// Docs/bridge-protocol.md that shows the right way: chosen by the profile's SDK and by the event
/// the program had just answered when it showed another user's data.
public enum LeakAdvice {
    /// The protocol page every line points into.
    public static let page = "Docs/bridge-protocol.md"

    /// The sections the lines point to (GitHub's anchors of the page's headings; each short
    /// enough that page and anchor fit one line of the 80-column table, unbroken).
    public enum Anchor: String, CaseIterable, Sendable {
        case workspaceOneForeground = "workspace-one-who-has-the-device-at-foreground"
        case workspaceOneCallbacks = "workspace-one-the-wipe-and-user-change"
        case entraIOSForeground = "entra-on-ios-the-account-at-every-foreground"
        case androidAccount = "android-the-account-at-every-start-and-resume"
        case exposures = "exposures-what-stays-readable-at-rest"
    }

    /// The fix for a leak the program showed after answering `event` (nil: the device changed
    /// under it with nothing to answer, e.g. while it ran in the foreground).
    public static func line(profile: DeviceProfile, event: String?) -> String {
        let (advice, anchor): (String, Anchor)
        switch profile.family {
        case .workspaceOne:
            if event == BridgeMethod.controllerDidWipeCurrentUserData.name {
                (advice, anchor) = ("at \(API.didWipeCurrentUserData) delete every user's items and show nothing", .workspaceOneCallbacks)
            } else if event == BridgeMethod.controllerDidDetectUserChange.name || event == BridgeMethod.controllerDidFinishInitialCheck.name {
                (advice, anchor) = ("ask awcontroller/retrieveUserInfo there and show only that user's items", .workspaceOneCallbacks)
            } else {
                (advice, anchor) = ("ask awcontroller/retrieveUserInfo at app/foreground and show nothing of another user before answering",
                                    .workspaceOneForeground)
            }
        case .entra:
            switch profile.platform {
            case .iOS:
                (advice, anchor) = event == BridgeMethod.sharedModeCurrentAccountChanged.name
                    ? ("there call msal/getCurrentAccount and delete every item of anyone but the current account before showing", .entraIOSForeground)
                    : ("call msal/getCurrentAccount at app/foreground and delete every item of anyone but the current account before answering",
                       .entraIOSForeground)
            case .android:
                (advice, anchor) = ("call msal/getCurrentAccountAsync at app/launch and app/foreground (and on GLOBAL_SIGN_OUT), and in onAccountChanged delete every item of anyone but the current account",
                                    .androidAccount)
            }
        }
        return "fix: \(advice) — \(page)#\(anchor.rawValue)"
    }

    /// The fix for an exposure (`--strict`): the previous user's data gone, not only hidden.
    public static func exposureLine(profile: DeviceProfile) -> String {
        let when = switch profile.family {
        case .workspaceOne: "at \(API.didWipeCurrentUserData) and \(API.didDetectUserChange)"
        case .entra: profile.platform == .iOS ? "when msal/getCurrentAccount names another account" : "in onAccountChanged"
        }
        return "fix: delete another user's items \(when), whatever their protection — \(page)#\(Anchor.exposures.rawValue)"
    }
}
