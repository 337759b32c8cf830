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
    static let files = BundledAssets.scenarioFiles() + BundledAssets.lessonFiles()
    static let texts = files.map(\.text)
    static let mutator = YAMLMutator(corpus: texts)

    /// The scenario language's faults (Assets/scenarios/README.md, "Faults"): every form of the
    /// `fault:` step, per-app `faults:` entries of both kinds, the `faultSeed:` header and
    /// `expectFault:`, which no shipped scenario may hold all of.
    static let faultLanguage = """
        name: Every fault form
        profile: workspace-one
        faultSeed: 18446744073709551615
        apps:
          - scanner
          - {app: notes, faults: [drop, "delay 30s", ignores-wipe-callback]}
          - {id: orders, sdk: workspace-one, exec: [python3, orders.py], faults: [duplicate, reorder]}
        steps:
          - enroll: {group: FRONTLINE, user: stage, password: stage}
          - fault: {app: scanner, arm: "crash-in-callback after 1"}
          - fault: {app: scanner, arm: slow-callback 2m, refused: true}
          - fault:
              app: notes
              disarm: true
          - expectFault: {app: notes, armed: none, fired: none}
          - expectFault: {app: scanner, fired: crash-in-callback, consequence: "cou1's", during: logOut}
          - expectFault: {app: scanner, armed: "slow-callback 2m"}
        """

    @Test func theFaultLanguageIsFuzzed() throws {
        let file = "fault-language.yaml"
        let parser = Fixtures.parser(environment: ["X": "x"])
        _ = try parser.parse(Self.faultLanguage, file: file)
        let summary = FuzzRun.run(Self.faultLanguage, file: file, mutants: 400, mutator: YAMLMutator(corpus: Self.texts + [Self.faultLanguage]),
                                  seed: FuzzRun.seed(for: file)) { text in
            do throws(ConfigError) {
                _ = try parser.parse(text, file: file)
                return nil
            } catch {
                return FuzzRun.Refusal(file: error.file, line: error.line, column: error.column, message: PrintableText.escaped(error.message))
            }
        }
        #expect(summary.failures.isEmpty, "\(summary.failures.count) unsound refusals, the first: \(summary.failures.prefix(5).joined(separator: "\n"))")
        // A short file: most mutants hit a step, so fewer are read than of a library file (4 to 5%).
        #expect(summary.refusedByLoader * 12 >= summary.mutants && summary.accepted * 40 >= summary.mutants, "\(summary)")
        print("fuzz \(file): \(summary)")
    }

    /// The Android profiles' language (Assets/scenarios/README.md, "Android"): every new step and
    /// check, on android-mhs (which takes them all), with its knobs turned in the file.
    static let androidLanguage = """
        name: Every Android form
        profile: android-mhs
        managedHomeScreen: {enable_session_PIN: true, session_PIN_complexity: complex-numeric-only, minimum_length_for_session_PIN: 4,
                            max_number_of_attempts_for_session_PIN: 3, show_screen_saver: true, enable_PIN_to_resume: true,
                            inactive_time_to_signout: 300, auto_signout_time_to_give_user_notice: 60, domain_name: contoso.com}
        apps: [chat, mail, tasks]
        steps:
          - enroll: {user: stage, password: stage}
          - expectApp: {app: chat, broadcast: [SDM_REGISTRATION_START, SDM_REGISTERED], isSharedDevice: false}
          - signIn: {user: cou1, password: cou1}
          - setSessionPIN: "2468"
          - setSessionPIN: "1"
            refused: true
          - expect: {sessionPIN: set, countdown: none, screensaver: false, pinAttemptsLeft: 3}
          - advanceClock: 300
          - expect: {countdown: 60}
          - dismissAutoSignOut
          - enterSessionPIN: "${X}"
            refused: wrong-session-pin
          - userActivity
          - removeAccountFromSettings
          - expectApp: {app: mail, missedBroadcast: [{type: GLOBAL_SIGN_OUT, reason: manifest}], onAccountLoaded: not-told}
          - expectApp: {app: tasks, onAccountChanged: {prior: cou1, current: none}, missedBroadcast: none}
          - expectApp: {app: chat, onAccountChanged: "cou1 → cou2", onAccountLoaded: cou2, broadcast: GLOBAL_SIGN_OUT}
        """

    @Test func theAndroidLanguageIsFuzzed() throws {
        let file = "android-language.yaml"
        let parser = Fixtures.parser(environment: ["X": "x"])
        _ = try parser.parse(Self.androidLanguage, file: file)
        let summary = FuzzRun.run(Self.androidLanguage, file: file, mutants: 400, mutator: YAMLMutator(corpus: Self.texts + [Self.androidLanguage]),
                                  seed: FuzzRun.seed(for: file)) { text in
            do throws(ConfigError) {
                _ = try parser.parse(text, file: file)
                return nil
            } catch {
                return FuzzRun.Refusal(file: error.file, line: error.line, column: error.column, message: PrintableText.escaped(error.message))
            }
        }
        #expect(summary.failures.isEmpty, "\(summary.failures.count) unsound refusals, the first: \(summary.failures.prefix(5).joined(separator: "\n"))")
        #expect(summary.refusedByLoader * 12 >= summary.mutants && summary.accepted * 40 >= summary.mutants, "\(summary)")
        print("fuzz \(file): \(summary)")
    }

    @Test func theWholeLibraryIsFuzzed() {
        #expect(Self.files.count >= 20)
    }

    @Test(arguments: 0..<files.count)
    func mutantsAreReadOrRefusedWithAPosition(_ index: Int) {
        let shipped = Self.files[index]
        let isLesson = shipped.path.hasPrefix("lessons/")
        let file = shipped.shownPath
        // `${X}` resolves; any other reference is refused as unset.
        let parser = Fixtures.parser(environment: ["X": "x"])
        let summary = FuzzRun.run(Self.texts[index], file: file, mutants: Self.mutantsPerFile, mutator: Self.mutator,
                                  seed: FuzzRun.seed(for: file)) { text in
            do throws(ConfigError) {
                if isLesson {
                    _ = try LessonParser(scenarios: parser).parse(text, file: file)
                } else {
                    _ = try parser.parse(text, file: file)
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
