import Configuration
import Foundation
import HubUI

/// The clock of a headless cast: what the console shows after each step, `pace` seconds
/// apart, and after each key of a `press:` step, `keyPace` apart (typing speed).
final class CastTimeline {
    private(set) var recording: Asciicast
    let width: Int
    let height: Int
    let pace: Double
    /// A key of a `press:` step: a quarter of the pace, at most 0.15 s (a brisk typist).
    let keyPace: Double
    private var seconds = 0.0

    init(width: Int, height: Int, pace: Double, timestamp: Int?, title: String) {
        self.width = width
        self.height = height
        self.pace = pace
        keyPace = min(pace / 4, 0.15)
        recording = Asciicast(width: width, height: height, timestamp: timestamp, title: title)
    }

    /// The model's screen, `delay` seconds after the previous one.
    func show(_ model: HubModel, after delay: Double) {
        seconds += delay
        recording.append(model.render(width: width, height: height), at: seconds)
    }

    /// A step ran: an action's result shows a pace later; a `press:` step was shown key by
    /// key already and gets a pace to be read; a check changes nothing on screen.
    func stepDone(_ step: ScenarioStep, _ model: HubModel) {
        switch step.kind {
        case .action, .press: show(model, after: pace)
        case .expect, .expectApp, .expectNoLeak, .expectLeak, .expectExposure, .expectToken, .expectFault, .narration: break
        }
    }
}

extension ScenarioRunner {
    /// `hubsim run FILE --cast` and `hubsim lesson --headless NAME --cast`: loads one
    /// scenario or lesson file and casts it. A file error gives a report with that error and
    /// no cast.
    public func cast(file: String, displayPath: String, pace: Double, width: Int, height: Int,
                     timestamp: Int?) -> (report: RunReport, cast: Asciicast?) {
        cast(.file(path: file, shownAs: displayPath), pace: pace, width: width, height: height, timestamp: timestamp)
    }

    /// `cast(file:…)` for a file on disk or a shipped one.
    public func cast(_ source: ScenarioSource, pace: Double, width: Int, height: Int,
                     timestamp: Int?) -> (report: RunReport, cast: Asciicast?) {
        let start = Date()
        do throws(ConfigError) {
            let (result, cast) = switch try load(source) {
            case let .scenario(scenario): self.cast(scenario, pace: pace, width: width, height: height, timestamp: timestamp)
            case let .lesson(lesson): self.cast(lesson, pace: pace, width: width, height: height, timestamp: timestamp)
            }
            return (RunReport(results: [result], duration: Date().timeIntervalSince(start)), cast)
        } catch {
            let result = ScenarioResult(name: URL(fileURLWithPath: error.file).deletingPathExtension().lastPathComponent,
                                        file: error.file, steps: [], fileError: error)
            return (RunReport(results: [result], duration: Date().timeIntervalSince(start)), nil)
        }
    }
}
