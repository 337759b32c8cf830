/// The Hub column's own choices beside its credential form: the menu over it, the row chosen
/// in that menu, Managed Home Screen's chosen tile, and keys typed before the form showed.
public struct HubColumnState: Sendable {
    var overlay: HubModel.HubOverlay?
    var menuSelection = 0
    /// Managed Home Screen's home grid: the tile chosen with the arrows (Enter opens it).
    public internal(set) var tileSelection = 0
    /// Keys typed while the enrollment progress screen shows: kept for the form that follows.
    public internal(set) var typeAhead: [Key] = []
}
