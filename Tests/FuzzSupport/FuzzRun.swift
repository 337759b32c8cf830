#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file's fuzz run: mutants, what became of them, and the unsound refusals.
public struct FuzzRun: CustomStringConvertible, Sendable {
    public var mutants = 0, accepted = 0, refusedByYAML = 0, refusedByLoader = 0
    /// The unsound refusals, each with its mutant's seed.
    public var failures: [String] = []

    public var description: String {
        "\(mutants) mutants: \(accepted) read, \(refusedByYAML) refused as YAML, \(refusedByLoader) refused by the loader"
    }

    /// The base seed (`HUBSIM_FUZZ_SEED` or a fixed one) mixed with the file's name.
    public static func seed(for file: String) -> UInt64 {
        let base = getenv("HUBSIM_FUZZ_SEED").flatMap { UInt64(String(cString: $0), radix: 10) } ?? 0x66_75_7A_7A
        return file.utf8.reduce(base) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    /// A parser's refusal, as the checks need it.
    public struct Refusal {
        public var file: String, line: Int, column: Int, message: String
        public init(file: String, line: Int, column: Int, message: String) {
            self.file = file; self.line = line; self.column = column; self.message = message
        }
    }

    /// Parses `mutants` mutants of `original`; `parse` returns the refusal, or nil when the
    /// mutant was read.
    public static func run(_ original: String, file: String, mutants: Int, mutator: YAMLMutator, seed: UInt64,
                           parse: (String) -> Refusal?) -> FuzzRun {
        let trace = getenv("HUBSIM_FUZZ_TRACE") != nil
        var seeds = SplitMix64(seed: seed)
        var run = FuzzRun()
        for _ in 0..<mutants {
            let mutantSeed = seeds.next()
            var rng = SplitMix64(seed: mutantSeed)
            let (text, operations) = mutator.mutate(original, &rng)
            if trace { print("fuzz \(file) mutant seed \(mutantSeed): \(operations.map(\.rawValue))") }
            run.mutants += 1
            if let error = parse(text) {
                if error.message.hasPrefix("invalid YAML") { run.refusedByYAML += 1 } else { run.refusedByLoader += 1 }
                let problems = RefusalCheck.problems(line: error.line, column: error.column, message: error.message, in: text)
                    + (error.file == file ? [] : ["the refusal names \(error.file), not \(file)"])
                if !problems.isEmpty {
                    run.failures.append("mutant seed \(mutantSeed) \(operations.map(\.rawValue)): \(problems.joined(separator: "; ")) — \(error.line):\(error.column): \(error.message.prefix(160))")
                }
            } else {
                run.accepted += 1
            }
        }
        return run
    }
}
