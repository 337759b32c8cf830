import Configuration
import Foundation
import FuzzSupport
@testable import Scenarios
import SessionEngine
import Testing

/// Seeded mutation fuzzing of the scenario parser from the shipped library (Docs/reliability.md,
/// parser fuzzing): every mutant of every shipped scenario is read or refused, never a crash,
/// and every refusal is sound (`RefusalCheck`: a position inside the file, one line, no
/// control character). Seeds and tracing as in ConfigurationTests' `ParserFuzzTests`.
@Suite struct ScenarioFuzzTests {
    static let mutantsPerFile = 100
    /// The scenario library and the shipped lessons (read by the lesson parser).
    static let files = BundledAssets.scenarioURLs() + BundledAssets.lessonURLs()
    static let texts = files.map { try! String(contentsOf: $0, encoding: .utf8) }
    static let mutator = YAMLMutator(corpus: texts)

    @Test func theWholeLibraryIsFuzzed() {
        #expect(Self.files.count >= 20)
    }

    @Test(arguments: 0..<files.count)
    func mutantsAreReadOrRefusedWithAPosition(_ index: Int) {
        let url = Self.files[index]
        let isLesson = url.deletingLastPathComponent().lastPathComponent == "lessons"
        let file = "Assets/\(isLesson ? "lessons" : "scenarios")/\(url.lastPathComponent)"
        // `${X}` resolves; any other reference is refused as unset.
        let parser = Fixtures.parser(environment: ["X": "x"])
        let summary = FuzzRun.run(Self.texts[index], file: file, mutants: Self.mutantsPerFile, mutator: Self.mutator,
                                  seed: FuzzRun.seed(for: file)) { text in
            do throws(ConfigError) {
                if isLesson {
                    _ = try LessonParser(scenarios: parser).parse(text, file: file, directory: url.deletingLastPathComponent())
                } else {
                    _ = try parser.parse(text, file: file, directory: url.deletingLastPathComponent())
                }
                return nil
            } catch {
                // The message as it is printed (`ConfigError.description` escapes what it echoes).
                return FuzzRun.Refusal(file: error.file, line: error.line, column: error.column, message: PrintableText.escaped(error.message))
            }
        }
        #expect(summary.failures.isEmpty, "\(summary.failures.count) unsound refusals of \(file), the first: \(summary.failures.prefix(5).joined(separator: "\n"))")
        // The mutants must get past Yams into the loader (10 to 25% do), and some must still be read.
        #expect(summary.refusedByLoader * 12 >= summary.mutants, "\(file): \(summary)")
        #expect(summary.accepted * 20 >= summary.mutants, "\(file): \(summary)")
        print("fuzz \(file): \(summary)")
    }
}
