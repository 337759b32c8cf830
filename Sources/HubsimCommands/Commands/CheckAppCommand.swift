import AppBridge
import ArgumentParser
import Configuration
import CursesTerminal
import Foundation
import Scenarios
import SessionEngine

/// `hubsim check-app -- COMMAND ARGS...`: the standard shift-change matrix against a
/// developer's own program (Docs/bridge-protocol.md), a table per transition, `--junit` for
/// CI. Exit status 0 when the app handled every cell, 1 on any leak, hang, crash or fault, 2
/// for a usage or file error. The matrix itself is `ShiftMatrix`'s (Scenarios).
struct CheckAppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-app",
        abstract: "Run the standard shift-change matrix against your own app (exit 0: handled everywhere, 1: a leak, hang, crash or fault, 2: usage or file error).",
        // ArgumentParser's own usage names every option on one line (about 250 columns); the
        // options are listed below it.
        usage: "hubsim check-app [<options>] -- <command> [<argument> ...]\nhubsim check-app [<options>] --app <app>",
        discussion: """
            The app is a program speaking the bridge protocol (JSON-RPC 2.0, one object per line over \
            its standard input and output: Docs/bridge-protocol.md). Give its command after --, \
            e.g. hubsim check-app -- python3 myapp.py, or as --app 'myapp=python3 myapp.py' \
            (the command split on spaces; no shell reads it).

            Every transition of the profile (workspace-one: check-out, check-in, check-out of another \
            user, enterprise wipe, check-in while offline, inactivity lock; entra-ios: global sign-in, \
            global sign-out, sign-in of another user, sign-out from the browser, sign-out while offline; \
            entra-android and android-mhs: the same, with the account removed in Settings instead of the \
            sign-out from the browser) is taken with the app in each state (foreground, background, suspended, terminated), each \
            on a fresh device with the profile's catalogue apps beside it. Then the app comes to the \
            foreground, and the leak audit and its process decide: handled, LEAKED (which item of \
            which user, shown to whom), HUNG, CRASHED or FAULTED.

            The users are the tenant's staging user and its first two users; their passwords are the \
            user names (the shipped tenant's), or HUBSIM_PASSWORD_<USER> as for hubsim run.

            In CI, --shard I/N runs the I-th of N parts of the matrix (one job each) and \
            'hubsim check-app merge --junit all.xml shard-*.xml' joins their --junit files into the \
            unsharded run's report. Every failed cell prints the command that reruns it alone \
            (--cell ID): Docs/check-app.md.
            """)

    @Option(help: "Device profile. Default: the SDK's own (entra-ios for msal).")
    var profile: ProfileID?

    @Option(help: ArgumentHelp("The SDK the app integrates. Default: the profile's own.", valueName: "SDK"))
    var sdk: SDKChoice?

    @Option(help: "The app's id (letters, digits, '-', '_', '.'). Default: the program's file name.")
    var name: String?

    @Option(help: "Milliseconds an event may go unanswered before the app is hung (default 2000).")
    var timeout: Int?

    @Option(help: "The app as NAME=COMMAND or NAME:SDK=COMMAND (the command split on spaces), instead of -- COMMAND.")
    var app: String?

    @Flag(help: "MSAL: the app has background capability, so it receives the Darwin notification in the background (as with --app, off unless given).")
    var backgroundCapability = false

    @Option(name: .customLong("transition"), help: "Run only this transition of the matrix (repeatable), e.g. --transition 'check-in'.")
    var transitions: [String] = []

    @Option(help: "Run only the I-th of N parts of the matrix (e.g. 2/3), one CI job each; 'hubsim check-app merge' joins their --junit files.")
    var shard: String?

    @Option(name: .customLong("cell"), help: "Run only this cell (repeatable), by its id PROFILE/TRANSITION/STATE as a failed cell's rerun line prints it, e.g. workspace-one/check-in/background.")
    var cells: [String] = []

    @Option(help: "Tenant YAML file (groups, users, policies). Default: the bundled tenant.")
    var tenant: String?

    @Option(help: "Write JUnit XML to this file, one test case per cell (an existing file only with --force).")
    var junit: String?

    @Flag(help: "Let --junit replace an existing file.")
    var force = false

    @Flag(help: "Run the cells one after another instead of on every core.")
    var serial = false

    @Flag(help: "Fail a cell on an exposure too: another user's item the app can still read at rest once the shift change is over (the previous user's data gone, not only hidden).")
    var strict = false

    @Argument(parsing: .postTerminator, help: "The app's command and its arguments, after --.")
    var command: [String] = []

    /// On the main thread, as every command: the cells run side by side in a task group.
    @MainActor
    func run() async throws {
        let (id, sdkName, exec) = try commandLine()
        let named = try chosenCells()
        let profileID = try chosenProfile(sdkName, cells: named)
        let chosen = try chosenTransitions(profileID)
        let part = try chosenShard()
        let definition = AppDefinition(id: id, name: id, sdk: try chosenSDK(sdkName, profileID),
                                       summary: "your own app, run by hubsim check-app",
                                       external: ExternalProgram(exec: exec, timeoutMilliseconds: timeout))
        if force && junit == nil {
            throw CommandError.usage("--force: it only lets --junit replace an existing file; add --junit FILE, or leave --force out")
        }
        var files = RunFiles(force: force)
        files.reads(tenant, as: "the tenant file")
        files.reads(exec.count > 1 ? exec[1] : nil, as: "a file of the app's command")
        files.writes(junit, for: "--junit")
        let claimed: [String: OutputFile]
        do throws(OutputFile.Refusal) { claimed = try files.claim() } catch { throw CommandError.usage("\(error)") }

        var matrix: ShiftMatrix
        do {
            let people = try tenant.map { try TenantLoader.load(path: $0) } ?? BundledAssets.tenant()
            matrix = try ShiftMatrix(app: definition, profile: profileID, tenant: people, catalogue: try BundledAssets.catalogue(),
                                     environment: ProcessInfo.processInfo.environment)
        } catch let error as ConfigError {
            throw CommandError.usage(error.description)
        } catch let error as CheckAppError {
            throw CommandError.usage(error.description)
        }
        matrix.strict = strict
        // Ctrl-C (or a hang-up) ends every program of every cell before hubsim dies of it, and
        // says so: nothing printed would read as a hang.
        let unwritten = junit.map { " and no --junit file written (\(MessageText.shown($0)))" } ?? ""
        QuitSignalWatch.start { signal in
            AppBridge.killEveryProgram()
            InterruptNote.write("hubsim check-app", signal: signal, lost: "no table printed" + unwritten)
        }
        var report = await matrix.run(cells: named.isEmpty ? CellID.matrix(profileID, transitions: chosen) : named, shard: part,
                                parallel: !serial)
        report.rerun = rerunCommand(id: id, sdk: sdkName, exec: exec)
        if let failure = report.startFailure {
            // One line: every other cell would have failed the same way.
            print("\(definition.id): FAILED: \(failure)")
        } else {
            print(CheckAppText.render(report), terminator: "")
        }
        if let file = claimed["--junit"] {
            do throws(OutputFile.WriteFailure) {
                try file.write(Array(CheckAppJUnit.render(report).utf8), what: "the JUnit report",
                               fallbackDirectories: [NSTemporaryDirectory()], kind: "junit")
            } catch {
                throw CommandError.usage("\(error)")
            }
        }
        if report.failed { throw CommandError(.failed) }
    }

    /// The app's id, its SDK when named, and its argument list, from `--app NAME=COMMAND`,
    /// `--app NAME:SDK=COMMAND` (the spelling of `hubsim --app`) or `-- COMMAND ARGS...`.
    func commandLine() throws(CommandError) -> (AppID, String?, [String]) {
        var exec = command
        var id = name
        var sdkName = sdk?.rawValue
        if let app {
            guard exec.isEmpty else { throw .usage("give the app once: --app NAME=COMMAND or -- COMMAND ARGS..., not both") }
            guard let equals = app.firstIndex(of: "="), equals != app.startIndex else {
                throw .usage("--app '\(MessageText.shown(app))': write NAME=COMMAND, e.g. --app 'myapp=python3 myapp.py'")
            }
            if name != nil { throw .usage("--app names the app already (NAME=COMMAND); leave --name out") }
            let head = app[..<equals].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            id = head[0]
            if head.count == 2 {
                if sdk != nil { throw .usage("--app names the SDK already (NAME:SDK=COMMAND); leave --sdk out") }
                sdkName = head[1]
            }
            exec = app[app.index(after: equals)...].split(separator: " ").map(String.init)
        }
        if let app, exec.isEmpty {
            throw .usage("--app '\(MessageText.shown(app))': the command after '=' is empty; write NAME=COMMAND, e.g. --app 'myapp=python3 myapp.py'")
        }
        guard let program = exec.first else {
            throw .usage("give the app's command after --, e.g. hubsim check-app -- python3 myapp.py; see 'hubsim check-app --help'")
        }
        let chosen = id ?? Self.defaultName(exec)
        guard Self.isAppID(chosen) else {
            throw .usage("'\(MessageText.shown(chosen))' cannot be the app's name: use 1 to 32 letters, digits, '-', '_' or '.', starting with a letter or digit")
        }
        guard Self.findProgram(program) else {
            throw .usage("the app's program '\(MessageText.shown(program))' is not an executable file\(program.contains("/") ? "" : " on PATH")")
        }
        if let timeout, !(1...600_000).contains(timeout) {
            throw .usage("--timeout \(timeout): give milliseconds from 1 to 600000")
        }
        return (chosen, sdkName, exec)
    }

    func chosenProfile(_ sdk: String?, cells: [CellID] = []) throws(CommandError) -> ProfileID {
        if let id = profile {
            if let other = cells.first(where: { $0.profile != id }) {
                throw .usage("--cell \(other) is a cell of \(other.profile.rawValue), not of --profile \(id.rawValue); leave --profile out, the cell names it")
            }
            return id
        }
        if let head = cells.first {
            if let other = cells.first(where: { $0.profile != head.profile }) {
                throw .usage("--cell \(other) is a cell of \(other.profile.rawValue), --cell \(head) of \(head.profile.rawValue); give cells of one profile")
            }
            return head.profile
        }
        return sdk == "msal" ? .entraIOS : .workspaceOne
    }

    /// `--cell` ids, checked; none: the whole matrix (or its `--transition`s).
    func chosenCells() throws(CommandError) -> [CellID] {
        if !cells.isEmpty && !transitions.isEmpty {
            throw .usage("--cell names whole cells; give --cell or --transition, not both")
        }
        var chosen: [CellID] = []
        for text in cells {
            guard let id = CellID(text) else {
                throw .usage("--cell '\(MessageText.shown(text))': write PROFILE/TRANSITION/STATE as a failed cell's rerun line prints it, e.g. workspace-one/check-in/background")
            }
            if !chosen.contains(id) { chosen.append(id) }
        }
        return chosen
    }

    /// `--shard I/N`, checked.
    func chosenShard() throws(CommandError) -> MatrixShard? {
        guard let shard else { return nil }
        guard let part = MatrixShard(shard) else {
            throw .usage("--shard '\(MessageText.shown(shard))': write I/N, the I-th of N parts with 1 <= I <= N, e.g. --shard 2/3")
        }
        return part
    }

    /// What reruns one cell of this run alone: the options that change what a cell does, as
    /// given (the app's name and SDK from `--app` spelled as `--name` and `--sdk`), and the
    /// app's command after `--`.
    func rerunCommand(id: AppID, sdk: String?, exec: [String]) -> RerunCommand {
        var options: [String] = []
        if name != nil || app != nil { options += ["--name", id] }
        if let sdk { options += ["--sdk", sdk] }
        if backgroundCapability { options.append("--background-capability") }
        if let timeout { options += ["--timeout", String(timeout)] }
        if let tenant { options += ["--tenant", tenant] }
        if strict { options.append("--strict") }
        return RerunCommand(options: options, command: exec)
    }

    /// `--transition` names checked against the profile's matrix; nil: all of them.
    func chosenTransitions(_ profile: ProfileID) throws(CommandError) -> [ShiftTransition]? {
        guard !transitions.isEmpty else { return nil }
        let matrix = ShiftTransition.matrix(for: DeviceProfile.named(profile))
        return try transitions.map { name throws(CommandError) in
            guard let t = matrix.first(where: { $0.rawValue == name }) else {
                throw .usage("--transition '\(MessageText.shown(name))': \(profile.rawValue)'s are " + matrix.map { "'\($0.rawValue)'" }.joined(separator: ", "))
            }
            return t
        }
    }

    func chosenSDK(_ sdk: String?, _ profile: ProfileID) throws(CommandError) -> AppSDK {
        guard let chosen = CommandLineApp.sdk(named: sdk, profile: profile, backgroundCapability: backgroundCapability) else {
            throw .usage("the SDK '\(MessageText.shown(sdk ?? ""))' is not one hubsim plays: use workspace-one, msal or none")
        }
        return chosen
    }

    /// The program's file name without its extension (`python3 my_app.py` → `my_app`, the
    /// program's own arguments after it aside: `python3 my_app.py --protection plain` is
    /// `my_app`), or `app` when that is no name.
    static func defaultName(_ exec: [String]) -> AppID {
        let file = (exec.dropFirst().first(where: { !$0.hasPrefix("-") }) ?? exec[0]).split(separator: "/").last.map(String.init) ?? "app"
        let stem = file.split(separator: ".").first.map(String.init) ?? file
        let name = String(stem.prefix(32))
        return isAppID(name) ? name : "app"
    }

    static func isAppID(_ s: String) -> Bool {
        func alphanumeric(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) }
        guard (1...32).contains(s.unicodeScalars.count), let head = s.unicodeScalars.first, alphanumeric(head) else { return false }
        return s.unicodeScalars.allSatisfy { alphanumeric($0) || $0 == "-" || $0 == "_" || $0 == "." }
    }

    /// Whether `program` can be started: a path to an executable file, or a name found on PATH.
    static func findProgram(_ program: String) -> Bool {
        if program.contains("/") { return access(program, X_OK) == 0 }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}
