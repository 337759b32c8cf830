import Configuration
import Foundation
import FuzzSupport
import Platform
import SessionEngine
import Synchronization
import Testing
@testable import DeviceStore

@Suite struct TenantEditorTests {
    static let bundled: String = try! BundledAssets.text("tenant.yaml")
    static let hash = Fixtures.hasher.hash(Secret("cou3-password"))

    @Test func addingAUserKeepsCommentsAndLandsInTheUsersList() throws {
        let user = TenantEditor.NewUser(name: "Cou3", displayName: "CheckOut \"3\"", group: "frontline", passwordHash: Self.hash)
        let text = try TenantEditor.adding(user, to: Self.bundled, file: "t.yaml", minimumCost: Fixtures.cheapCost)
        // Every original line is still there, in order, and the new lines sit before `policy:`.
        let added = text.components(separatedBy: "\n").filter { !Self.bundled.components(separatedBy: "\n").contains($0) }
        #expect(added == ["  - name: \"Cou3\"", "    displayName: \"CheckOut \\\"3\\\"\"", "    group: \"frontline\"",
                          "    passwordHash: \"\(Self.hash.phc)\""])
        #expect(text.replacingOccurrences(of: added.joined(separator: "\n") + "\n", with: "") == Self.bundled)
        let tenant = try TenantLoader.load(yaml: text, file: "t.yaml", minimumCost: Fixtures.cheapCost)
        let cou3 = try #require(tenant.user("cou3"))
        #expect(cou3.displayName == "CheckOut \"3\"" && cou3.role == .endUser && cou3.group == "FRONTLINE")
        #expect(Fixtures.hasher.verify("cou3-password", against: cou3.passwordHash))
        #expect(tenant.policy == (try BundledAssets.tenant()).policy)
    }

    @Test func aStagingUserAndAListAtColumnZero() throws {
        let yaml = """
            groups:
            - id: G1
            users:
            - name: boss
              role: staging
              passwordHash: "\(Self.hash.phc)"

            # policies follow
            policy:
              failedAttemptLimit: 2
            """
        let user = TenantEditor.NewUser(name: "kiosk", staging: .singleUser, passwordHash: Self.hash)
        let text = try TenantEditor.adding(user, to: yaml, file: "t.yaml", minimumCost: Fixtures.cheapCost)
        #expect(text.contains("- name: \"kiosk\"\n  role: staging\n  staging: single-user\n  passwordHash:"))
        #expect(text.contains("\n\n# policies follow\npolicy:"))
        let tenant = try TenantLoader.load(yaml: text, file: "t.yaml", minimumCost: Fixtures.cheapCost)
        #expect(tenant.user("kiosk")?.role == .staging(.singleUser))
        #expect(tenant.policy.failedAttemptLimit == 2)
    }

    @Test func refusalsSayWhy() throws {
        func refusal(_ name: String, group: String? = nil, in yaml: String = Self.bundled) -> String? {
            do {
                _ = try TenantEditor.adding(.init(name: name, group: group, passwordHash: Self.hash), to: yaml, file: "t.yaml", minimumCost: Fixtures.cheapCost)
                return nil
            } catch { return error.description }
        }
        #expect(refusal("COU1")?.contains("already in the tenant") == true)
        #expect(refusal("new", group: "NOPE")?.contains("unknown group 'NOPE'") == true)
        #expect(refusal("two words")?.contains("cannot be a user name") == true)
        for unsafe in ["../x y", "-lead", ".hidden", "a/b", "cou\u{7}"] {
            #expect(refusal(unsafe) == "t.yaml:1:1: \(unsafe.debugDescription) cannot be a user name: use \(UserID.nameRule)")
        }
        #expect(refusal("cou3@contoso.com") == nil)
        #expect(refusal(String(repeating: "u", count: 65)) == "t.yaml:1:1: the user name is 65 characters long; names are limited to 64 characters")
        #expect(refusal(String(repeating: "u", count: 64)) == nil)
        let flow = "groups: [{id: G}]\nusers: [{name: s, role: staging, passwordHash: \"\(Self.hash.phc)\"}]\n"
        #expect(refusal("new", in: flow)?.hasPrefix("t.yaml:2:8: 'users' is written inline") == true)
    }

    @Test func writingIsAtomicAndKeepsPermissions() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("tenant.yaml")
        try Data("old\n".utf8).write(to: url)
        chmod(url.path, 0o640)
        try TenantEditor.writeAtomically("new\n", to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "new\n")
        #expect(Fixtures.mode(url.path) == 0o640)
        #expect(Fixtures.files(under: url.deletingLastPathComponent()).count == 1)
    }
}

/// The commands, through the built `hubsim` binary with standard input from a pipe. The
/// binary must be there (`swift test` builds every product first): a missing one fails.
@Suite struct TenantCommandTests {
    @Test func addUserReadsThePasswordFromStdinAndKeepsTheFile() async throws {
        let dir = try Fixtures.tempDir()
        let file = dir.appendingPathComponent("tenant.yaml")
        try Fixtures.fileTenantYAML.write(to: file, atomically: true, encoding: .utf8)
        let run = try await HubsimBinary.run(["tenant", "add-user", file.path, "cou3", "--display-name", "CheckOut 3"],
                                       stdin: "Typed-Pw-99\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("added cou3"))
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix(Fixtures.fileTenantYAML.components(separatedBy: "policy:")[0]))
        #expect(!text.contains("Typed-Pw-99") && !run.stdout.contains("Typed-Pw-99") && !run.stderr.contains("Typed-Pw-99"))
        let tenant = try TenantLoader.load(path: file.path)
        let hash = try #require(tenant.user("cou3")?.passwordHash)
        #expect(hash.scrypt?.logN == 15)
        #expect(ScryptHasher().verify("Typed-Pw-99", against: hash))
        let again = try await HubsimBinary.run(["tenant", "add-user", file.path, "COU3"], stdin: "x\n")
        #expect(again.status == 2 && again.stderr.contains("already in the tenant"))
    }

    @Test func validateReportsFileLineColumn() async throws {
        let dir = try Fixtures.tempDir()
        let good = dir.appendingPathComponent("good.yaml")
        try Fixtures.fileTenantYAML.write(to: good, atomically: true, encoding: .utf8)
        let ok = try await HubsimBinary.run(["tenant", "validate", good.path])
        #expect(ok.status == 0)
        #expect(ok.stdout.hasPrefix("valid: 4 users (1 staging), 1 group (FRONTLINE)"))
        let bad = dir.appendingPathComponent("bad.yaml")
        try "groups:\n  - id: G\nusers:\n  - name: a\n    role: staging\n    password: hunter2\n".write(to: bad, atomically: true, encoding: .utf8)
        let refused = try await HubsimBinary.run(["tenant", "validate", bad.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\(bad.path):6:15: user 'a' has a plaintext password"))
        #expect(refused.stderr.contains("hubsim tenant hash-password"))
        #expect(!refused.stderr.contains("hunter2"))
    }

    /// Consistent acceptance (Docs/reliability.md): what `validate` once accepted, refused with a position and exit 2.
    @Test func validateRefusesUnsafeNamesAndCheapHashes() async throws {
        let dir = try Fixtures.tempDir()
        let cheap = dir.appendingPathComponent("cheap.yaml")
        try Fixtures.tenantYAML.write(to: cheap, atomically: true, encoding: .utf8)
        let tooCheap = try await HubsimBinary.run(["tenant", "validate", cheap.path])
        #expect(tooCheap.status == 2)
        #expect(tooCheap.stderr == "hubsim: \(cheap.path):8:19: the passwordHash of 'stage' is too cheap to guard a password (ln=10, r=8, p=1; at least ln=14, r=8, p=1 is needed); make a new one with `hubsim tenant hash-password`\n")
        let unsafe = dir.appendingPathComponent("unsafe.yaml")
        try Fixtures.fileTenantYAML.replacingOccurrences(of: "name: cou2", with: "name: \"../x y\"")
            .write(to: unsafe, atomically: true, encoding: .utf8)
        let badName = try await HubsimBinary.run(["tenant", "validate", unsafe.path])
        #expect(badName.status == 2)
        #expect(badName.stderr == "hubsim: \(unsafe.path):11:11: \"../x y\" cannot be a user name: use \(UserID.nameRule)\n")
    }

    /// A refused add-user leaves the file byte-identical and asks for no password.
    @Test func addUserRefusesBeforeWritingAnything() async throws {
        let dir = try Fixtures.tempDir()
        let file = dir.appendingPathComponent("tenant.yaml")
        try Fixtures.fileTenantYAML.write(to: file, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: file)
        let badName = try await HubsimBinary.run(["tenant", "add-user", file.path, "../x y"], stdin: "Typed-Pw-99\n")
        #expect(badName.status == 2)
        #expect(badName.stderr == "hubsim: \(file.path):1:1: \"../x y\" cannot be a user name: use \(UserID.nameRule)\n")
        #expect(try Data(contentsOf: file) == before)
        let cheap = dir.appendingPathComponent("cheap.yaml")
        try Fixtures.tenantYAML.write(to: cheap, atomically: true, encoding: .utf8)
        let cheapBefore = try Data(contentsOf: cheap)
        let refused = try await HubsimBinary.run(["tenant", "add-user", cheap.path, "cou3"], stdin: "Typed-Pw-99\n")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(":8:19: the passwordHash of 'stage' is too cheap"))
        #expect(try Data(contentsOf: cheap) == cheapBefore)
        #expect(Fixtures.files(under: dir).count == 2)
    }

    /// `hubsim tenant` alone once printed its help and exited 0.
    @Test func tenantAloneIsAUsageError() async throws {
        let run = try await HubsimBinary.run(["tenant"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("hubsim tenant: give a subcommand: validate, add-user, hash-password\n"))
        #expect(run.stderr.contains("USAGE: hubsim tenant <subcommand>"))
    }

    @Test func hashPasswordPrintsAPHCString() async throws {
        let run = try await HubsimBinary.run(["tenant", "hash-password"], stdin: "pw-for-hash")
        #expect(run.status == 0)
        let phc = PasswordHash(phc: run.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(phc.scrypt?.logN == 15 && phc.scrypt?.r == 8)
        #expect(ScryptHasher().verify("pw-for-hash", against: phc))
    }

    @Test func resetNeedsConfirmationThenUnenrolls() async throws {
        let dir = try Fixtures.tempDir()
        let url = dir.appendingPathComponent("till.sqlite")
        do {
            let store = try DeviceStore.open(at: url)
            var device = try Fixtures.newDevice()
            try Fixtures.drive(&device, Array(Fixtures.walk.prefix(4)), store: store)
            try store.close()
        }
        let refused = try await HubsimBinary.run(["reset", "--device", "till", "--state-dir", dir.path], stdin: "y\n")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--yes") && refused.stderr.contains("till"))
        #expect(try DeviceStore.open(at: url).load() != nil)
        let done = try await HubsimBinary.run(["reset", "--device", "till", "--state-dir", dir.path, "--yes"])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(try DeviceStore.open(at: url).load() == nil)
        let corrupt = dir.appendingPathComponent("junk.sqlite")
        try Data("junk".utf8).write(to: corrupt)
        let foreign = try await HubsimBinary.run(["reset", "--device", "junk", "--state-dir", dir.path, "--yes"])
        #expect(foreign.status == 2 && foreign.stderr.contains("not a hubsim device database"))
        #expect(try Data(contentsOf: corrupt) == Data("junk".utf8))
    }
}

/// The `hubsim` executable SwiftPM builds next to the test bundle; `HUBSIM_BINARY` overrides.
enum HubsimBinary {
    struct Missing: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "no hubsim binary beside the tests (looked at \(searched.joined(separator: ", "))); run 'swift build' or set HUBSIM_BINARY"
        }
    }

    static func url() throws -> URL {
        if let override = ProcessInfo.processInfo.environment["HUBSIM_BINARY"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        var searched: [String] = []
        var dir = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("hubsim")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            searched.append(candidate.path)
            dir = dir.deletingLastPathComponent()
        }
        throw Missing(searched: searched)
    }

    struct Result { var status: Int32; var stdout: String; var stderr: String }

    /// Runs the binary with `stdin` as its standard input. Both outputs are read while it
    /// runs, each on a thread of its own (a child that fills one pipe while the other is being
    /// read would otherwise never exit); the test waits for them and for the exit by looking
    /// every few milliseconds with `Task.sleep`, holding none of the test pool's threads (one
    /// per core) while the program runs. At most `Slots.programs` run at once.
    static func run(_ arguments: [String], stdin: String = "") async throws -> Result {
        let process = Process()
        process.executableURL = try url()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = FileManager.default.temporaryDirectory.path
        process.environment = environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        return try await Slots.programs.holding {
            try process.run()
            let outRead = PipeReader(output.fileHandleForReading), errorsRead = PipeReader(errors.fileHandleForReading)
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning || outRead.data == nil || errorsRead.data == nil {
                guard Date() < deadline else {
                    process.terminate()
                    throw Unfinished(arguments: arguments)
                }
                try await Task.sleep(for: .milliseconds(5))
            }
            return Result(status: process.terminationStatus, stdout: String(decoding: outRead.data ?? Data(), as: UTF8.self),
                          stderr: String(decoding: errorsRead.data ?? Data(), as: UTF8.self))
        }
    }

    struct Unfinished: Error, CustomStringConvertible {
        var arguments: [String]
        var description: String { "hubsim \(arguments.joined(separator: " ")) still ran after 60 s" }
    }

    /// Reads a pipe to its end on a thread of its own.
    private final class PipeReader: Sendable {
        private let read = Mutex<Data?>(nil)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                let data = handle.readDataToEndOfFile()
                read.withLock { $0 = data }
            }
        }

        /// The whole output once the child closed the pipe; nil before.
        var data: Data? { read.withLock { $0 } }
    }
}
