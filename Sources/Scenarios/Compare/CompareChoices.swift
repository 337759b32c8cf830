import Configuration
import Foundation
import HubUI
import SessionEngine

/// What the compare picker offers: every shipped comparison, then every shipped scenario that
/// the default pair of profiles can play (workspace-one, entra-ios), each already read and
/// translated, so choosing one cannot fail. A scenario that types keys into one profile's
/// screens (press:), or has a step neither profile has, is left out, and the heading says
/// how many were.
public struct CompareChoices: Sendable {
    public struct Choice: Sendable {
        public var entry: ComparePicker.Entry
        public var comparison: Comparison
    }

    public private(set) var comparisons: [Choice] = []
    public private(set) var scenarios: [Choice] = []
    public private(set) var scenariosHeading = ""

    /// The default pair, as `--profiles` defaults to.
    public static let profiles: [ProfileID] = [.workspaceOne, .entraIOS]

    public init(parser: ScenarioParser) {
        for shipped in BundledAssets.comparisonFiles() {
            // The shipped comparisons are checked in CI (`compare --library`): one that does
            // not read here is left out rather than offered broken.
            guard let file = try? ComparisonFile.load(shipped, parser: parser) else { continue }
            let c = file.comparison
            comparisons.append(Choice(entry: .init(title: file.name, detail: "\(shipped.fileName): \(URL(fileURLWithPath: c.scenario.file).deletingPathExtension().lastPathComponent) on \(c.profileNames)"),
                                      comparison: c))
        }
        var leftOut = 0
        for file in BundledAssets.scenarioFiles() {
            let shown = file.shownPath
            guard let scenario = try? parser.load(.bundled(file)),
                  let c = try? Comparison(scenario: scenario, profiles: Self.profiles) else {
                leftOut += 1
                continue
            }
            let stem = file.name
            scenarios.append(Choice(entry: .init(title: "\(stem): \(scenario.name)", detail: "\(shown) on \(c.profileNames)"),
                                    comparison: c))
        }
        scenariosHeading = "Scenarios on \(Self.profiles.map(\.rawValue).joined(separator: " ⇄ "))"
            + (leftOut == 0 ? "" : " (\(leftOut) cannot be compared)")
    }

    /// The comparison of the picker's entry `index` (comparisons first).
    public func comparison(at index: Int) -> Comparison {
        index < comparisons.count ? comparisons[index].comparison : scenarios[index - comparisons.count].comparison
    }
}
