import Foundation
import Testing

/// The real binary refuses a damaged device file before taking the screen: one line, exit 2,
/// the file byte-identical and nothing left beside it (issue 11, item 2).
@Suite("Reliability: damaged device file at start")
struct DamagedFileStartTests {
    @Test func aZeroByteDeviceFileExitsTwoAndStaysAsItWas() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-damaged-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/till.sqlite"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        let result = try Subprocess.run([try HubsimBinary.path(), "--state-dir", dir, "--device", "till"], environment: environment)
        #expect(result.status == 2)
        #expect(result.stderr == "hubsim: the device database \(file) is damaged (the file is empty (0 bytes)); it was left untouched: move it aside to keep it, then start again (the device starts unenrolled), or use --device/--ephemeral\n")
        #expect(result.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["till.sqlite"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).isEmpty)
    }
}
