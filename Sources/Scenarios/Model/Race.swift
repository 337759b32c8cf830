import SessionEngine

/// A race preset (`Assets/races/README.md`, Docs/faults.md): a scenario named after what goes
/// wrong, split by its `walk` step into the set-up (the device brought to the moment of the
/// race, the fault armed, step mode on) and the race a person walks through one delivery at a
/// time. Headless it runs as its scenario; `hubsim race` plays it as a lesson whose race steps
/// are the person's turns, so the lesson player's comparison of what they did is reused.
public struct Race: Sendable {
    /// The file's name without `.yaml`: what `hubsim race NAME` takes.
    public var name: String
    /// What goes wrong, one line: the picker's description.
    public var title: String
    /// The public issue or document it comes from.
    public var source: String
    /// What a QA engineer should look for on the screen.
    public var lookFor: String
    /// What the person does once the set-up is done (the `walk` step's text).
    public var walk: String
    /// Every step but `walk`, in order: what `hubsim run` plays.
    public var scenario: Scenario
    /// How many of `scenario.steps` are the set-up.
    public var setUpCount: Int

    public init(name: String, title: String, source: String, lookFor: String, walk: String, scenario: Scenario, setUpCount: Int) {
        self.name = name; self.title = title; self.source = source; self.lookFor = lookFor; self.walk = walk
        self.scenario = scenario; self.setUpCount = setUpCount
    }

    public var setUp: ArraySlice<ScenarioStep> { scenario.steps[..<setUpCount] }
    public var race: ArraySlice<ScenarioStep> { scenario.steps[setUpCount...] }

    /// The race as a lesson: each action (with the checks written after it) one lesson step.
    /// The set-up's steps are led (`hubsim race` plays them at once); every race step is a
    /// try-it step, the first one asking for `walk`, so the person has the keys throughout.
    public var lesson: Lesson {
        let setUpSteps = Self.groups(setUp).map { group in
            var step = LessonStep(title: "Set-up: " + Self.doing(group.actions), ref: source,
                                  actions: group.actions, checks: group.checks, line: group.line, column: group.column)
            step.lookFor = lookFor
            return step
        }
        let raceSteps = Self.groups(race).enumerated().map { index, group in
            let doing = Self.doing(group.actions)
            var step = LessonStep(title: doing.isEmpty ? "What it caused" : doing, ref: source,
                                  tryIt: group.actions.isEmpty ? nil : (index == 0 ? walk : doing),
                                  actions: group.actions, checks: group.checks, line: group.line, column: group.column)
            step.lookFor = lookFor
            return step
        }
        var lesson = Lesson(name: name, title: title, description: "Source: \(source)", file: scenario.file,
                            scenario: scenario, steps: setUpSteps + raceSteps)
        lesson.handOver = setUpSteps.count
        return lesson
    }

    /// Steps cut into runs of actions, each with the checks written right after it.
    static func groups(_ steps: ArraySlice<ScenarioStep>) -> [(actions: [ScenarioStep], checks: [ScenarioStep], line: Int, column: Int)] {
        var out: [(actions: [ScenarioStep], checks: [ScenarioStep], line: Int, column: Int)] = []
        for step in steps {
            let isAction: Bool
            switch step.kind {
            case .action, .press: isAction = true
            default: isAction = false
            }
            if out.isEmpty || (isAction && !out[out.count - 1].checks.isEmpty) {
                out.append((actions: [], checks: [], line: step.line, column: step.column))
            }
            if isAction { out[out.count - 1].actions.append(step) } else { out[out.count - 1].checks.append(step) }
        }
        return out
    }

    /// What a run of steps does, as one line; a `press:` step is `keys typed` (it may hold a secret).
    static func doing(_ actions: [ScenarioStep]) -> String {
        actions.map { step in
            if case .press = step.kind { "keys typed" } else { step.label }
        }.joined(separator: ", ")
    }
}
