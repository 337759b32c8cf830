import SessionEngine

/// A lesson: a scenario with narration (Docs/lessons.md). The device is built as a scenario's is;
/// each step says what it shows (title, what to watch, why, the reference) and, optionally,
/// does something (`do`), checks something (`check`) or asks the class to do it (`try`).
public struct Lesson: Sendable {
    /// The file's name without `.yaml`: what `hubsim lesson NAME` takes.
    public var name: String
    /// The `lesson:` line: the title the panel and the picker show.
    public var title: String
    public var description: String?
    /// The file it was read from, as given.
    public var file: String
    /// The device and screen to build; its `steps` are every step of the lesson in order
    /// (each `do`, then each `check`), as a headless run reports them.
    public var scenario: Scenario
    public var steps: [LessonStep]
    /// A race preset's lesson (`Race.lesson`): how many steps are its set-up. `hubsim race`
    /// plays them at once, and from there on every try-it step waits for the person without
    /// the trainer's `d`. Nil for a lesson.
    public var handOver: Int?

    public init(name: String, title: String, description: String?, file: String, scenario: Scenario, steps: [LessonStep]) {
        self.name = name; self.title = title; self.description = description; self.file = file
        self.scenario = scenario; self.steps = steps
        self.scenario.steps = steps.flatMap { $0.actions + $0.checks }
    }
}

/// One step of a lesson, with where it was written.
public struct LessonStep: Sendable {
    public var title: String
    /// What to watch on the screen once the step is done.
    public var watch: String?
    /// Why it happens.
    public var why: String?
    /// The reference it comes from (`004 Notes`).
    public var ref: String?
    /// A race preset's `lookFor` (`Race.lesson`): shown on every step, never checked against the screen.
    public var lookFor: String?
    /// A try-it step: what the class is asked to do (the keys, in a few words). The lesson
    /// pauses there and waits until the class has done the step's actions.
    public var tryIt: String?
    /// What the step does: action and `press` steps, in order.
    public var actions: [ScenarioStep]
    /// What must hold once it is done: `expect…` steps.
    public var checks: [ScenarioStep]
    public var line: Int
    public var column: Int

    public init(title: String, watch: String? = nil, why: String? = nil, ref: String? = nil, tryIt: String? = nil,
                actions: [ScenarioStep] = [], checks: [ScenarioStep] = [], line: Int = 1, column: Int = 1) {
        self.title = title; self.watch = watch; self.why = why; self.ref = ref; self.tryIt = tryIt
        self.actions = actions; self.checks = checks; self.line = line; self.column = column
    }

    /// What the step does, as one line (`checkOut cou1, launch notes`); nil when it only narrates.
    /// A `press:` step shows as `keys typed`: its keys may be a password, and the panel is on
    /// the class's screen (and in a cast).
    public var doing: String? {
        guard !actions.isEmpty else { return nil }
        return actions.map { step in
            if case .press = step.kind { "keys typed" } else { step.label }
        }.joined(separator: ", ")
    }
}
