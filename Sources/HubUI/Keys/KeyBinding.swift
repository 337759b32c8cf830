/// One key binding as data (after bubbles' `key.Binding`): the keys, the help text, the
/// command, and when it is active. The hint line, the help screen and the key handler all
/// read the same table, so what is shown is what works.
public struct KeyBinding: Sendable {
    /// The keys that run it (letters only while no text field has focus).
    public var keys: [Key]
    /// Short help for the hint line ("help", "next field").
    public var help: String
    /// Where it applies, for the help screen ("anywhere", "app pane").
    public var scope: String
    /// What it does.
    public var command: UIIntent
    /// Shown in the hint line when active (help still lists every binding).
    public var inHint: Bool
    /// Its button on the focused app's pane, if the pane offers one (shown while `when` holds).
    public var paneButton: PaneButton?
    /// When it is active.
    public var when: @Sendable (KeyContext) -> Bool

    /// A binding; letter keys in `keys` are off while a text field has focus.
    public init(_ keys: [Key], _ help: String, _ command: UIIntent, scope: String, inHint: Bool = true,
                button: PaneButton? = nil, when: @escaping @Sendable (KeyContext) -> Bool) {
        self.keys = keys; self.help = help; self.command = command; self.scope = scope; self.inHint = inHint
        self.paneButton = button; self.when = when
    }

    /// The keys that work in `context`: letter keys are off while a text field has focus,
    /// and only help's own keys work while help is open.
    public func activeKeys(in context: KeyContext) -> [Key] {
        guard when(context) else { return [] }
        // In a class the trainer leads the lesson for everyone: its keys are not the trainee's.
        if context.inClass && KeyBinding.lessonCommands.contains(command) { return [] }
        // A lesson keeps the lead over the pages its steps open (the Hub's log-out
        // confirmation, help): its keys work there too. Only "Quit the lesson?" takes them.
        let lessonKey = KeyBinding.lessonCommands.contains(command) && context.lessonPlaying && !context.confirmingQuit
        if context.helpOpen && !KeyBinding.helpCommands.contains(command) && !lessonKey { return [] }
        // The confirmation is modal: it is answered before anything else happens.
        // Its forecast scrolls (a view, anyone's, as the trainer leads too).
        let scrollsForecast = context.confirming && KeyBinding.confirmScrollCommands.contains(command) && scope.hasPrefix("confirmation")
        if context.confirming && !KeyBinding.confirmCommands.contains(command) && !lessonKey && !scrollsForecast { return [] }
        // A page a lesson step opened is answered by the class, at its turn: while the trainer
        // leads, its yes and no are not keys (the lesson says "wait for the trainer").
        if context.lessonPlaying && !context.lessonWaiting && context.confirming && !context.confirmingQuit
            && KeyBinding.confirmCommands.contains(command) { return [] }
        // While the faults menu is open its keys are the ones that work (and are hinted); any
        // other key closes it first (`HubModel.handleKey`), and quitting always works.
        if context.faultMenuOpen && !KeyBinding.faultMenuCommands.contains(command) && command != .quit { return [] }
        if context.tooSmall && command != .quit { return [] }
        return context.textFieldFocused ? keys.filter { !$0.isPrintable } : keys
    }

    /// Whether any of its keys works in `context`.
    public func isActive(in context: KeyContext) -> Bool { !activeKeys(in: context).isEmpty }

    /// How the binding reads in the hint line: its first working key and its help.
    public func hintText(in context: KeyContext) -> String? {
        guard inHint, let key = activeKeys(in: context).first else { return nil }
        return "\(key.displayName) \(help)"
    }

    /// The keys as the help screen lists them (`F1 ?`).
    public var keyNames: String { keys.map(\.displayName).joined(separator: " ") }

    // Short lists rather than sets: the first frame's hint line reads them, and the first
    // `Set` of a type costs a scan of the runtime's conformance records (Docs/performance.md, Benchmarks).
    static let helpCommands: [UIIntent] = [.help, .quit, .scrollUp, .scrollDown, .scrollTop, .scrollBottom]
    /// A lesson's commands: bound only while a lesson plays.
    public static let lessonCommands: [UIIntent] = [.lessonNext, .lessonBack, .lessonTry, .lessonShow]
    /// What works while the forecast-and-confirm dialog is open: yes and no.
    static let confirmCommands: [UIIntent] = [.confirmAction, .back]
    /// What scrolls the dialog's forecast while it is open.
    static let confirmScrollCommands: [UIIntent] = [.lineUp, .lineDown]
    /// What works while the faults menu is open (Esc and `!` close it).
    static let faultMenuCommands: [UIIntent] = [.faultsMenu, .faultUp, .faultDown, .faultChoose, .faultLonger, .faultShorter]
}
