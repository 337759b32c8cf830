import Foundation
import GRDB
import SessionEngine
import Testing
@testable import DeviceStore

/// Every stored column is range-checked at start (Docs/stored-values.md): an integer at its
/// minimum − 1, its maximum + 1 and `Int64.max`, an unknown enum name, text where a number
/// belongs, bad JSON and a key of the wrong length each refuse the file as damaged, in one
/// line naming the column and the value, with the file byte-identical (`DamagedFileTests`).
@Suite("Reliability: stored values out of range")
struct StoredValueTests {
    /// A copy of one walked device's file (the walk is made once per process).
    static func damagedCopy(_ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let url = try Fixtures.tempDir().appendingPathComponent("till.sqlite")
        try FileManager.default.copyItem(at: walkedFile.get(), to: url)
        let queue = try DatabaseQueue(path: url.path)
        let changes = try queue.write { db in
            try db.execute(sql: sql)
            return db.changesCount
        }
        try queue.close()
        #expect(changes > 0, "\(sql) changed nothing", sourceLocation: sourceLocation)
        return url
    }

    static let walkedFile = Result { try FailureTests.hubsimFile(in: try Fixtures.tempDir()) }

    static let count = "0...9007199254740992"
    static let serial = "1...9007199254740992"

    /// (table, column, WHERE, range text, too small, too large).
    static let integerColumns: [(String, String, String, String, Int64, Int64)] = [
        ("device", "online", "", "0...1", -1, 2),
        ("device", "marks_check_outs", "", count, -1, 1 << 53 + 1),
        ("device", "marks_wipes", "", count, -1, 1 << 53 + 1),
        ("device", "leak_count", "", count, -1, 1 << 53 + 1),
        ("device", "exposure_count", "", count, -1, 1 << 53 + 1),
        ("apps", "next_serial", "", serial, 0, 1 << 53 + 1),
        ("apps", "sdk_seen_check_outs", "WHERE sdk_seen_check_outs IS NOT NULL", count, -1, 1 << 53 + 1),
        ("apps", "sdk_seen_wipes", "WHERE sdk_seen_wipes IS NOT NULL", count, -1, 1 << 53 + 1),
        ("apps", "initial_check_failed", "", "0...1", -1, 2),
        ("apps", "saw_checked_in", "", "0...1", -1, 2),
        ("apps", "user_change_flag", "", "0...1", -1, 2),
        ("coverage", "count", "", count, -1, 1 << 53 + 1),
        ("event_log", "seq", "WHERE seq = (SELECT max(seq) FROM event_log)", serial, 0, 1 << 53 + 1),
        ("findings", "item_count", "", count, -1, 1 << 53 + 1),
        ("findings", "token", "", "0...1", -1, 2),
    ]

    static var integerCases: [(sql: String, detail: String)] {
        integerColumns.flatMap { table, column, filter, range, low, high in
            [low, high, Int64.max].map { value in
                ("UPDATE \(table) SET \(column) = \(value) \(filter)", "\(table).\(column)|is \(value), outside \(range)")
            }
        }
    }

    @Test(arguments: integerCases)
    func anIntegerOutOfRangeIsDamage(sql: String, detail: String) throws {
        let parts = detail.split(separator: "|").map(String.init)
        try DamagedFileTests.expectDamaged(try Self.damagedCopy(sql), parts[0], also: parts[1])
    }

    /// The attempt counter lives only in a row a wrong password makes.
    @Test(arguments: [Int64(-1), 1 << 53 + 1, .max])
    func anAttemptCounterOutOfRangeIsDamage(value: Int64) throws {
        let url = try Self.damagedCopy("INSERT INTO failed_attempts (user, count, locked_until_ms) VALUES ('cou9', \(value), NULL)")
        try DamagedFileTests.expectDamaged(url, "failed_attempts.count", also: "is \(value), outside \(Self.count)")
    }

    @Test(arguments: [
        ("UPDATE device SET state = 'sleeping'", "device.state has an unknown value 'sleeping'"),
        ("UPDATE device SET profile = 'palm-os'", "device.profile has an unknown value 'palm-os'"),
        ("UPDATE device SET delivery_mode = 'later'", "device.delivery_mode has an unknown value 'later'"),
        ("UPDATE device SET foreground = 'app:nowhere'", "device.foreground names 'nowhere', which is not an installed app"),
        ("UPDATE apps SET lifecycle = 'dozing'", "has an unknown value 'dozing'"),
        ("UPDATE items SET class = 'secret'", "items.class has an unknown value 'secret'"),
        ("UPDATE sessions SET ending = 'vanished' WHERE ending IS NOT NULL", "sessions.ending has an unknown value 'vanished'"),
        ("UPDATE event_log SET kind = 'rumour'", "event_log.kind has an unknown value 'rumour'"),
        ("UPDATE app_log SET kind = 'rumour'", "app_log.kind has an unknown value 'rumour'"),
        ("UPDATE findings SET severity = 'mild'", "findings.severity has an unknown value 'mild'"),
        ("UPDATE device SET state = x'07'", "device.state is not text (bytes)"),
    ])
    func anUnknownNameIsDamage(sql: String, detail: String) throws {
        try DamagedFileTests.expectDamaged(try Self.damagedCopy(sql), detail)
    }

    @Test(arguments: [
        ("UPDATE device SET marks_check_outs = 'many'", "device.marks_check_outs is not a whole number (text)"),
        ("UPDATE apps SET next_serial = 2.5", "is not a whole number (a real number)"),
        ("UPDATE device SET online = x'01'", "device.online is not a whole number (bytes)"),
        ("UPDATE keychain SET key = x'00'", "keychain.key has 1 bytes, outside 32...32"),
        ("UPDATE key_server SET key = 'abc'", "key_server.key is not bytes (text)"),
        ("UPDATE device SET name = ''", "device.name has 0 characters, outside 1...256"),
        ("UPDATE items SET sealed = x'0011' WHERE sealed IS NOT NULL", "items.sealed has 2 bytes, outside 28...1048576"),
        ("UPDATE apps SET sdk_seen_wipes = NULL WHERE sdk_seen_check_outs IS NOT NULL", "sdk_seen_wipes of"),
        // A serial the app has already given out: the next item would repeat an id.
        ("UPDATE apps SET next_serial = 1 WHERE id = 'notes'", "apps.next_serial of 'notes' is 1, not above its item 'notes-"),
    ])
    func aValueOfTheWrongKindIsDamage(sql: String, detail: String) throws {
        try DamagedFileTests.expectDamaged(try Self.damagedCopy(sql), detail)
    }

    /// Bad JSON is one line naming the column and what is wrong, never the decoder's dump.
    @Test(arguments: [
        ("UPDATE device SET held_deliveries = '{'", "device.held_deliveries is not valid JSON for this field (not JSON)"),
        ("UPDATE device SET held_deliveries = '[{\"app\":\"nowhere\",\"kind\":{\"accountChanged\":{}}}]'", "device.held_deliveries names 'nowhere', which is not an installed app"),
        ("UPDATE device_setup SET enrollment = '{\"x\":1}'", "device_setup.enrollment is not valid JSON for this field ("),
        ("UPDATE device_setup SET enrollment = json_set(enrollment, '$.enrolledAt.milliseconds', -5)", "device_setup.enrollment (enrolledAt) is -5, outside"),
        ("UPDATE findings SET owners = '[1]'", "findings.owners is not valid JSON for this field ([0] is not String)"),
        ("UPDATE app_definitions SET definition = 'nope'", "app_definitions.definition of '"),
        ("UPDATE device SET tokens = '{\"keychains\":5}'", "device.tokens is not valid JSON for this field (keychains is not Dictionary"),
        ("UPDATE apps SET token = '[1]'", "apps.token of '"),
    ])
    func badJSONIsOneLineNamingTheColumn(sql: String, detail: String) throws {
        let url = try Self.damagedCopy(sql)
        try DamagedFileTests.expectDamaged(url, detail)
        do {
            let store = try DeviceStore.open(at: url)
            defer { try? store.close() }
            _ = try store.loadForStart()
        } catch {
            #expect(!error.description.contains("DecodingError") && !error.description.contains("Context("), "\(error)")
            #expect(error.description.count < 400, "\(error)")
        }
    }

    /// At its maximum a stored serial still reads, and creating items from there cannot trap.
    @Test func aSerialAtItsMaximumReadsAndCreatesItemsWithoutTrapping() throws {
        let url = try Self.damagedCopy("UPDATE apps SET next_serial = 9007199254740992, sdk_seen_check_outs = 9007199254740992, sdk_seen_wipes = 9007199254740992")
        let store = try DeviceStore.open(at: url)
        defer { try? store.close() }
        guard case let .enrolled(snapshot) = try store.loadForStart() else { Issue.record("not enrolled"); return }
        var device = Fixtures.restore(snapshot)
        try Fixtures.drive(&device, [.logOut] + DeviceProfile.workspaceOne.defaultApps.map { .launch($0) }
            + [.checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil)]
            + DeviceProfile.workspaceOne.defaultApps.map { .launch($0) }, store: store)
        #expect(device.snapshot.apps.contains { $0.nextSerial > 9007199254740992 })
    }
}
