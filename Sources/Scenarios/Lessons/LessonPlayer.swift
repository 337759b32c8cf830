import HubUI
import Platform
import SessionEngine

/// Plays a lesson, headless or on a terminal: a pure value (lesson + position → device, UI
/// model and frames), so a cast writer or a test can drive it step by step and render what
/// the class saw.
///
/// Stepping back is proportional, never a replay of the walk: the player keeps the whole
/// state (engine, UI model, the checks' memory) as it was at every position — `SharedDevice`
/// and `HubModel` are values, so each snapshot shares storage with the next until one of
/// them changes — and a step back restores the one before. What grows with the walk (the
/// event log, the action log, each app's log) is kept in blocks (`ChunkedLog`), so the next
/// step's change copies a block of each, never the whole log: a lesson's memory is linear in
/// its steps (with logs kept as arrays, each step copied all of them, and 9,990 steps took 5.2 GB).
///
/// On a terminal (`TerminalProgram`), the lesson's keys (Space `]` `→` next, `[` `←` back,
/// `d` let them try) and the panel's buttons are the player's; every other key and click
/// goes to the simulator as usual. While the class has the keys, each device action they
/// cause is compared with what the step would do: the next expected one moves the step on,
/// anything else gets one line saying what happened and what to do.
/// Not `Sendable`: its hub may carry a headless cast's hook (a closure over the cast's clock).
public struct LessonPlayer: TerminalProgram {
    public let lesson: Lesson
    /// Steps done: 0 before the first, `lesson.steps.count` at the end.
    public private(set) var position = 0
    var execution: ScenarioExecution
    /// The state at each position up to the current one (`snapshots[position]` is now's, as
    /// it was when the position was reached).
    private var snapshots: [ScenarioExecution]
    /// The class's turn, when the lesson waits for it.
    private(set) var turn: ClassTurn?
    /// A remark on the step just done (shown in the panel).
    private var note: String?
    /// The device actions the next step applies (what the class would have to do), worked
    /// out once per position.
    private var nextExpected: [DeviceAction]?
    /// The same, unblanked: what the turn line's keys aim at.
    private var nextTargets: [DeviceAction] = []
    /// Which of them the step expects to be refused (a check-out offline): the class's refused
    /// attempt is then the step done, not a mistake.
    private var nextRefused: [Bool] = []
    /// Every step result so far, per position (a headless run reports them).
    public private(set) var results: [[StepResult]] = [[]]
    /// What the class tried before its turn and was refused (one line in the panel).
    private var hold: String?
    /// The state when "Quit the lesson?" was asked: Esc comes back to it exactly (the page a
    /// step opened, such as the Hub's log-out confirmation, included).
    private var beforeQuitQuestion: ScenarioExecution?

    /// What the lesson waits for while the class has the keys.
    struct ClassTurn: Sendable {
        /// The device actions the step would apply, secrets blanked, in order.
        var expected: [DeviceAction]
        /// The same actions as written (the group ID kept, which the turn line's keys type; never shown as a secret).
        var targets: [DeviceAction]
        /// Which of them the step expects to be refused.
        var refused: [Bool]
        /// How many of them the class has done.
        var matched = 0
        /// The model's action log already looked at.
        var seen: Int
        /// What the class did instead, when they did.
        var offTrack: String?
    }

    /// A player at position 0 on a new device built from the lesson's header.
    public init(lesson: Lesson, dependencies: EngineDependencies, theme: Theme = .colour) {
        self.lesson = lesson
        let s = lesson.scenario
        let device = s.device(dependencies: dependencies)
        execution = ScenarioExecution(hub: HeadlessHub(device: device, width: s.screenWidth, height: s.screenHeight, theme: theme))
        snapshots = [execution]
        refreshPanel()
        snapshots[0] = execution
    }

    /// The simulator's model as it stands (device and UI state, narration panel included).
    public var model: HubModel { execution.hub.model }
    public var isAtEnd: Bool { position == lesson.steps.count }
    /// The lesson waits for the class.
    public var isWaiting: Bool { turn != nil }

    // MARK: moving through the lesson

    /// Performs the next step (its actions, then its checks) and moves on; returns its results.
    /// A try-it step does not run: the lesson waits for the class instead (`letThemTry`).
    @discardableResult
    public mutating func next() -> [StepResult] {
        guard !isAtEnd else { return [] }
        if turn == nil, lesson.steps[position].tryIt != nil, letThemTry() { return [] }
        return perform()
    }

    /// Performs the next step for the class (a try-it step included, and while waiting).
    @discardableResult
    public mutating func perform() -> [StepResult] {
        guard !isAtEnd else { return [] }
        if turn != nil { restore(position) }
        let step = lesson.steps[position]
        var out: [StepResult] = []
        // A step runs as it would in a scenario: without the panel (so `press:` types into the
        // Hub's form and `screen` checks read the simulator's own screen).
        execution.hub.show(nil)
        for s in step.actions + step.checks { out.append(run(s, after: out)) }
        out.append(run(narrationStep(position), after: out))
        advance(with: out)
        return out
    }

    /// Goes back one step, restoring the state exactly as it was there. While the class has
    /// the keys: undoes what they did; off track, they get the same step to try again.
    public mutating func back() {
        if let t = turn {
            restore(position)
            if t.offTrack != nil { _ = letThemTry(); return }
            // In a race the person's turn is the usual state: `[` goes on back a step.
            guard lesson.handOver != nil else { refreshPanel(); return }
        }
        // A race never steps back into its set-up: that is the preset's, not the person's.
        guard position > (lesson.handOver ?? 0) else { handOverIfRacing(); return }
        snapshots.removeLast()
        results.removeLast()
        position -= 1
        nextExpected = nil
        restore(position)
        handOverIfRacing()
    }

    /// A race preset's lesson (`Lesson.handOver`): past its set-up, the person has the keys at
    /// every step they can do, without the trainer's `d`.
    private mutating func handOverIfRacing() {
        guard let handOver = lesson.handOver, position >= handOver, turn == nil, !isAtEnd,
              lesson.steps[position].tryIt != nil else { return }
        letThemTry()
    }

    /// Pauses for the class to do the next step with the normal keys; false when the next
    /// step does nothing the class could do.
    @discardableResult
    public mutating func letThemTry() -> Bool {
        guard !isAtEnd else { return false }
        guard let expected = nextExpected, !expected.isEmpty else { return false }
        turn = ClassTurn(expected: expected, targets: nextTargets, refused: nextRefused, seen: model.actionLog.count)
        refreshPanel()
        return true
    }

    /// Moves to `index` (0...steps), forward by performing steps, back by restoring snapshots.
    public mutating func go(to index: Int) {
        let target = max(0, min(index, lesson.steps.count))
        if turn != nil { restore(position) }
        while position > target { back() }
        while position < target { perform() }
    }

    /// Plays the whole lesson headless, every step as the trainer's Next would (try-it steps
    /// performed for the class); stops at the first failed step, like a scenario run.
    /// `afterEachStep` sees the player once each step is done (a cast renders it then).
    public mutating func playToEnd(afterEachStep: (LessonPlayer) -> Void = { _ in }) -> (results: [StepResult], failedScreen: String?) {
        var all: [StepResult] = []
        while !isAtEnd {
            let done = perform()
            all += done
            afterEachStep(self)
            if done.contains(where: { $0.failure != nil }) {
                let screen = execution.hub.screen()
                for index in position..<lesson.steps.count {
                    let later = lesson.steps[index]
                    for s in later.actions + later.checks + [narrationStep(index)] { all.append(StepResult(step: s, status: .skipped)) }
                }
                return (all, screen)
            }
        }
        return (all, nil)
    }

    // MARK: rendering

    public func render(width: Int, height: Int) -> Frame { model.render(width: width, height: height) }

    /// What the narration panel shows now.
    public var panel: LessonPanel {
        let shown = position == 0
            ? LessonPanel(lessonTitle: lesson.title, position: 0, count: lesson.steps.count, title: "Ready: \(lesson.title)",
                          why: lesson.description)
            : Self.panel(for: lesson.steps[position - 1], in: lesson, position: position)
        var p = shown
        p.isRace = lesson.handOver != nil
        p.note = note
        p.hold = hold
        if !isAtEnd {
            let next = lesson.steps[position]
            p.next = next.title + (next.doing.map { " (\($0))" } ?? "")
            p.nextTry = next.tryIt
            p.nextTryable = nextExpected?.isEmpty == false
        }
        if let turn {
            // The class's turn is about the step they are to do: its title and what they are
            // asked, not the step before it (whose "watch" no longer describes the screen).
            let step = lesson.steps[position]
            p.title = step.title
            p.watch = nil
            p.why = nil
            p.ref = step.ref
            p.lookFor = step.lookFor
            // What they are asked, unless the title already says it (a race's later turns).
            p.task = (step.tryIt ?? step.doing).flatMap { $0 == step.title ? nil : $0 }
            p.mode = turn.offTrack.map { .offTrack(message: $0) }
                ?? .waiting(keys: keysLine(turn), done: turn.matched, of: turn.expected.count)
        } else if isAtEnd {
            p.mode = .finished
        }
        return p
    }

    /// The keys for the class's next expected action, read from the key table on the screen as
    /// it is (`KeyGuide`), and the action's name: `Tab ×2 Enter (launch notes)`. Where no keys are
    /// found within reach, the action's name alone.
    private func keysLine(_ turn: ClassTurn) -> String {
        guard turn.matched < turn.expected.count else { return "" }
        let action = turn.targets[turn.matched]
        let label = Self.label(action)
        guard let steps = KeyGuide.steps(for: action, in: model) else { return label }
        return KeyGuide.text(steps) + " (\(label))"
    }

    static func panel(for step: LessonStep, in lesson: Lesson, position: Int) -> LessonPanel {
        var panel = LessonPanel(lessonTitle: lesson.title, position: position, count: lesson.steps.count, title: step.title,
                                watch: step.watch, why: step.why, ref: step.ref)
        panel.lookFor = step.lookFor
        return panel
    }

    // MARK: the terminal

    public mutating func handle(_ event: InputEvent, shown: Frame?) -> TerminalRequest {
        var personal = false
        switch event {
        case .tick:
            // The simulated clock stands still while the trainer talks (a lesson moves it with
            // its own steps); only the enrollment animation runs on the wall clock.
            guard case .enrolling = model.device.state else { return .unchanged }
        case let .key(key):
            personal = true
            if model.confirmation?.kind == .quit { return answerQuitQuestion(event, shown: shown) }
            let context = model.keyContext
            let command = KeyTable.binding(for: key, in: context)?.command
            if let command, KeyBinding.lessonCommands.contains(command) { return run(command) }
            // q and F10 ask mid-way, over a page too (whose modal keys would otherwise swallow
            // them); in a text field on the class's turn, q types.
            let quitKey = KeyTable.bindings.contains { $0.command == .quit && $0.keys.contains(key) }
            if isMidWay, command == .quit || (quitKey && context.confirming && !context.textFieldFocused) {
                return askBeforeQuitting()
            }
            // A key that is the class's only on their turn (the page's yes and no while the
            // trainer leads): refused with the same line as an action.
            if turn == nil, command == nil {
                var theirs = context
                theirs.lessonWaiting = true
                if let b = KeyTable.binding(for: key, in: theirs), !KeyBinding.lessonCommands.contains(b.command) {
                    hold = waitLine
                    refreshPanel()
                    return .none
                }
            }
        case let .mouse(mouse) where mouse.button == .left:
            personal = true
            if model.confirmation?.kind == .quit { return answerQuitQuestion(event, shown: shown) }
            let model = self.model
            let frame = shown.flatMap { $0.grid.width == model.width && $0.grid.height == model.height ? $0 : nil }
                ?? model.render(width: model.width, height: model.height)
            if case let .command(command)? = frame.hitMap.target(x: mouse.x, y: mouse.y) {
                let context = model.keyContext
                if KeyBinding.lessonCommands.contains(command) {
                    guard KeyTable.bindings.contains(where: { $0.command == command && $0.isActive(in: context) }) else { return .none }
                    return run(command)
                }
                if command == .quit, isMidWay, !context.confirming { return askBeforeQuitting() }
            }
        default: break
        }
        if turn != nil {
            execution.leaks.beforeChange(model.device)
            let command = execution.hub.handle(event, shown: shown)
            execution.leaks.observe(model.device)
            watchTheClass()
            return command
        }
        guard personal else { return execution.hub.handle(event, shown: shown) }
        // The trainer leads: the screen's views (help, the log, a zoom, the focus) are anyone's,
        // but the device and the Hub's page are the lesson's. An action before its step, or a
        // page opened or closed under the narration, is tried on a copy and refused with one line.
        var trial = execution
        let before = trial.hub.model.actionLog.count
        let command = trial.hub.handle(event, shown: shown)
        let acted = trial.hub.model.actionLog[before...].contains { $0.action != .userActivity }
        let pageMoved = trial.hub.model.page != model.page || trial.hub.model.confirmation != model.confirmation
        if acted || pageMoved {
            hold = waitLine
            refreshPanel()
            return .none
        }
        execution = trial
        if hold != nil { hold = nil; refreshPanel() }
        return command
    }

    /// Whether quitting now would end a lesson mid-way (a step done and more to come, or the
    /// class's turn): `q` asks first then. Below the minimum size nothing could show the
    /// question, so `q` quits, as the simulator's own does.
    var isMidWay: Bool { !model.isTooSmall && (turn != nil || (position > 0 && !isAtEnd)) }

    /// What the class is told when they act before their turn.
    var waitLine: String {
        // The end says one thing, the panel's own end line; a race has no trainer to wait for.
        if isAtEnd { return lesson.handOver == nil ? "End of the lesson: [ steps back, q quits." : "End of the race: [ steps back, q quits." }
        if lesson.handOver != nil { return "Step \(position + 1) of \(lesson.steps.count) plays by itself: → plays it, [ steps back." }
        if model.classroom != nil { return "The trainer leads step \(position + 1) of \(lesson.steps.count): watch; your turn comes when the trainer lets the class try." }
        let tryable = nextExpected?.isEmpty == false
        return "Wait for the trainer: this is step \(position) of \(lesson.steps.count); → goes on"
            + (tryable ? ", d lets the class try." : ".")
    }

    /// "Quit the lesson?" over whatever shows (Enter quits, Esc stays).
    private mutating func askBeforeQuitting() -> TerminalRequest {
        beforeQuitQuestion = execution
        hold = nil
        execution.hub.askBeforeQuitting()
        refreshPanel()
        return .none
    }

    /// A key or click while "Quit the lesson?" asks: yes quits; anything that closes the
    /// question brings back the screen exactly as it was asked over.
    private mutating func answerQuitQuestion(_ event: InputEvent, shown: Frame?) -> TerminalRequest {
        let command = execution.hub.handle(event, shown: shown)
        if command == .quit { return .quit }
        if model.confirmation?.kind != .quit, let saved = beforeQuitQuestion {
            execution = saved
            beforeQuitQuestion = nil
            refreshPanel()
        }
        return command
    }

    /// The simulated clock stands still in a lesson (its steps move it), so only the
    /// enrollment animation is timed; otherwise nothing changes until the next input and the
    /// terminal sleeps (Docs/performance.md: an idle lesson writes nothing and does not wake).
    public func secondsUntilTimedChange(shown: Frame?) -> Double? {
        guard case .enrolling = model.device.state else { return nil }
        return model.secondsUntilTimedChange(shown: shown)
    }

    private mutating func run(_ command: UIIntent) -> TerminalRequest {
        hold = nil
        switch command {
        case .lessonNext: next()
        case .lessonShow: perform()
        case .lessonBack: back()
        case .lessonTry: letThemTry()
        default: break
        }
        return .none
    }

    // MARK: the class's turn

    /// Compares the device actions the class caused since the last look with the expected ones.
    private mutating func watchTheClass() {
        guard var t = turn else { return }
        let log = model.actionLog
        guard log.count > t.seen else { return }
        for applied in log[t.seen...] {
            // The clock moves by the class's own F5 where the step moves it; otherwise it is noise.
            let clockExpected = t.matched < t.expected.count && Self.blanked(applied.action) == t.expected[t.matched]
            guard !Self.isNoise(applied.action) || clockExpected else { continue }
            execution.lastOutcome = (applied.action, applied.outcome)
            let label = Self.label(applied.action)
            if applied.outcome.refusal != nil, clockExpected || (t.matched < t.expected.count && Self.blanked(applied.action) == t.expected[t.matched]),
               t.refused[t.matched] {
                t.matched += 1
                continue
            }
            if let refusal = applied.outcome.refusal {
                t.offTrack = "Refused, \(refusal.tag): \(label). Try again, or → shows \(lesson.handOver == nil ? "them" : "it")."
                continue
            }
            if t.matched < t.expected.count, Self.blanked(applied.action) == t.expected[t.matched] {
                t.matched += 1
                continue
            }
            let wanted = t.matched < t.expected.count ? Self.label(t.expected[t.matched]) : "nothing more"
            t.offTrack = lesson.handOver == nil
                ? "The class did \(label), not \(wanted): [ undoes it, → shows them."
                : "You did \(label), not \(wanted): [ undoes it, → shows it."
        }
        t.seen = log.count
        turn = t
        if t.matched == t.expected.count { classDidIt() } else { refreshPanel() }
    }

    /// The class did every action of the step: its checks run on what they did, and the lesson moves on.
    private mutating func classDidIt() {
        let step = lesson.steps[position]
        let wentOffTrack = turn?.offTrack != nil
        turn = nil
        var out: [StepResult] = step.actions.map { StepResult(step: $0, status: .passed) }
        execution.hub.show(nil)
        // The checks read the device once it is still, as a scenario's do: an enrollment the
        // class started finishes its profile steps first.
        execution.hub.settleAll()
        for s in step.checks { out.append(run(s, after: out)) }
        out.append(run(narrationStep(position), after: out))
        advance(with: out, classNote: wentOffTrack ? "the class got there after a detour; [ goes back to try it cleanly." : nil)
    }

    /// The device actions `step` applies, found by running it on a copy (so `press` steps
    /// count too), secrets blanked; the UI's own noise left out.
    private func expectedActions(of step: LessonStep) -> [AppliedAction] {
        var scratch = execution
        scratch.hub.show(nil)
        let before = scratch.hub.model.actionLog.count
        for s in step.actions { _ = scratch.run(s) }
        // A step that moves the clock itself (`advanceClock`) asks for the class's F5: a race's
        // "then F5 twice" is theirs to press, as its panel says.
        let movesClock = step.actions.contains { s in
            if case let .action(actions, _) = s.kind { actions.contains { if case .advanceClock = $0 { true } else { false } } } else { false }
        }
        return scratch.hub.model.actionLog.dropFirst(before).filter { applied in
            if case .advanceClock = applied.action, movesClock { return true }
            return !Self.isNoise(applied.action)
        }
    }

    /// Actions that are the simulator's doing, not the class's: clock ticks, the enrollment animation, activity.
    static func isNoise(_ action: DeviceAction) -> Bool {
        switch action {
        case .userActivity, .advanceClock, .installProfileStep, .completeEnrollment: true
        default: false
        }
    }

    /// The action with its secrets and group left out: the class types its own.
    static func blanked(_ action: DeviceAction) -> DeviceAction { KeyGuide.blanked(action) }

    /// An action as the panel names it (`launch notes`, `checkOut cou1`); never a secret.
    static func label(_ action: DeviceAction) -> String {
        switch action {
        case let .enroll(_, user, _): "enroll \(user)"
        case let .checkOut(_, user, _, _): "checkOut \(user)"
        case let .signIn(user, _, from): "signIn \(user) from \(from)"
        case let .signOut(from, browser): "signOut from \(from)\(browser ? " via the browser" : "")"
        case let .launch(id): "launch \(id)"
        case let .background(id): "background \(id)"
        case let .suspend(id): "suspend \(id)"
        case let .terminate(id): "terminate \(id)"
        default: action.name
        }
    }

    // MARK: state

    private mutating func run(_ step: ScenarioStep, after earlier: [StepResult]) -> StepResult {
        guard !earlier.contains(where: { $0.failure != nil }) else { return StepResult(step: step, status: .skipped) }
        if let failure = execution.run(step) { return StepResult(step: step, status: .failed(failure)) }
        return StepResult(step: step, status: .passed)
    }

    /// The check that step `index`'s narration fits its panel, as a step of the report.
    private func narrationStep(_ index: Int) -> ScenarioStep {
        let step = lesson.steps[index]
        let panel = Self.panel(for: step, in: lesson, position: index + 1)
        return ScenarioStep(kind: .narration(panel, width: lesson.scenario.screenWidth, height: lesson.scenario.screenHeight), line: step.line,
                            column: step.column, label: "narration: \(step.title)")
    }

    private mutating func advance(with out: [StepResult], classNote: String? = nil) {
        position += 1
        nextExpected = nil
        note = out.compactMap(\.failure).first.map { "check failed: \($0.message)" } ?? classNote
        results.append(out)
        refreshPanel()
        snapshots.append(execution)
        handOverIfRacing()
    }

    /// Back to the state kept for `index` (the current position or an earlier one).
    private mutating func restore(_ index: Int) {
        execution = snapshots[index]
        turn = nil
        note = nil
        refreshPanel()
    }

    private mutating func refreshPanel() {
        if nextExpected == nil, !isAtEnd {
            let applied = expectedActions(of: lesson.steps[position])
            nextTargets = applied.map(\.action)
            nextRefused = applied.map { $0.outcome.refusal != nil }
            nextExpected = nextTargets.map(Self.blanked)
        }
        execution.hub.show(panel)
    }
}
