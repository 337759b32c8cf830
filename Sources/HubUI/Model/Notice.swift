import SessionEngine

/// A message shown in place: a refusal's reason where it happened, or a short confirmation.
public struct Notice: Equatable, Sendable {
    /// A refusal or a plain message.
    public enum Kind: Sendable { case error, info }
    /// Where it is drawn.
    public enum Place: Equatable, Sendable { case hub, pane(AppID) }
    /// What it says.
    public var text: String
    /// How it is styled.
    public var kind: Kind
    /// Where it is drawn.
    public var place: Place
    /// The refusal it reports, as values (a failed credential check is drawn from these).
    public var refusal: Refusal? = nil

    /// A refusal's reason where it happened.
    static func refused(_ refusal: Refusal, place: Place) -> Notice {
        Notice(text: refusal.description, kind: .error, place: place, refusal: refusal)
    }
}
