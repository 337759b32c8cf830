import Foundation
import GRDB
import SessionEngine
import Testing
@testable import DeviceStore

/// Device files saved by every schema version hubsim has shipped, kept in `OldDevices/`
/// (how they were made, and how to make them again: OldDevices/README.md). Each holds the same
/// device (enrolled, cou2 checked out after cou1's shift, every default app's items, keys and
/// logs, the event log); `expected.txt` is that device as a start reads it back.
@Suite struct OldDeviceFileTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("OldDevices")

    static func fixture(_ version: Int) -> URL { folder.appendingPathComponent("device-v\(version).sqlite") }

    /// A copy of the fixture, so the test migrates the copy in place.
    static func copy(_ version: Int) throws -> URL {
        let url = try Fixtures.tempDir().appendingPathComponent("device.sqlite")
        try FileManager.default.copyItem(at: fixture(version), to: url)
        return url
    }

    /// `user_version` as the main file's header holds it (bytes 60–63, big-endian): what the
    /// file on disk says, whatever a connection sees through a WAL.
    static func userVersionOnDisk(_ url: URL) throws -> Int {
        let header = try Data(contentsOf: url).prefix(64)
        return header.suffix(4).reduce(0) { $0 << 8 | Int($1) }
    }

    /// Every version before this build's has its fixture, and this build's own save is there
    /// too (when the schema moves on, it becomes the previous version's fixture as it is).
    @Test func everyEarlierSchemaVersionHasAFixture() throws {
        for version in 1...Schema.currentVersion {
            #expect(FileManager.default.fileExists(atPath: Self.fixture(version).path), "device-v\(version).sqlite")
            #expect(try Self.userVersionOnDisk(Self.fixture(version)) == version)
        }
    }

    /// A file of version `version` opens with today's code and is migrated where it lies: the
    /// device reads back as it was saved, the tables are today's (as a new file's), a later
    /// save continues the file, and a restart reads that back.
    @Test(arguments: 1...Schema.currentVersion)
    func aDeviceSavedByAnEarlierVersionOpens(version: Int) throws {
        let url = try Self.copy(version)
        let expected = try String(contentsOf: Self.folder.appendingPathComponent("expected.txt"), encoding: .utf8)
        var device: SharedDevice
        do {
            let store = try DeviceStore.open(at: url)
            #expect(try store.schemaVersion() == Schema.currentVersion)
            let loaded = try #require(try store.load())
            let lines = Self.describe(loaded), expectedLines = expected.split(separator: "\n").map(String.init)
            #expect(lines == expectedLines, "\(Set(lines).symmetricDifference(expectedLines).sorted().prefix(20))")
            let schema = try store.read(MigrationTests.schemaLines)
            let fresh = try DatabaseQueue()
            try fresh.writeWithoutTransaction(Schema.createCurrent)
            let freshSchema = try fresh.read(MigrationTests.schemaLines)
            #expect(schema == freshSchema, "\(Set(schema).symmetricDifference(freshSchema).sorted())")
            device = Fixtures.restore(loaded)
            try Fixtures.drive(&device, [.logOut, .checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil),
                                         .launch(DeviceProfile.workspaceOne.defaultApps[0]), .advanceClock(seconds: 5)], store: store)
            try store.close()
        }
        // Migrated in place: the file itself says the current version, and nothing was left beside it.
        #expect(try Self.userVersionOnDisk(url) == Schema.currentVersion)
        let beside = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(beside == ["device.sqlite"])
        let store = try DeviceStore.open(at: url)
        #expect(try store.load() == Fixtures.persisted(device.snapshot))
        #expect(device.snapshot.state == .checkedOut(UserID("cou1")))
    }

    /// The fixture of this build's version and `expected.txt`, written when
    /// `HUBSIM_RECORD_FIXTURES=1`; OldDevices/make-old-devices.py then makes the older ones
    /// from it (OldDevices/README.md).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["HUBSIM_RECORD_FIXTURES"] == "1"))
    func recordThisVersionsFixture() throws {
        var device = try Fixtures.newDevice()
        for action in Fixtures.walk { _ = device.apply(action) }
        let url = try Fixtures.tempDir().appendingPathComponent("device.sqlite")
        do {
            let store = try DeviceStore.open(at: url)
            try store.save(device)
            try store.close()
        }
        let store = try DeviceStore.open(at: url)
        let loaded = try #require(try store.load())
        #expect(loaded == Fixtures.persisted(device.snapshot))
        try store.close()
        let target = Self.fixture(Schema.currentVersion)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: url, to: target)
        try (Self.describe(loaded).joined(separator: "\n") + "\n")
            .write(to: Self.folder.appendingPathComponent("expected.txt"), atomically: true, encoding: .utf8)
    }

    /// The device as lines a reviewer can read: every value a start reads back, keys and
    /// sealed items by their length only.
    static func describe(_ s: DeviceSnapshot) -> [String] {
        func o<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "-" }
        var lines = [
            "device \(s.name) profile \(s.profile.id.rawValue) state \(s.state) online \(s.online)",
            "now \(s.now.milliseconds) last-activity \(s.lastActivity.milliseconds)",
            "enrollment \(o(s.enrollment))",
            "session \(o(s.session?.user)) since \(o(s.session?.startedAt.milliseconds)) passcode \(s.session?.passcodeHash != nil)",
            "marks \(s.marks.checkOuts) check-outs \(s.marks.wipes) wipes; previous account \(o(s.previousAccount))",
            "foreground \(s.foreground) delivery \(s.deliveryMode) held \(s.heldDeliveries)",
            "leaks \(s.leakCount) exposures \(s.exposureCount)",
            "tokens \(o(s.tokens)) faults \(o(s.faults)) android \(o(s.android)) mhs \(o(s.managedHomeScreen))",
            "app set \(s.appSet.map(\.id))",
        ]
        lines += s.history.map { "session \($0.user) \($0.checkedOutAt.milliseconds)–\(o($0.endedAt?.milliseconds)) \(o($0.ending))" }
        for app in s.apps {
            lines.append("app \(app.id) \(app.lifecycle) sdk-seen \(o(app.sdkSeen)) initial-check-failed \(app.initialCheckFailed) "
                + "saw-checked-in \(app.sawCheckedIn) user \(o(app.currentUser)) changed \(app.userChangeFlag) "
                + "next \(app.nextSerial) token \(o(app.token)) sdk-key \(app.keychain.sdkKey.map { "\($0.bytes.count) bytes" } ?? "-")")
            for item in app.storage {
                let payload = switch item.payload {
                case let .plaintext(text): "plaintext \(text)"
                case let .sealed(bytes): "sealed \(bytes.count) bytes"
                }
                lines.append("  item \(item.id) owner \(o(item.owner)) \(item.dataClass) \(payload)")
            }
            lines += app.log.map { "  log \($0.time.milliseconds) \($0.kind) \($0.name) \($0.detail)" }
        }
        lines += s.log.entries.map { "event \($0.seq) \($0.time.milliseconds) \($0.kind) \(o($0.app)) \($0.text)" }
        lines += s.coverage.sorted { $0.key < $1.key }.map { "coverage \($0.key) \($0.value)" }
        lines += s.failedAttempts.sorted { $0.key.name < $1.key.name }.map { "failed \($0.key) \($0.value.count) \(o($0.value.lockedUntil?.milliseconds))" }
        lines += s.externalKeyServer.keys.map(\.name).sorted().map { "key server \($0)" }
        lines += s.findings.map { "finding \($0.app) \($0.severity) owners \($0.owners) user \(o($0.currentUser)) items \($0.itemCount) token \(o($0.token))" }
        return lines
    }
}
