import Configuration
import Foundation
import GRDB
import Logging
import SessionEngine
import Testing
@testable import DeviceStore

@Suite struct SecretTests {
    /// A typed password (right or wrong) reaches none of the files hubsim writes: the
    /// state database, its -wal, and the `--log-file` diagnostics.
    @Test func aTypedPasswordIsInNoFileWritten() throws {
        let dir = try Fixtures.tempDir()
        let logFile = try LogFile(path: dir.appendingPathComponent("hubsim.log").path)
        let logger = Logger(label: "hubsim.test") { FileLogHandler(label: $0, file: logFile, level: .trace) }
        let password = Fixtures.distinctivePassword
        let wrong = "Wrong-" + password
        let store = try DeviceStore.open(at: dir.appendingPathComponent("state/d.sqlite"), logger: logger)
        var device = try Fixtures.newDevice()
        let actions: [DeviceAction] = [
            .enroll(group: "FRONTLINE", user: "stage", password: "stage"), .completeEnrollment,
            .checkOut(group: "FRONTLINE", user: "zed", password: Secret(wrong), passcode: nil),
            .checkOut(group: "FRONTLINE", user: "zed", password: Secret(password), passcode: nil),
            .launch("notes"), .advanceClock(seconds: 301), .unlock(Secret(wrong)), .unlock(Secret(password)),
            .logOut,
        ]
        var seen = 0
        for action in actions {
            // What the interactive command logs: the action, its outcome, the new log lines.
            let outcome = device.apply(action)
            logger.info("action \(action)", metadata: ["outcome": "\(outcome)", "state": "\(device.state)"])
            for entry in device.log.entries(after: seen) { logger.debug("\(entry.kind): \(entry.text)") }
            seen = device.log.entries.last?.seq ?? seen
            try store.save(device)
        }
        #expect(device.snapshot.coverage["refused:checkOut:wrong-credentials"] == 1)
        #expect(device.snapshot.coverage["unlock"] == 1)
        let written = Fixtures.files(under: dir)
        #expect(written.contains { $0.lastPathComponent == "d.sqlite-wal" })
        #expect(written.contains { $0.lastPathComponent == "hubsim.log" })
        try store.close()
        for file in written + Fixtures.files(under: dir) where FileManager.default.fileExists(atPath: file.path) {
            let bytes = try Data(contentsOf: file)
            #expect(!bytes.contains(password), "password found in \(file.lastPathComponent)")
            #expect(!bytes.contains(wrong), "wrong password found in \(file.lastPathComponent)")
        }
        let log = try String(contentsOfFile: logFile.path, encoding: .utf8)
        #expect(log.contains("••••") && log.contains("checkOut"))
        #expect(log.contains("created the device database") && log.contains("saved"))
    }

    @Test func aLockoutSurvivesARestart() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        do {
            let store = try DeviceStore.open(at: url)
            var device = try Fixtures.newDevice()
            try Fixtures.drive(&device, [.enroll(group: "FRONTLINE", user: "stage", password: "stage"), .completeEnrollment]
                + Array(repeating: .checkOut(group: "FRONTLINE", user: "cou1", password: "nope", passcode: nil), count: 3),
                store: store)
            #expect(device.attempts(of: "cou1").lockedUntil != nil)
            try store.close()
        }
        let store = try DeviceStore.open(at: url)
        var restored = Fixtures.restore(try #require(try store.load()))
        #expect(restored.attempts(of: "cou1").lockedUntil != nil)
        let outcome = restored.apply(.checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil))
        #expect(outcome.refusal?.tag == "locked-out")
        // Failed attempts short of a lockout are kept too.
        _ = restored.apply(.checkOut(group: "FRONTLINE", user: "cou2", password: "nope", passcode: nil))
        try store.save(restored)
        try store.close()
        let again = Fixtures.restore(try #require(try DeviceStore.open(at: url).load()))
        #expect(again.attempts(of: "cou2").left == 2)
    }

    @Test func filesAndDirectoriesAreOwnerOnly() throws {
        let root = try Fixtures.tempDir()
        let dir = root.appendingPathComponent("xdg/hubsim")
        let url = try StoreLocation.resolve(stateDir: dir.path, device: "till")
        let store = try DeviceStore.open(at: url)
        var device = try Fixtures.newDevice()
        try Fixtures.drive(&device, [.goOffline], store: store)
        #expect(Fixtures.mode(dir.path) == 0o700)
        #expect(Fixtures.mode(root.appendingPathComponent("xdg").path) == 0o700)
        #expect(Fixtures.mode(url.path) == 0o600)
        #expect(Fixtures.mode(url.path + "-wal") == 0o600)
        #expect(!FileManager.default.fileExists(atPath: url.path + "-shm"))
        let log = try LogFile(path: dir.appendingPathComponent("diag.log").path)
        log.append("hello")
        #expect(Fixtures.mode(log.path) == 0o600)
    }

    @Test func theEventLogAndHashesAreWhatIsStored() throws {
        // The passcode a user sets is kept as a PHC hash, never as typed.
        let strictYAML = Fixtures.tenantYAML.replacingOccurrences(of: "policy:\n", with: "policy:\n  appPasscode:\n    required: true\n    minLength: 4\n")
        let tenant = try TenantLoader.load(yaml: strictYAML, file: "strict.yaml", minimumCost: Fixtures.cheapCost)
        var device = SharedDevice(snapshot: try Fixtures.newDevice().snapshot, tenant: tenant, dependencies: Fixtures.dependencies())
        let dir = try Fixtures.tempDir()
        let store = try DeviceStore.open(at: dir.appendingPathComponent("d.sqlite"))
        try Fixtures.drive(&device, [.enroll(group: "FRONTLINE", user: "stage", password: "stage"), .completeEnrollment,
                                     .checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: "975318642")],
                           store: store)
        #expect(device.state == .checkedOut("cou1"))
        let hash = try store.read { try String.fetchOne($0, sql: "SELECT session_passcode_hash FROM device") }
        #expect(hash?.hasPrefix("$scrypt$") == true)
        try store.close()
        for file in Fixtures.files(under: dir) { #expect(!(try Data(contentsOf: file)).contains("975318642")) }
    }
}
