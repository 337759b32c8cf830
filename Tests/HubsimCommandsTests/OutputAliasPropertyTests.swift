import Configuration
import DeviceStore
import Foundation
import FuzzSupport
import Platform
import Scenarios
import SessionEngine
import Testing
@testable import HubsimCommands

/// Random spellings of output paths over a directory holding a real device database, a
/// tenant and a scenario: `./`, `dir/./`, `dir/../dir/`, doubled slashes, links to
/// directories, symbolic and hard links to files, files there and not there yet. Whether two
/// spellings are one file is known from how each was made, not asked of the file system; the
/// commands' gathering (`InteractiveLaunch.runFiles`, `RunCommand.runFiles`) must refuse
/// every output that is an input or another output, and claim every other one, which is then
/// written: the inputs must stay byte-identical. `HUBSIM_FUZZ_SEED` changes the seed; a
/// failure names the seed of its combination.
@Suite("Reliability: aliased outputs, random spellings")
struct OutputAliasPropertyTests {
    /// A file of the fixture, by where it really is.
    struct Target: Hashable {
        var directory: String
        var name: String
        var exists: Bool
    }

    static let database = Target(directory: "state", name: "till.sqlite", exists: true)
    static let wal = Target(directory: "state", name: "till.sqlite-wal", exists: false)
    static let shm = Target(directory: "state", name: "till.sqlite-shm", exists: false)
    static let tenant = Target(directory: "conf", name: "tenant.yaml", exists: true)
    static let scenario = Target(directory: "scen", name: "walk.yaml", exists: true)
    static let decoy = Target(directory: "out", name: "old.txt", exists: true)
    static let targets: [Target] = [
        database, wal, shm, tenant, scenario, decoy,
        Target(directory: "out", name: "new.txt", exists: false),
        Target(directory: "out", name: "other.txt", exists: false),
        Target(directory: "state", name: "other.sqlite", exists: false),
        Target(directory: "conf", name: "tenant.yaml.bak", exists: false),
        Target(directory: "scen", name: "report.xml", exists: false),
    ]
    static let directories = ["state", "conf", "scen", "out"]

    /// The directory: the four directories, a link to each (`links/<dir>`), a symbolic and a
    /// hard link to each file there (`links/<dir>-<name>`, `hard/<dir>-<name>`).
    static func fixture() throws -> String {
        let root = try OutputFileTests.directory()
        for dir in directories + ["links", "hard"] { #expect(mkdir(root + "/" + dir, 0o700) == 0) }
        let store = try DeviceStore.open(path: root + "/state/till.sqlite")
        try store.save(SharedDevice.make(name: "till", profile: .workspaceOne, tenant: BundledAssets.tenant(),
                                         catalogue: BundledAssets.catalogue(), dependencies: .seeded(hasher: ScryptHasher(logN: 10))))
        try store.close()
        try Data(BundledAssets.text("tenant.yaml").utf8).write(to: URL(fileURLWithPath: root + "/conf/tenant.yaml"))
        try Data("profile: workspace-one\ntenant: ../conf/tenant.yaml\nsteps: [goOffline, goOnline]\n".utf8)
            .write(to: URL(fileURLWithPath: root + "/scen/walk.yaml"))
        _ = try OutputFileTests.plant(root + "/out/old.txt")
        for dir in directories { #expect(symlink(root + "/" + dir, root + "/links/" + dir) == 0) }
        for target in targets where target.exists {
            let path = root + "/" + target.directory + "/" + target.name
            #expect(symlink(path, root + "/links/\(target.directory)-\(target.name)") == 0)
            #expect(link(path, root + "/hard/\(target.directory)-\(target.name)") == 0)
        }
        return root
    }

    /// A random spelling of `directory` under `root`.
    static func spell(directory: String, root: String, _ rng: inout SplitMix64) -> String {
        var parts = [directories.contains(directory) && rng.chance(0.3) ? "links/" + directory : directory]
        for _ in 0..<rng.below(4) {
            switch rng.below(4) {
            case 0: parts.insert(".", at: rng.below(parts.count + 1))
            case 1: parts.append(".")
            case 2:
                // Into a sibling and back out: `out/../state`.
                parts.insert(contentsOf: [rng.pick(directories), ".."], at: 0)
            default: parts.append(contentsOf: ["..", directory])
            }
        }
        // `links/state/..` is the root, as the kernel resolves `..` of the directory reached.
        return root + parts.map { (rng.chance(0.2) ? "//" : "/") + $0 }.joined()
    }

    /// A random spelling of `target` under `root`.
    static func spell(_ target: Target, root: String, _ rng: inout SplitMix64) -> String {
        if target.exists {
            switch rng.below(5) {
            case 0: return spell(directory: "links", root: root, &rng) + "/\(target.directory)-\(target.name)"
            case 1: return spell(directory: "hard", root: root, &rng) + "/\(target.directory)-\(target.name)"
            default: break
            }
        }
        return spell(directory: target.directory, root: root, &rng) + (rng.chance(0.2) ? "//" : "/") + target.name
    }

    /// Whether the claim of `outputs` (in order) must be refused, and why, given the inputs.
    enum Expected: Equatable { case claimed, input, sameAsAnother, exists }

    static func expected(outputs: [(target: Target, appends: Bool)], inputs: Set<Target>, force: Bool) -> Expected {
        var earlier: Set<Target> = []
        for output in outputs {
            if inputs.contains(output.target) { return .input }
            if earlier.contains(output.target) { return .sameAsAnother }
            if output.target.exists && !force && !output.appends { return .exists }
            earlier.insert(output.target)
        }
        return .claimed
    }

    static func outcome(_ files: RunFiles) -> (Expected, [String: OutputFile]) {
        do throws(OutputFile.Refusal) {
            return (.claimed, try files.claim())
        } catch {
            if error.problem.hasPrefix("is ") && error.remedy.hasPrefix("hubsim never writes over a file it reads") { return (.input, [:]) }
            if error.problem.hasSuffix(" writes the same file") { return (.sameAsAnother, [:]) }
            if error.problem == "file exists" { return (.exists, [:]) }
            Issue.record("an unexpected refusal: \(error)")
            return (.claimed, [:])
        }
    }

    /// The files a combination may have written, removed, and the decoy planted again with
    /// its hard link (a replaced decoy is a new file, which the old hard link is not).
    static func tidy(_ root: String) throws {
        for target in targets where !target.exists { unlink(root + "/" + target.directory + "/" + target.name) }
        unlink(root + "/out/old.txt")
        unlink(root + "/hard/out-old.txt")
        _ = try OutputFileTests.plant(root + "/out/old.txt")
        #expect(link(root + "/out/old.txt", root + "/hard/out-old.txt") == 0)
    }

    @Test func everyAliasIsRefusedAndEveryOtherOutputClaimed() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let protected = [Self.database, Self.tenant, Self.scenario].map { root + "/" + $0.directory + "/" + $0.name }
        let before = try protected.map { try #require(OutputFileTests.contents($0)) }
        let parser = ScenarioParser(catalogue: try BundledAssets.catalogue())
        let base = getenv("HUBSIM_FUZZ_SEED").flatMap { UInt64(String(cString: $0), radix: 10) } ?? 0x616C_6961_73
        var tally: [Expected: Int] = [:]
        for index in 0..<400 {
            let seed = SplitMix64.derive(base, index)
            var rng = SplitMix64(seed: seed)
            let force = rng.chance(0.5)
            let count = rng.int(in: 1...3)
            var outputs: [(target: Target, appends: Bool)] = []
            var spelled: [String] = []
            let inputs: Set<Target>
            let files: RunFiles
            if rng.chance(0.5) {
                // The interactive walk: the database (reached through a spelling of its
                // directory), the tenant, and --record, --cast, --log-file in that order.
                let options = Array(["--record", "--cast", "--log-file"].prefix(count))
                for option in options {
                    // Not the scenario: the walk does not read it, and writing it would spoil the fixture.
                    let target = rng.pick(Self.targets.filter { $0 != Self.scenario })
                    outputs.append((target, option == "--log-file"))
                    spelled.append(Self.spell(target, root: root, &rng))
                }
                let choice = DeviceChoice(tenant: Self.spell(Self.tenant, root: root, &rng), device: "till",
                                          stateDir: Self.spell(directory: "state", root: root, &rng),
                                          logFile: options.contains("--log-file") ? spelled[2] : nil)
                let launch = InteractiveLaunch(choice: choice, record: spelled[0], cast: count > 1 ? spelled[1] : nil, force: force)
                inputs = [Self.database, Self.wal, Self.shm, Self.tenant]
                files = launch.runFiles()
            } else {
                // `hubsim run`: the scenario (which names the tenant), --junit and --cast.
                let options = Array(["--junit", "--cast"].prefix(min(count, 2)))
                for _ in options {
                    // Not the database: a run does not read it, and writing it would spoil the fixture.
                    let target = rng.pick(Self.targets.filter { ![Self.database, Self.wal, Self.shm].contains($0) })
                    outputs.append((target, false))
                    spelled.append(Self.spell(target, root: root, &rng))
                }
                var arguments = ["run"]
                for (option, path) in zip(options, spelled) { arguments += [option, path] }
                if force { arguments.append("--force") }
                let scenario = Self.spell(Self.scenario, root: root, &rng)
                let command = try #require(try Hubsim.parseAsRoot(arguments + [scenario]) as? RunCommand)
                inputs = [Self.scenario, Self.tenant]
                files = command.runFiles(paths: [scenario], parser: parser)
            }
            let want = Self.expected(outputs: outputs, inputs: inputs, force: force)
            let (got, claimed) = Self.outcome(files)
            let context = "seed \(seed) (HUBSIM_FUZZ_SEED=\(base), combination \(index)): force=\(force) outputs \(spelled) inputs \(files.inputs.map(\.path))"
            #expect(got == want, "\(context)")
            tally[got, default: 0] += 1
            // What was claimed is written: had a claim let an input through, it is overwritten now.
            for (option, file) in claimed {
                if option == "--log-file" {
                    try LogFile(path: file.path).append("a log line")
                } else {
                    #expect(throws: Never.self, "\(context)") {
                        try file.write(Array("written by \(option)\n".utf8), what: "the output", fallbackDirectories: [], kind: "test")
                    }
                }
            }
            for (path, bytes) in zip(protected, before) {
                #expect(OutputFileTests.contents(path) == bytes, "\(path) changed; \(context)")
            }
            try Self.tidy(root)
            if got != want { break }
        }
        // Each kind of outcome was met, so the run covered what it claims to.
        #expect(tally[.input, default: 0] > 50 && tally[.claimed, default: 0] > 50, "\(tally)")
        #expect(tally[.sameAsAnother, default: 0] > 5 && tally[.exists, default: 0] > 5, "\(tally)")
    }
}
