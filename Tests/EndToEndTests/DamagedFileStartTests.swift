import Foundation
import FuzzSupport
import GRDB
import Testing

/// The real binary refuses a damaged device file before taking the screen: one line, exit 2,
/// the file byte-identical and nothing left beside it (Docs/reliability.md).
@Suite("Reliability: damaged device file at start", .offThePool)
struct DamagedFileStartTests {
    @Test func aZeroByteDeviceFileExitsTwoAndStaysAsItWas() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-damaged-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/till.sqlite"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        var environment = ProcessInfo.processInfo.environment
        environment.merge(HubsimPane.baseEnvironment) { _, new in new }
        let result = try await Subprocess.run([try HubsimBinary.path(), "--state-dir", dir, "--device", "till"], environment: environment)
        #expect(result.status == 2)
        #expect(result.stderr == "hubsim: the device database \(file) is damaged (the file is empty (0 bytes)); it was left untouched: move it aside to keep it, then start again (the device starts unenrolled), or use --device/--ephemeral\n")
        #expect(result.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["till.sqlite"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).isEmpty)
    }

    /// A corrupt clock in an enrolled device's file used to end hubsim with SIGILL (exit 132)
    /// and leave a 0-byte -wal beside the file; so did an item serial at `Int64.max` once an
    /// app made an item (and `-1` was accepted: item `notes--1`).
    @Test(arguments: [
        ("UPDATE device SET now_ms = 9223372036854775807", "device.now_ms is 9223372036854775807, outside 0...31536000000000"),
        ("UPDATE apps SET next_serial = 9223372036854775807 WHERE id = 'notes'", "apps.next_serial of 'notes' is 9223372036854775807, outside 1...9007199254740992"),
        ("UPDATE apps SET next_serial = -1 WHERE id = 'notes'", "apps.next_serial of 'notes' is -1, outside 1...9007199254740992"),
    ])
    func aStoredValueOutOfRangeExitsTwoWithoutCrashingOrLeavingAWAL(sql: String, detail: String) async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-damaged-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let arguments = ["--state-dir", dir, "--device", "till"] + HubsimPane.cheapTenant
        do {
            let tmux = try await HubsimPane.start(arguments: arguments, width: 120, height: 40)
            defer { tmux.kill() }
            try await HubDriver(tmux: tmux).enroll()
            try await HubDriver(tmux: tmux).quit()
            #expect(try await tmux.waitFor(HubsimPane.endMarker, timeout: HubDriver.patience).contains("EXIT=0"))
        }
        let file = dir + "/till.sqlite"
        let queue = try DatabaseQueue(path: file)
        try await queue.write { db in try db.execute(sql: sql) }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        var environment = ProcessInfo.processInfo.environment
        environment.merge(HubsimPane.baseEnvironment) { _, new in new }
        let result = try await Subprocess.run([try HubsimBinary.path()] + arguments, environment: environment)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("hubsim: the device database \(file) is damaged (\(detail)); it was left untouched"), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["till.sqlite"])
    }
}
