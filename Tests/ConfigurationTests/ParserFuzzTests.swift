import Foundation
import FuzzSupport
import SessionEngine
import Testing
@testable import Configuration

/// Seeded mutation fuzzing of the tenant and catalogue parsers from the shipped files
/// (Docs/reliability.md, parser fuzzing): byte flips, deletions, duplicated lines, YAML's special
/// characters, huge numbers, deep nesting, NUL bytes, truncation and words from the other
/// files. Every mutant is read or refused, never a crash, and every refusal is sound
/// (`RefusalCheck`: a position inside the file, one line, no control character, no hash).
///
/// A failure names the mutant's seed: `YAMLMutator(corpus:).mutate(original, &rng)` with
/// `SplitMix64(seed:)` rebuilds it. `HUBSIM_FUZZ_SEED=<n>` fuzzes other mutants;
/// `HUBSIM_FUZZ_TRACE=1` prints each seed before it is parsed, to find one that crashes.
@Suite struct ParserFuzzTests {
    enum Parser: String, CaseIterable, Sendable { case tenant = "tenant.yaml", strictTenant = "tenant-strict.yaml", catalogue = "apps.yaml" }

    static let mutantsPerFile = 800
    static let corpus = Parser.allCases.map { try! BundledAssets.text($0.rawValue) }
    static let mutator = YAMLMutator(corpus: corpus)

    @Test(arguments: Parser.allCases)
    func mutantsAreReadOrRefusedWithAPosition(_ parser: Parser) {
        let original = try! BundledAssets.text(parser.rawValue)
        let file = "Assets/\(parser.rawValue)"
        let summary = FuzzRun.run(original, file: file, mutants: Self.mutantsPerFile, mutator: Self.mutator,
                                  seed: FuzzRun.seed(for: file)) { text in
            do throws(ConfigError) {
                switch parser {
                case .tenant, .strictTenant: _ = try TenantLoader.load(yaml: text, file: file)
                case .catalogue: _ = try AppCatalogue.load(yaml: text, file: file)
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

    /// The catalogue with delivery faults in its apps' `faults:` lists (one list, two kinds of
    /// entries, Docs/faults.md): the bundled catalogue has none, so they are written in here.
    @Test func aCatalogueWithDeliveryFaultsIsFuzzed() throws {
        let original = try BundledAssets.text("apps.yaml").replacingOccurrences(
            of: "faults: [ignores-wipe-callback]", with: "faults: [ignores-wipe-callback, drop, \"delay 30s\", \"crash-in-callback after 1\", slow-callback 2m]")
        #expect(try AppCatalogue.load(yaml: original, file: "apps.yaml").app("handbook")?.deliveryFaults?.count == 4)
        let file = "Assets/apps.yaml (delivery faults)"
        let summary = FuzzRun.run(original, file: file, mutants: Self.mutantsPerFile / 2, mutator: YAMLMutator(corpus: Self.corpus + [original]),
                                  seed: FuzzRun.seed(for: file)) { text in
            do throws(ConfigError) {
                _ = try AppCatalogue.load(yaml: text, file: file)
                return nil
            } catch {
                return FuzzRun.Refusal(file: error.file, line: error.line, column: error.column, message: PrintableText.escaped(error.message))
            }
        }
        #expect(summary.failures.isEmpty, "\(summary.failures.count) unsound refusals, the first: \(summary.failures.prefix(5).joined(separator: "\n"))")
        #expect(summary.refusedByLoader * 12 >= summary.mutants && summary.accepted * 20 >= summary.mutants, "\(summary)")
        print("fuzz \(file): \(summary)")
    }
}

extension ParserFuzzTests {
    /// The catalogue's Android traits with every receiver written out (the bundled catalogue
    /// names one `manifest` receiver and derives the rest): `receiver: runtime | manifest | none`
    /// beside the catalogue's own `intuneClearsData`.
    @Test func aCatalogueWithEveryAndroidTraitIsFuzzed() throws {
        let original = try BundledAssets.text("apps.yaml")
            .replacingOccurrences(of: "    backgroundCapability: true\n", with: "    backgroundCapability: true\n    receiver: runtime\n")
            .replacingOccurrences(of: "    listens: false\n", with: "    listens: false\n    receiver: none\n")
        let catalogue = try AppCatalogue.load(yaml: original, file: "apps.yaml")
        #expect(Set(catalogue.ids.compactMap { catalogue.app($0)?.msal?.receiver }) == [.runtime, .none, .manifest])
        let file = "Assets/apps.yaml (Android traits)"
        let summary = FuzzRun.run(original, file: file, mutants: Self.mutantsPerFile / 2, mutator: YAMLMutator(corpus: Self.corpus + [original]),
                                  seed: FuzzRun.seed(for: file)) { text in
            do throws(ConfigError) {
                _ = try AppCatalogue.load(yaml: text, file: file)
                return nil
            } catch {
                return FuzzRun.Refusal(file: error.file, line: error.line, column: error.column, message: PrintableText.escaped(error.message))
            }
        }
        #expect(summary.failures.isEmpty, "\(summary.failures.count) unsound refusals, the first: \(summary.failures.prefix(5).joined(separator: "\n"))")
        #expect(summary.refusedByLoader * 12 >= summary.mutants && summary.accepted * 20 >= summary.mutants, "\(summary)")
        print("fuzz \(file): \(summary)")
    }
}

/// Mutants the fuzzer found, kept as cases of their own.
@Suite struct ParserFuzzRegressionTests {
    /// A file cut off inside a flow mapping, with no final line break: libyaml reports the
    /// missing `}` on the line after the last, which no editor can show. It is placed at the
    /// end of the last line instead (the catalogue, the tenant and scenarios share the path).
    @Test(arguments: [("apps:\n  - {id: notes, sdk: none", 2, 26), ("apps:\n  - {id: notes,\n", 3, 1), ("apps: [notes", 1, 13)])
    func aFileCutOffAtTheEndIsRefusedAtItsLastCharacter(_ text: String, _ line: Int, _ column: Int) {
        do {
            _ = try AppCatalogue.load(yaml: text, file: "apps.yaml")
            Issue.record("no error")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(TextPositions(text).contains(line: error.line, column: error.column))
        }
    }
}
