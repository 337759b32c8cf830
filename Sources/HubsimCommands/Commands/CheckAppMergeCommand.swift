import ArgumentParser
import Foundation
import Scenarios
import SessionEngine

/// `hubsim check-app merge --output all.xml shard-1.xml shard-2.xml …`: the `--junit` files of
/// a matrix's shards (`check-app --shard I/N`, one CI job each) as one JUnit report, the
/// unsharded run's cases in its order with the same verdicts (`CheckAppMerge`). It prints each
/// failed cell with its rerun line and a summary; exit 0 when every cell was handled, 1 when
/// one failed, 2 when the files are not one run's shards or cannot be read or written.
///
/// `Hubsim.runCommandLine` parses it on its own when the line starts `check-app merge`, rather than as
/// check-app's subcommand: ArgumentParser gives a parent command's options (check-app's
/// `--junit` and `--force`) to the parent wherever they stand, so the subcommand could not
/// have the same names.
struct CheckAppMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hubsim check-app merge",
        abstract: "Merge the --junit files of a matrix's shards into one report (exit 0: every cell handled, 1: a cell failed, 2: usage or file error).",
        discussion: """
            Give every shard's file, in any order: the merged report has the unsharded run's test cases, \
            in its order, with the same verdicts; a cell no file has, or one given twice, is refused.
            """)

    @Option(help: "Write the merged JUnit XML to this file (an existing file only with --force).")
    var junit: String?

    @Flag(help: "Let --junit replace an existing file.")
    var force = false

    @Argument(help: "The shards' JUnit files, written by hubsim check-app --shard I/N --junit FILE.")
    var files: [String] = []

    func run() throws {
        guard let junit else {
            throw CommandError.usage("merge: give --junit FILE for the merged report, e.g. hubsim check-app merge --junit all.xml shard-*.xml")
        }
        var outputs = RunFiles(force: force)
        for file in files { outputs.reads(file, as: "a shard's JUnit file") }
        outputs.writes(junit, for: "--junit")
        let claimed: [String: OutputFile]
        do throws(OutputFile.Refusal) { claimed = try outputs.claim() } catch { throw CommandError.usage("\(error)") }
        var texts: [(path: String, text: String)] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                throw CommandError.usage("merge: cannot read '\(MessageText.shown(file))'\(FileManager.default.fileExists(atPath: file) ? "" : ": no such file")")
            }
            texts.append((file, text))
        }
        let merged: CheckAppMerge.Merged
        do throws(CheckAppMerge.Refusal) { merged = try CheckAppMerge.merge(texts) } catch {
            throw CommandError.usage("merge: " + MessageText.shown(error.description))
        }
        for line in merged.failures + [merged.summary] { print(PrintableText.escaped(line)) }
        if let file = claimed["--junit"] {
            do throws(OutputFile.WriteFailure) {
                try file.write(Array(merged.junit.utf8), what: "the merged JUnit report",
                               fallbackDirectories: [NSTemporaryDirectory()], kind: "junit")
            } catch {
                throw CommandError.usage("\(error)")
            }
        }
        if merged.failed { throw CommandError(.failed) }
    }
}
