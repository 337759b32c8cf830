/// The styles every view draws with, by role, in a colour and a monochrome variant.
///
/// The terminal layer picks the variant (`NO_COLOR`, or a terminal without colour → mono).
/// In mono, owners are told apart by text tags (`[cou1]`) and by bold/underline/reverse
/// instead of colour, so a leak is still visible at a glance.
public struct Theme: Equatable, Sendable {
    /// Which variant this is.
    public enum Variant: String, Sendable { case colour, mono }

    /// Colour or mono.
    public var variant: Variant
    /// The status line.
    public var statusBar: CellStyle
    /// Status-line segments that need attention (offline, leaks, step mode).
    public var statusAlert: CellStyle
    /// Hint-line help text.
    public var hint: CellStyle
    /// Key names in the hint line and help.
    public var hintKey: CellStyle
    /// Box borders.
    public var border: CellStyle
    /// The border of what has focus.
    public var focusedBorder: CellStyle
    /// Titles and emphasised text.
    public var title: CellStyle
    /// Body text.
    public var text: CellStyle
    /// Secondary text.
    public var dim: CellStyle
    /// Headings, callbacks and notifications.
    public var heading: CellStyle
    /// Refusals' reasons.
    public var error: CellStyle
    /// Exposure warnings, offline.
    public var warning: CellStyle
    /// Done steps, confirmations.
    public var success: CellStyle
    /// The loud LEAK banner.
    public var leakBanner: CellStyle
    /// Pane overlays: blocked, locked, pending, held.
    public var overlay: CellStyle
    /// Clickable buttons.
    public var button: CellStyle
    /// A text field.
    public var field: CellStyle
    /// The label of the text field with the cursor (the field itself is drawn plain).
    public var activeField: CellStyle
    /// The selected menu item, the current state.
    public var selection: CellStyle
    /// A fault injected on purpose (Docs/faults.md): the pane's badge, the event log's fault
    /// lines. Unlike a leak's or an error's, so a reader tells a fault from a bug.
    public var fault: CellStyle
    private var owners: [CellStyle]

    /// Whether item lines carry their owner as a text tag (mono: colour cannot say it).
    public var tagsOwners: Bool { variant == .mono }

    /// The style of items owned by the user with colour index `index` (`Tenant.colourIndex(of:)`).
    public func owner(_ index: Int) -> CellStyle { owners[abs(index) % owners.count] }

    /// Full colour, for terminals that have it.
    public static let colour = Theme(
        variant: .colour,
        statusBar: CellStyle(fg: .black, bg: .cyan),
        statusAlert: CellStyle(fg: .brightWhite, bg: .red, bold: true),
        hint: CellStyle(fg: .default),
        hintKey: CellStyle(fg: .cyan, bold: true),
        border: CellStyle(fg: .brightBlack),
        focusedBorder: CellStyle(fg: .cyan, bold: true),
        title: CellStyle(bold: true),
        text: .plain,
        dim: CellStyle(fg: .brightBlack),
        heading: CellStyle(fg: .cyan, bold: true),
        error: CellStyle(fg: .red, bold: true),
        warning: CellStyle(fg: .yellow),
        success: CellStyle(fg: .green),
        leakBanner: CellStyle(fg: .brightWhite, bg: .red, bold: true),
        overlay: CellStyle(fg: .black, bg: .yellow, bold: true),
        button: CellStyle(fg: .black, bg: .white),
        field: CellStyle(underline: true),
        activeField: CellStyle(fg: .cyan, bold: true),
        selection: CellStyle(reverse: true),
        fault: CellStyle(fg: .black, bg: .magenta, bold: true),
        owners: [CellStyle(fg: .magenta), CellStyle(fg: .blue, bold: true), CellStyle(fg: .green),
                 CellStyle(fg: .yellow), CellStyle(fg: .cyan), CellStyle(fg: .brightMagenta), CellStyle(fg: .brightBlue)])

    /// No colour at all: attributes only (NO_COLOR, monochrome terminals).
    public static let mono = Theme(
        variant: .mono,
        statusBar: CellStyle(reverse: true),
        statusAlert: CellStyle(bold: true, reverse: true, underline: true),
        hint: .plain,
        hintKey: CellStyle(bold: true),
        border: .plain,
        focusedBorder: CellStyle(bold: true),
        title: CellStyle(bold: true),
        text: .plain,
        dim: CellStyle(dim: true),
        heading: CellStyle(bold: true, underline: true),
        error: CellStyle(bold: true),
        warning: CellStyle(underline: true),
        success: .plain,
        leakBanner: CellStyle(bold: true, reverse: true),
        overlay: CellStyle(reverse: true),
        button: CellStyle(reverse: true),
        field: CellStyle(underline: true),
        activeField: CellStyle(bold: true),
        selection: CellStyle(reverse: true),
        fault: CellStyle(bold: true, underline: true),
        owners: [CellStyle(bold: true), CellStyle(underline: true), CellStyle(bold: true, underline: true), .plain])
}
