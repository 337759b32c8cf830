import BridgeProtocol
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `hubsim-bench probe [options] -- COMMAND ARGS`: a program measured in a pseudo-terminal as
/// a person's terminal runs it (Scripts/first-frame, Scripts/benchmark, Scripts/symbol-order).
/// Prints one JSON line: the options, the summary over the measured runs and each run.
enum Probe {
    static func main(_ arguments: [String]) -> Int32 {
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            print(ProbeOptions.usage)
            return 0
        }
        let options: ProbeOptions
        do {
            options = try ProbeOptions.parse(arguments)
        } catch {
            FileHandle.standardError.write(Data("hubsim-bench probe: \(error)\n\(ProbeOptions.usage)\n".utf8))
            return 2
        }
        let environment = ProbeReport.environment(inherited: ProcessInfo.processInfo.environment, term: options.term,
                                                  extra: options.environment)
        var runs: [JSONValue.Object] = []
        let total = options.warmup + options.runs
        for i in 0..<total {
            let run = ProbeRun.run(options, environment: environment)
            if i >= options.warmup { runs.append(run) }
            if i < total - 1, options.pauseSeconds > 0 { usleep(UInt32(options.pauseSeconds * 1_000_000)) }
        }
        print(ProbeReport.report(options, runs: runs).reportText)
        return 0
    }
}
