import Foundation
import GRDB
import SessionEngine
import Testing
@testable import DeviceStore

/// Every way a state file can be unusable: one clear error, and the file byte-for-byte
/// as it was, with no -wal or -shm left beside it.
@Suite struct FailureTests {
    /// A real device database, closed, to damage.
    static func hubsimFile(in dir: URL) throws -> URL {
        let url = dir.appendingPathComponent("till.sqlite")
        let store = try DeviceStore.open(at: url)
        var device = try Fixtures.newDevice()
        try Fixtures.drive(&device, Fixtures.walk, store: store)
        try store.close()
        return url
    }

    /// Opens `url`, expects `kind`, and checks nothing in the directory changed.
    static func expectRefused(_ url: URL, _ kind: StoreError.Kind, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dir = url.deletingLastPathComponent()
        let before = Fixtures.files(under: dir).map(\.lastPathComponent).sorted()
        let hash = try Fixtures.sha256(url.path)
        do {
            _ = try DeviceStore.open(at: url)
            Issue.record("opened a \(kind) file", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.contains(url.path), sourceLocation: sourceLocation)
            #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
            #expect(error.exitCode == 2, sourceLocation: sourceLocation)
        }
        #expect(try Fixtures.sha256(url.path) == hash, "file changed", sourceLocation: sourceLocation)
        #expect(Fixtures.files(under: dir).map(\.lastPathComponent).sorted() == before, sourceLocation: sourceLocation)
    }

    @Test func aTextFileIsForeign() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("default.sqlite")
        try Data("these are my shopping notes\n".utf8).write(to: url)
        try Self.expectRefused(url, .foreign)
    }

    @Test func anotherProgramsDatabaseIsForeign() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("default.sqlite")
        do {
            let other = try DatabaseQueue(path: url.path)
            try other.write { db in
                try db.execute(sql: "PRAGMA application_id = 305419896; CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('x')")
            }
            try other.close()
        }
        try Self.expectRefused(url, .foreign)
    }

    @Test func aDatabaseWithTablesButNoApplicationIDIsForeign() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("default.sqlite")
        do {
            let other = try DatabaseQueue(path: url.path)
            try other.write { db in try db.execute(sql: "CREATE TABLE device (x)") }
            try other.close()
        }
        try Self.expectRefused(url, .foreign)
    }

    @Test func damagedPagesAreCorrupt() throws {
        let url = try Self.hubsimFile(in: try Fixtures.tempDir())
        var bytes = try Data(contentsOf: url)
        #expect(bytes.count > 4 * 4096)
        // Scribble over the second and third pages, keeping the header intact.
        for i in 4096..<(3 * 4096) { bytes[i] = UInt8(truncatingIfNeeded: i &* 31 &+ 7) }
        try bytes.write(to: url)
        try Self.expectRefused(url, .corrupt)
    }

    /// With a -wal left beside it (a killed process), damage is found before anything could
    /// replay that -wal into the file.
    @Test func damagedPagesBesideALeftoverWALAreCorrupt() throws {
        let url = try Self.hubsimFile(in: try Fixtures.tempDir())
        var bytes = try Data(contentsOf: url)
        for i in 4096..<(3 * 4096) { bytes[i] = UInt8(truncatingIfNeeded: i &* 31 &+ 7) }
        try bytes.write(to: url)
        try Data().write(to: URL(fileURLWithPath: url.path + "-wal"))
        #expect(StoreFileCheck.hasLeftovers(url.path))
        try Self.expectRefused(url, .corrupt)
    }

    @Test func aTruncatedFileIsCorrupt() throws {
        let url = try Self.hubsimFile(in: try Fixtures.tempDir())
        let bytes = try Data(contentsOf: url)
        try bytes.prefix(bytes.count / 2).write(to: url)
        try Self.expectRefused(url, .corrupt)
    }

    @Test func aTruncatedHeaderIsCorrupt() throws {
        let url = try Self.hubsimFile(in: try Fixtures.tempDir())
        try Data(contentsOf: url).prefix(60).write(to: url)
        try Self.expectRefused(url, .corrupt)
    }

    @Test func aNewerSchemaIsRefused() throws {
        let url = try Self.hubsimFile(in: try Fixtures.tempDir())
        do {
            let raw = try DatabaseQueue(path: url.path)
            try raw.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA user_version = 99")
                try db.execute(sql: "PRAGMA journal_mode = DELETE")
            }
            try raw.close()
        }
        try Self.expectRefused(url, .newer)
        do {
            _ = try DeviceStore.open(at: url)
        } catch {
            #expect(error.description.contains("schema version 99"))
        }
    }

    @Test func aStateDirectoryThatCannotBeCreatedIsReported() throws {
        let dir = try Fixtures.tempDir()
        let blocker = dir.appendingPathComponent("not-a-dir")
        try Data("x".utf8).write(to: blocker)
        let url = blocker.appendingPathComponent("state/default.sqlite")
        #expect(throws: StoreError.self) { try DeviceStore.open(at: url) }
        do { _ = try DeviceStore.open(at: url) } catch {
            #expect(error.kind == .unwritable)
            #expect(error.description.contains("--state-dir") && error.description.contains("--ephemeral"))
        }
        #expect(Fixtures.files(under: dir).map(\.lastPathComponent) == ["not-a-dir"])
    }

    @Test func aStateDirectoryThatIsAFileIsReported() throws {
        let dir = try Fixtures.tempDir()
        let blocker = dir.appendingPathComponent("state")
        try Data("x".utf8).write(to: blocker)
        do {
            _ = try DeviceStore.open(at: blocker.appendingPathComponent("default.sqlite"))
            Issue.record("opened under a file")
        } catch {
            #expect(error.kind == .unwritable)
        }
    }

    @Test func aDeviceOpenTwiceIsInUse() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        let first = try DeviceStore.open(at: url)
        var device = try Fixtures.newDevice()
        try Fixtures.drive(&device, [.goOffline], store: first)
        do {
            _ = try DeviceStore.open(at: url)
            Issue.record("opened a device held by another store")
        } catch {
            #expect(error.kind == .inUse, "\(error)")
        }
        // The first one is unharmed.
        try Fixtures.drive(&device, [.goOnline], store: first)
        #expect(try first.load() == device.snapshot)
    }

    /// hubsim opens the store before its first frame and writes only when something
    /// happens: the device must be held from the open, not from the first write.
    @Test func aDeviceOpenedButNotYetWrittenIsInUse() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        let first = try DeviceStore.open(at: url)
        var device = try Fixtures.newDevice()
        try Fixtures.drive(&device, [.goOffline], store: first)
        try first.close()
        let reopened = try DeviceStore.open(at: url)
        #expect(try reopened.load() == device.snapshot)
        do {
            _ = try DeviceStore.open(at: url)
            Issue.record("opened a device held by another store")
        } catch {
            #expect(error.kind == .inUse, "\(error)")
        }
    }

    /// A device file is never empty once hubsim made it: an empty one was truncated, and
    /// opening it as a new device would hide that (Docs/reliability.md; `DamagedFileTests`).
    @Test func anEmptyFileIsCorrupt() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
        try Self.expectRefused(url, .corrupt)
    }

    @Test func invalidDeviceNamesAreRefused() throws {
        for name in ["", "../etc", ".hidden", "a/b", "till 3"] {
            #expect(throws: StoreError.self) { try StoreLocation.resolve(stateDir: "/tmp", device: name) }
        }
        #expect(try StoreLocation.resolve(stateDir: "/tmp/s", device: "till-3").path == "/tmp/s/till-3.sqlite")
    }

    @Test func theStateDirectoryFollowsXDG() throws {
        #expect(try StoreLocation.resolve(stateDir: nil, device: "default", environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]).path
                == "/x/state/hubsim/default.sqlite")
        #expect(try StoreLocation.resolve(stateDir: nil, device: "default", environment: ["HOME": "/home/u"]).path
                == "/home/u/.local/state/hubsim/default.sqlite")
        // A relative XDG_STATE_HOME is invalid by the spec and ignored.
        #expect(try StoreLocation.resolve(stateDir: nil, device: "d", environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]).path
                == "/h/.local/state/hubsim/d.sqlite")
        #expect(try StoreLocation.resolve(stateDir: "~/s", device: "d", environment: ["HOME": "/h"]).path == "/h/s/d.sqlite")
        #expect(try StoreLocation.resolve(stateDir: "/s/", device: "d").path == "/s/d.sqlite")
        #expect(try StoreLocation.resolve(stateDir: nil, device: "d", environment: ["XDG_STATE_HOME": "/x/", "HOME": "/h"]).path
                == "/x/hubsim/d.sqlite")
    }

    /// The read-only check opens the file by URI, where `%`, `?` and `#` mean something.
    @Test func oddCharactersInTheStatePathAreEscapedForTheCheck() throws {
        #expect(StoreFileCheck.uriPath("/a b/ü/d.sqlite") == "/a b/ü/d.sqlite")
        #expect(StoreFileCheck.uriPath("/x%20?y#z/d.sqlite") == "/x%2520%3Fy%23z/d.sqlite")
        // The check really runs there: damaged pages under such a directory are found
        // (a wrong URI would fail to open, and the check would be skipped).
        let dir = try Fixtures.tempDir().appendingPathComponent("odd %41 ?#")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = try Self.hubsimFile(in: dir)
        try StoreFileCheck.checkImmutable(url.path, expectEmpty: false)
        var bytes = try Data(contentsOf: url)
        for i in 4096..<(3 * 4096) { bytes[i] = UInt8(truncatingIfNeeded: i &* 31 &+ 7) }
        try bytes.write(to: url)
        #expect(throws: StoreError.self) { try StoreFileCheck.checkImmutable(url.path, expectEmpty: false) }
    }
}
