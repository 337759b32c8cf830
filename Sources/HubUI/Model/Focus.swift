import SessionEngine

/// What has the keyboard: the Hub column or an app's pane.
public enum Focus: Equatable, Sendable {
    case hub
    case pane(AppID)

    /// The focused pane's app, if a pane has focus.
    public var appID: AppID? { if case let .pane(id) = self { id } else { nil } }
}
