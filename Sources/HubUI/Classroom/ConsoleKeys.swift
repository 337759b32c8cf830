/// What the trainer can ask of the console, by key or by click.
public enum ConsoleAction: Hashable, Sendable {
    case help
    /// The trainer leads the next step (`ClassLead.lead`).
    case nextStep
    /// The class tries the next step on their own devices (`ClassLead.tryIt`).
    case letThemTry
    /// Holds everyone, or lets them go on as before.
    case hold
    /// Watches the chosen trainee's screen (a read-only mirror).
    case zoom
    case back
    case left, right, up, down
    case previousPage, nextPage
    /// Shows the chosen trainee's screen to the whole class; ends the show.
    case show, endShow
    /// Lowers the chosen trainee's hand, or the oldest raised one.
    case lowerHand
    /// Resets / disconnects the chosen trainee (both ask first).
    case reset, disconnect
    case quit
    /// The confirm dialog's answers.
    case confirm, cancel
}

/// Where the console is: what the keys mean there.
public enum ConsoleScreen: Hashable, Sendable {
    /// Every trainee's tile, a page at a time.
    case tiles
    /// One trainee's screen, mirrored.
    case zoom
    /// A question before a step that cannot be taken back.
    case dialog
    /// F1's list of keys.
    case help
}

/// The trainer's console's keys as data (as `KeyTable` is the Hub's): the handler, the hint
/// line, the buttons and F1's help read this one list, so what is shown is what works, by key
/// and by click. Every F-key action also has a letter: PuTTY and Windows' OpenSSH send some
/// F-keys as sequences a terminal may not decode.
public enum ConsoleKeys {
    public struct Binding: Sendable {
        public var keys: [Key]
        public var help: String
        public var action: ConsoleAction
        public var screens: Set<ConsoleScreen>
        /// False for keys the hint line leaves to help (the arrows, Esc beside a button).
        public var inHint: Bool

        init(_ keys: [Key], _ help: String, _ action: ConsoleAction, _ screens: Set<ConsoleScreen>, inHint: Bool = true) {
            self.keys = keys; self.help = help; self.action = action; self.screens = screens; self.inHint = inHint
        }

        /// `F1/?`, as help lists the keys.
        public var keyNames: String { keys.map(\.displayName).joined(separator: "/") }
    }

    private static let views: Set<ConsoleScreen> = [.tiles, .zoom]

    public static let bindings: [Binding] = [
        Binding([.function(1), .char("?")], "help", .help, [.tiles, .zoom, .help]),
        Binding([.char("n"), .function(5)], "next step", .nextStep, views),
        Binding([.char("t"), .function(6)], "let them try", .letThemTry, views),
        Binding([.char("h"), .function(7)], "hold/resume", .hold, views),
        Binding([.enter], "watch", .zoom, [.tiles]),
        Binding([.left], "choose left", .left, [.tiles], inHint: false),
        Binding([.right], "choose right", .right, [.tiles], inHint: false),
        Binding([.up], "choose up", .up, [.tiles], inHint: false),
        Binding([.down], "choose down", .down, [.tiles], inHint: false),
        Binding([.up], "scroll up", .up, [.zoom, .help], inHint: false),
        Binding([.down], "scroll down", .down, [.zoom, .help], inHint: false),
        Binding([.pageDown, .char(">")], "next page", .nextPage, [.tiles], inHint: false),
        Binding([.pageUp, .char("<")], "previous page", .previousPage, [.tiles], inHint: false),
        Binding([.char("s"), .function(8)], "show to class", .show, views),
        Binding([.char("e"), .function(9)], "end show", .endShow, views),
        Binding([.char("l")], "lower hand", .lowerHand, views),
        Binding([.char("r")], "reset", .reset, views),
        Binding([.char("x")], "disconnect", .disconnect, views),
        Binding([.escape], "back", .back, [.zoom, .help]),
        Binding([.char("q"), .function(10)], "quit", .quit, views),
        Binding([.enter, .char("y")], "confirm", .confirm, [.dialog]),
        Binding([.escape, .char("n")], "cancel", .cancel, [.dialog]),
    ]

    /// The action `key` runs on `screen`, if any.
    public static func action(for key: Key, on screen: ConsoleScreen) -> ConsoleAction? {
        bindings.first { $0.screens.contains(screen) && $0.keys.contains(key) }?.action
    }

    /// The actions drawn as a row of buttons on `screen` (with their keys and words): the
    /// lead on the tiles, what acts on the one trainee on their screen. The hint line leaves them out.
    public static func buttons(on screen: ConsoleScreen) -> [ConsoleAction] {
        switch screen {
        case .tiles: [.nextStep, .letThemTry, .hold, .show, .endShow]
        case .zoom: [.back, .show, .endShow, .lowerHand, .reset, .disconnect]
        case .dialog, .help: []
        }
    }

    /// The bindings the hint line shows on `screen`, in the table's order.
    public static func hints(on screen: ConsoleScreen) -> [Binding] {
        let buttons = buttons(on: screen)
        return bindings.filter { $0.inHint && $0.screens.contains(screen) && !buttons.contains($0.action) }
    }

    /// The first key of `action` on `screen`, as drawn (`n`, `Enter`).
    public static func keyName(_ action: ConsoleAction, on screen: ConsoleScreen) -> String {
        bindings.first { $0.action == action && $0.screens.contains(screen) }?.keys.first?.displayName ?? ""
    }

    /// A binding's help, by its action, on `screen`.
    public static func help(_ action: ConsoleAction, on screen: ConsoleScreen) -> String {
        bindings.first { $0.action == action && $0.screens.contains(screen) }?.help ?? ""
    }
}
