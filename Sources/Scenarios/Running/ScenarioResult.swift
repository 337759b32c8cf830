import Configuration
import SessionEngine

/// Why a step failed: a sentence, and what was expected against what happened.
public struct StepFailure: Error, Sendable, Equatable {
    public var message: String
    public var expected: String
    public var actual: String

    public init(message: String, expected: String, actual: String) {
        self.message = message; self.expected = expected; self.actual = actual
    }
}

/// The result of one step.
public struct StepResult: Sendable {
    public enum Status: Sendable, Equatable {
        case passed
        case failed(StepFailure)
        /// Not run: an earlier step failed.
        case skipped
    }
    public var step: ScenarioStep
    public var status: Status

    public var failure: StepFailure? { if case let .failed(f) = status { f } else { nil } }
}

/// The result of one scenario file: its steps, or the file error that kept it from running.
public struct ScenarioResult: Sendable {
    public var name: String
    public var file: String
    public var steps: [StepResult]
    /// The file could not be read or parsed (exit status 2).
    public var fileError: ConfigError?
    /// The screen rendered when a step failed (rows of text, trailing spaces trimmed).
    public var screen: String?
    public var screenSize: (width: Int, height: Int)
    /// Wall-clock seconds the scenario took.
    public var duration: Double
    /// The file was a lesson (the report counts lessons as lessons).
    public var isLesson = false
    /// The injected faults the run armed, in arming order (`drop on notes`): CI's names say
    /// which faulted transitions were tried (Docs/faults.md).
    public var faults: [String] = []

    public init(name: String, file: String, steps: [StepResult], fileError: ConfigError? = nil, screen: String? = nil,
                screenSize: (width: Int, height: Int) = (80, 24), duration: Double = 0) {
        self.name = name; self.file = file; self.steps = steps; self.fileError = fileError
        self.screen = screen; self.screenSize = screenSize; self.duration = duration
    }

    /// The name as reports show it: with the faults armed, `Sign-out race [faults: drop on notes]`.
    public var reportName: String {
        faults.isEmpty ? name : "\(name) [faults: \(faults.joined(separator: ", "))]"
    }

    public var passed: Bool { fileError == nil && steps.allSatisfy { $0.status == .passed } }

    /// The failed step, if one failed.
    public var failedStep: StepResult? { steps.first { $0.failure != nil } }
}

/// Everything one `hubsim run` did.
public struct RunReport: Sendable {
    public var results: [ScenarioResult]
    /// Wall-clock seconds for the whole run.
    public var duration: Double

    public init(results: [ScenarioResult], duration: Double) { self.results = results; self.duration = duration }

    public var fileErrors: [ConfigError] { results.compactMap(\.fileError) }
    public var passedCount: Int { results.filter(\.passed).count }
    public var failedCount: Int { results.filter { $0.fileError == nil && !$0.passed }.count }
    public var stepCount: Int { results.reduce(0) { $0 + $1.steps.count } }

    /// 0 when every scenario passed, 1 when one failed, 2 when a file could not be used.
    public var exitStatus: Int32 {
        if !fileErrors.isEmpty || results.isEmpty { return 2 }
        return failedCount > 0 ? 1 : 0
    }
}
