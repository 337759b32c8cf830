/// What the narration panel shows while a lesson plays: set by the lesson player (Scenarios)
/// after every change, drawn by `LessonPanelView`, and read by the key table (the lesson's
/// keys work only while a panel is set).
public struct LessonPanel: Equatable, Sendable {
    /// Where the lesson stands.
    public enum Mode: Equatable, Sendable {
        /// The trainer leads: Next performs the next step.
        case showing
        /// The class has the keys: the lesson waits for the step's actions, `done` of `of` done so
        /// far; `keys` is what to press for the next one (`Tab ×2 Enter (launch notes)`).
        case waiting(keys: String, done: Int, of: Int)
        /// Waiting, and the class did something else: `message` says what and what to do.
        case offTrack(message: String)
        /// The last step is done.
        case finished
    }

    /// The lesson's title (`Workspace ONE shift change`).
    public var lessonTitle: String
    /// Steps done so far (0 before the first) and how many the lesson has.
    public var position: Int
    public var count: Int
    /// The step just done (or the introduction at position 0).
    public var title: String
    /// What to watch on the screen now.
    public var watch: String?
    /// Why it happens.
    public var why: String?
    /// A race preset's `lookFor`: what to look for on the screen as the race unfolds. Not a
    /// claim about the screen now (a `watch` is checked against the panes; this is not).
    public var lookFor: String?
    /// On the class's turn: what the step asks of them (its `try` text, or what it does).
    public var task: String?
    /// The reference it comes from (`004 §Notes`).
    public var ref: String?
    /// The next step as one line (its title and what it does), nil at the end.
    public var next: String?
    /// What the class is asked to do in the next step (a try-it step), if anything.
    public var nextTry: String?
    /// The next step has actions the class can do themselves (`d` lets them).
    public var nextTryable: Bool = false
    public var mode: Mode
    /// A remark on the step just done (a check that failed after the class's own walk).
    public var note: String?
    /// One line in place of what comes next: something the class tried before its turn was
    /// refused ("Wait for the trainer: this is step 6 of 9 …"). Cleared at the next key.
    public var hold: String?
    /// A race preset walked by one person (`hubsim race`), not a class led by a trainer: the
    /// status line says "Your turn" and the buttons "Show me".
    public var isRace = false

    public init(lessonTitle: String, position: Int, count: Int, title: String, watch: String? = nil, why: String? = nil,
                ref: String? = nil, next: String? = nil, nextTry: String? = nil, nextTryable: Bool = false,
                mode: Mode = .showing, note: String? = nil) {
        self.lessonTitle = lessonTitle; self.position = position; self.count = count; self.title = title
        self.watch = watch; self.why = why; self.ref = ref; self.next = next; self.nextTry = nextTry; self.nextTryable = nextTryable
        self.mode = mode; self.note = note
    }

    /// The class has the keys (waiting, on track or not).
    public var isWaiting: Bool {
        switch mode {
        case .waiting, .offTrack: true
        case .showing, .finished: false
        }
    }

    public var canGoBack: Bool { position > 0 || isWaiting }
    public var canGoOn: Bool { next != nil }

    /// The class's task, watch, why, the reference (closing the last paragraph) and any note, wrapped to `width`.
    public func narrationLines(width: Int) -> [String] {
        var paragraphs: [String] = []
        if let task { paragraphs.append("To do: " + task) }
        if let watch { paragraphs.append("Watch: " + watch) }
        if let lookFor { paragraphs.append("Look for: " + lookFor) }
        if let why { paragraphs.append("Why: " + why) }
        if let ref {
            if paragraphs.isEmpty { paragraphs.append("(ref: \(ref))") } else { paragraphs[paragraphs.count - 1] += " (ref: \(ref))" }
        }
        if let note { paragraphs.append("Note: " + note) }
        return paragraphs.flatMap { TextWrap.lines($0, width: max(1, width)) }
    }

    /// Narration lines the panel shows at a screen size (between the step's title and the
    /// status line), and their width.
    public static func narrationRoom(width: Int, height: Int) -> (rows: Int, width: Int) {
        (rows(forHeight: height) - 4, width - 4)
    }

    /// Rows the panel takes at a screen height: 7 from 24 rows (a title border, five lines of
    /// narration, the buttons in the bottom border), 9 from 36.
    public static func rows(forHeight height: Int) -> Int { height >= 36 ? 9 : 7 }

    /// Rows the panel keeps while a page covers the screen (a confirmation, help): below 36
    /// rows the page needs the room, and the lesson keeps a one-line strip (where it stands,
    /// its keys, and what comes next); from 36 the whole panel stays.
    public static func rows(forHeight height: Int, underPage: Bool) -> Int { underPage && height < 36 ? 1 : rows(forHeight: height) }
}
