import Foundation
import FuzzSupport
import GRDB
import SessionEngine
import Testing
@testable import DeviceStore

/// Seeded mutations of a real device's file (a short walk): a random column of a random table
/// set to a random value (boundaries, negative, huge, text where a number belongs, bytes, bad
/// JSON). Each mutant either opens and survives engine actions and saves without a trap, or is
/// refused as damaged with the file unchanged. `HUBSIM_FUZZ_SEED` replays another run.
@Suite("Reliability: stored values fuzzed")
struct StoredValueFuzzTests {
    static let values: [String] = [
        "-1", "0", "1", "2", "-9223372036854775808", "9223372036854775807", "9007199254740992", "9007199254740993",
        "31536000000001", "1.5", "-0.0", "1e300", "NULL", "''", "'x'", "'noon'", "x'00'", "x''", "'{'", "'[]'", "'{}'",
        "'[1]'", "'null'", "'app:nowhere'", "'hub'", "'checkedOut'", "'locked'", "'enrolling'", "'held'", "'cou1'",
        "'" + String(repeating: "y", count: 70_000) + "'", "randomblob(32)", "randomblob(7)", "'\u{1B}[2J'",
    ]

    @Test func mutantsOpenAndSurviveOrAreRefusedUnchanged() throws {
        let seed = FuzzRun.seed(for: "StoredValueFuzzTests")
        var random = SplitMix64(seed: seed)
        let original = try StoredValueTests.walkedFile.get()
        // Every column of every table, read from the file itself.
        let columns: [(table: String, column: String)] = try DatabaseQueue(path: original.path).read { db in
            try Schema.tables.flatMap { table in try db.columns(in: table).map { (table, $0.name) } }
        }
        let apps: [AppID] = DeviceProfile.workspaceOne.defaultApps
        var opened = 0, refused = 0, rejectedBySQLite = 0
        for index in 0..<240 {
            let (table, column) = random.pick(columns)
            let value = random.pick(Self.values)
            let oneRow = random.chance(0.5)
            let sql = "UPDATE \(table) SET \(column) = \(value)" + (oneRow ? " WHERE rowid = (SELECT min(rowid) FROM \(table))" : "")
            let label = "mutant \(index) (seed \(seed)): \(sql.prefix(120))"
            let url = try Fixtures.tempDir().appendingPathComponent("till.sqlite")
            try FileManager.default.copyItem(at: original, to: url)
            var config = Configuration()
            config.foreignKeysEnabled = false
            let queue = try DatabaseQueue(path: url.path, configuration: config)
            // WITHOUT ROWID tables have no rowid: those mutants change every row.
            let changed = (try? queue.write { db in
                do { try db.execute(sql: sql) } catch {
                    try db.execute(sql: "UPDATE \(table) SET \(column) = \(value)")
                }
                return db.changesCount
            }) ?? 0
            try queue.close()
            guard changed > 0 else { rejectedBySQLite += 1; continue }
            let hash = try Fixtures.sha256(url.path)
            let store: DeviceStore
            let saved: SavedDevice
            do throws(StoreError) {
                store = try DeviceStore.open(at: url)
                do { saved = try store.loadForStart() } catch {
                    try? store.close()
                    throw error
                }
            } catch {
                refused += 1
                #expect(error.kind == .corrupt, "\(label): \(error)")
                #expect(!error.description.contains("\n") && !error.description.contains("DecodingError"), "\(label): \(error)")
                #expect(try Fixtures.sha256(url.path) == hash, "\(label): the refused file changed")
                #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"), "\(label): a -wal was left")
                continue
            }
            opened += 1
            defer { try? store.close() }
            guard case let .enrolled(snapshot) = saved else { continue }
            // The actions a shift takes: whatever is refused, nothing may trap, and each state saves.
            var device = Fixtures.restore(snapshot)
            let actions: [DeviceAction] = [.advanceClock(seconds: 5), .unlock("cou2")] + apps.map { .launch($0) }
                + [.logOut] + apps.map { .launch($0) }
                + [.checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil)] + apps.map { .launch($0) }
                + [.advanceClock(seconds: 4000), .enterpriseWipe]
            do { try Fixtures.drive(&device, actions, store: store) } catch {
                Issue.record("\(label): a save failed: \(error)")
            }
        }
        #expect(opened > 10 && refused > 10, "opened \(opened), refused \(refused), rejected by SQLite \(rejectedBySQLite)")
    }
}
