import HubUI
import SessionEngine

/// A scenario file, parsed and checked: the device to build and the steps to take on it.
///
/// Everything a run needs is resolved at load time (tenant, policy overrides, app set,
/// `${VAR}` references), so a file error is reported before anything runs.
public struct Scenario: Sendable {
    /// The scenario's `name` (the file name when it has none).
    public var name: String
    /// The file it was read from, as given on the command line.
    public var file: String
    public var profile: ProfileID
    /// The console: the bundled tenant, the strict sample, or a file, with `policy` merged in.
    public var tenant: Tenant
    /// The apps pushed at enrollment, in pane order.
    public var apps: [AppDefinition]
    /// Size of the off-screen terminal that `press:` steps and `screen` checks use.
    public var screenWidth: Int
    public var screenHeight: Int
    public var steps: [ScenarioStep]
    /// `faultSeed:`: the seed of the device's injected faults (nil: the device's own, derived
    /// from its name), so a crash-in-callback that picks how much it deletes replays the same.
    public var faultSeed: UInt64?

    public init(name: String, file: String, profile: ProfileID, tenant: Tenant, apps: [AppDefinition],
                screenWidth: Int = 80, screenHeight: Int = 24, steps: [ScenarioStep]) {
        self.name = name; self.file = file; self.profile = profile; self.tenant = tenant; self.apps = apps
        self.screenWidth = screenWidth; self.screenHeight = screenHeight; self.steps = steps
    }
}

/// One step of a scenario, with where it was written.
public struct ScenarioStep: Sendable {
    public var kind: StepKind
    public var line: Int
    public var column: Int
    /// The step as a person reads it in a report: `checkOut cou1`, `expectApp notes`.
    public var label: String

    public init(kind: StepKind, line: Int, column: Int, label: String) {
        self.kind = kind; self.line = line; self.column = column; self.label = label
    }
}

/// What a step does or checks.
public enum StepKind: Sendable {
    /// An engine event (`enroll` also completes the profile install unless told not to).
    case action([DeviceAction], refused: RefusalExpectation?)
    /// Keys (and clicks) into the interactive UI, rendered headless.
    case press([InputEvent], text: String)
    case expect(DeviceExpectation)
    case expectApp(AppExpectation)
    /// No visible leak now nor since the previous leak assertion (optionally no exposure either).
    case expectNoLeak(app: AppID?, exposures: Bool)
    case expectLeak(LeakExpectation)
    case expectExposure(LeakExpectation)
    /// The app's token: where its last request got one, or why it failed (003).
    case expectToken(TokenExpectation)
    /// What the injected faults on an app did: armed, fired, and with which consequence.
    case expectFault(FaultExpectation)
    /// A lesson step's narration: it must fit the narration panel at the lesson's screen size.
    case narration(LessonPanel, width: Int, height: Int)
}

/// `refused: true` (any refusal) or `refused: TAG-or-text`.
public enum RefusalExpectation: Sendable, Equatable {
    case any
    case matching(String)

    /// Whether `refusal` is the one expected: its tag, or text contained in its sentence.
    public func matches(_ refusal: Refusal) -> Bool {
        switch self {
        case .any: return true
        case let .matching(text): return RefusalExpectation.refusal(refusal, matches: text)
        }
    }

    /// The kind of refusal expected, when the step names one by its tag (`refused: locked-out`).
    public var kind: Refusal.Kind? {
        switch self {
        case .any: nil
        case let .matching(text): Refusal.Kind(rawValue: text)
        }
    }

    static func refusal(_ refusal: Refusal, matches text: String) -> Bool {
        refusal.tag == text || refusal.description.lowercased().contains(text.lowercased())
    }

    public var text: String {
        switch self {
        case .any: "refused"
        case let .matching(t): "refused: \(t)"
        }
    }
}

extension Scenario {
    /// A new, unenrolled device as the header describes it: profile, tenant, apps and the seed
    /// of its injected faults. Every player of a scenario (the runner, a lesson, `compare`)
    /// builds its device here, so the same file plays the same faults everywhere.
    func device(profile: ProfileID? = nil, dependencies: EngineDependencies) -> SharedDevice {
        var device = SharedDevice(profile: DeviceProfile.named(profile ?? self.profile), tenant: tenant, apps: apps, dependencies: dependencies)
        if let faultSeed { device.setFaultSeed(faultSeed) }
        return device
    }
}
