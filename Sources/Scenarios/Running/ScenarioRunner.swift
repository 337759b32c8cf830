import AppBridge
import Configuration
import Dispatch
import HubUI
import Foundation
import Platform
import SessionEngine

/// Runs scenario files headless: each on a fresh ephemeral device, with one shared
/// credential hasher (it remembers successful verifications, so a library that checks the
/// same users out again and again pays for each password once) and seeded keys.
///
/// The tenant's password hashes are verified at their own work factor. The only hashes a
/// run makes are of app passcodes set at check-out, on a device that lives in memory for
/// one scenario and is never saved: the default hasher makes those at a low work factor
/// (scrypt N=2^10), so a passcode scenario does not pay 2^15 per check-out and unlock.
public struct ScenarioRunner: Sendable {
    public let parser: ScenarioParser
    public let hasher: ScryptHasher
    private let verifier: SharedVerifier
    /// The bundled tenant, to tell which scenarios bring passwords of their own.
    private let bundledTenant: Tenant?
    /// Run scenarios on every core (results keep the order of the files).
    public var parallel: Bool

    /// `environment` resolves `${NAME}` references in scenario files.
    public init(environment: [String: String] = [:], catalogue: AppCatalogue? = nil,
                hasher: ScryptHasher = ScryptHasher(logN: 10), parallel: Bool = true,
                addedApps: [CommandLineApp] = []) throws(ConfigError) {
        let apps: AppCatalogue
        if let catalogue { apps = catalogue } else { apps = try BundledAssets.catalogue() }
        var parser = ScenarioParser(environment: environment, catalogue: apps)
        parser.addedApps = addedApps
        self.parser = parser
        self.hasher = hasher
        self.verifier = SharedVerifier(base: hasher)
        self.bundledTenant = try? BundledAssets.tenant()
        self.parallel = parallel
    }

    /// Loads every file, then runs those that loaded. A file that cannot be used is
    /// reported as a result with a `fileError`, so the others still run and report.
    /// `displayPaths` name the files in reports (default: as given).
    public func run(files: [String], displayPaths: [String]? = nil) async -> RunReport {
        await run(zip(files, displayPaths ?? files).map { ScenarioSource.file(path: $0, shownAs: $1) })
    }

    /// Loads every file, on disk or shipped, then runs those that loaded, as `run(files:)` does.
    public func run(_ sources: [ScenarioSource]) async -> RunReport {
        let start = Date()
        let loaded: [Result<Runnable, ConfigError>] = sources.map { source in
            do throws(ConfigError) {
                return .success(try load(source))
            } catch {
                return .failure(error)
            }
        }
        let costs = loaded.map { (try? $0.get()).map { estimatedCost($0.scenario) } ?? 0 }
        let results = await map(loaded, costliestFirst: costs) { item -> ScenarioResult in
            switch item {
            case let .success(.scenario(scenario)): return run(scenario)
            case let .success(.lesson(lesson)): return run(lesson)
            case let .failure(error):
                return ScenarioResult(name: URL(fileURLWithPath: error.file).deletingPathExtension().lastPathComponent,
                                      file: error.file, steps: [], fileError: error)
            }
        }
        return RunReport(results: results, duration: Date().timeIntervalSince(start))
    }

    /// A file `hubsim run` takes: a scenario, or a lesson (a `lesson:` title at the top).
    enum Runnable: Sendable {
        case scenario(Scenario)
        case lesson(Lesson)

        var scenario: Scenario {
            switch self {
            case let .scenario(s): s
            case let .lesson(l): l.scenario
            }
        }
    }

    /// Reads a scenario, a lesson or a race preset.
    func load(_ source: ScenarioSource) throws(ConfigError) -> Runnable {
        let (text, directory) = try source.read(what: "the scenario file")
        let shown = source.shownPath
        if LessonParser.isLesson(text, file: shown) {
            return .lesson(try lessons.parse(text, file: shown, directory: directory))
        }
        // A race preset runs as its scenario: every step in order, its `walk` marker left out.
        if RaceParser.isRace(text, file: shown) {
            return .scenario(try races.parse(text, file: shown, directory: directory).scenario)
        }
        return .scenario(try parser.parse(text, file: shown, directory: directory))
    }

    /// The lesson parser, with the scenario parser's environment and catalogue.
    public var lessons: LessonParser { LessonParser(scenarios: parser) }

    /// The race preset parser, with the scenario parser's environment and catalogue.
    public var races: RaceParser { RaceParser(scenarios: parser) }

    /// Plays a lesson headless to its end, each step as the trainer's Next would, on a fresh
    /// device; stops at the first failed step and renders the screen then.
    public func run(_ lesson: Lesson) -> ScenarioResult { play(lesson, width: nil, height: nil).result }

    /// Plays `lesson` as `run` does; with a size, renders the screen (narration panel and all,
    /// as the class sees it) at the start and after each step: the frames of a cast.
    func play(_ lesson: Lesson, width: Int?, height: Int?) -> (result: ScenarioResult, frames: [Frame]) {
        let start = Date()
        var player = LessonPlayer(lesson: lesson, dependencies: EngineDependencies.seeded(hasher: verifier))
        var frames: [Frame] = []
        if let width, let height {
            _ = player.handle(.resize(width: width, height: height), shown: nil)
            frames.append(player.render(width: width, height: height))
        }
        let (steps, screen) = player.playToEnd { p in
            if let width, let height { frames.append(p.render(width: width, height: height)) }
        }
        var result = ScenarioResult(name: lesson.title, file: lesson.file, steps: steps, screen: screen.flatMap { $0.isEmpty ? nil : $0 },
                              screenSize: (lesson.scenario.screenWidth, lesson.scenario.screenHeight),
                              duration: Date().timeIntervalSince(start))
        result.isLesson = true
        result.faults = player.execution.faultsTried
        return (result, frames)
    }

    /// Runs one scenario; stops at the first failed step and renders the screen then.
    public func run(_ scenario: Scenario) -> ScenarioResult { play(scenario, timeline: nil) }

    /// Runs one scenario and renders it into a cast: the first screen, then each step's
    /// resulting screen `pace` seconds after the one before (a `press:` step key by key),
    /// at `width`×`height`. Checks run as usual; a failed step ends the cast there.
    public func cast(_ scenario: Scenario, pace: Double, width: Int, height: Int, timestamp: Int? = nil) -> (result: ScenarioResult, cast: Asciicast) {
        let timeline = CastTimeline(width: width, height: height, pace: pace, timestamp: timestamp,
                                    title: "hubsim: \(scenario.name) (\(scenario.profile.rawValue))")
        let result = play(scenario, timeline: timeline)
        return (result, timeline.recording)
    }

    private func play(_ scenario: Scenario, timeline: CastTimeline?) -> ScenarioResult {
        let start = Date()
        let device = scenario.device(dependencies: EngineDependencies.seeded(hasher: verifier))
        // A bridge of its own for each scenario: scenarios run side by side.
        let bridge = scenario.apps.contains(where: \.isExternal) ? AppBridge() : nil
        var hub = HeadlessHub(device: device, width: scenario.screenWidth, height: scenario.screenHeight, bridge: bridge)
        if let timeline {
            timeline.show(hub.model, after: 0)
            hub.afterEvent = { timeline.show($0, after: timeline.keyPace) }
        }
        var execution = ScenarioExecution(hub: hub)
        var steps: [StepResult] = []
        var screen: String?
        for step in scenario.steps {
            if screen != nil || steps.last?.failure != nil {
                steps.append(StepResult(step: step, status: .skipped))
                continue
            }
            if let failure = execution.run(step) {
                steps.append(StepResult(step: step, status: .failed(failure)))
                screen = execution.hub.screen()
            } else {
                steps.append(StepResult(step: step, status: .passed))
            }
            timeline?.stepDone(step, execution.hub.model)
        }
        execution.hub.shutdown()
        var result = ScenarioResult(name: scenario.name, file: scenario.file, steps: steps, screen: screen.flatMap { $0.isEmpty ? nil : $0 },
                                    screenSize: (scenario.screenWidth, scenario.screenHeight), duration: Date().timeIntervalSince(start))
        result.faults = execution.faultsTried
        return result
    }

    /// `transform` over `items`, on every core when `parallel` (a task group), results in the
    /// items' order. Work starts with the costliest items, so the cores finish together.
    private func map<T: Sendable, R: Sendable>(_ items: [T], costliestFirst costs: [Int], _ transform: @escaping @Sendable (T) -> R) async -> [R] {
        guard parallel, items.count > 1 else { return items.map(transform) }
        let order = items.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
        return await OrderedTaskGroup.map(items, startOrder: order, transform)
    }

    /// What a scenario will cost, in scrypt derivations, roughly: a credential the file
    /// expects to fail its check is always derived in full (failures are never remembered);
    /// a tenant of its own has passwords no other scenario pays for. The expected refusal's
    /// kind says which: one given before any check (offline, unknown group) costs nothing,
    /// and an expectation that names no kind (`refused: true`, a sentence) counts as a check.
    func estimatedCost(_ scenario: Scenario) -> Int {
        var cost = scenario.tenant == bundledTenant ? 0 : 2
        for step in scenario.steps {
            guard case let .action(actions, refused?) = step.kind, actions.contains(where: \.carriesSecret) else { continue }
            if let kind = refused.kind, !kind.isCredentialFailure { continue }
            cost += 1
        }
        return cost
    }
}

extension DeviceAction {
    /// Whether the action carries a password, passcode or session PIN the engine will check.
    var carriesSecret: Bool {
        switch self {
        case .enroll, .checkOut, .unlock, .signIn, .setSessionPIN, .enterSessionPIN: true
        default: false
        }
    }
}
