import Configuration
import Foundation
import GRDB
import SessionEngine
import Testing
@testable import DeviceStore

/// A resumed device's JSON columns read without `Codable` (`StoredJSON`, Docs/performance.md) give the
/// values the decoder gives, and anything but the writer's usual form still goes to it.
@Suite struct StoredJSONTests {
    static func written<T: Encodable>(_ value: T) throws -> String {
        // The writer's encoder (`SnapshotWriter`).
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decoded<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    static let enrollments: [Enrollment] = [
        Enrollment(stagingUser: "stage", group: "FRONTLINE", mode: .multiUser, enrolledAt: .shiftStart),
        Enrollment(stagingUser: "stage", group: nil, mode: .singleUser, enrolledAt: SimInstant(milliseconds: 0), assignedUser: "cou1"),
        Enrollment(stagingUser: "stage@contoso.com", group: "Über Läden", mode: .multiUser, enrolledAt: SimInstant.latest, assignedUser: "cou2"),
        Enrollment(stagingUser: "s", group: "", mode: .singleUser, enrolledAt: SimInstant(milliseconds: -5)),
        Enrollment(stagingUser: "s", group: "x", mode: .multiUser, enrolledAt: SimInstant(milliseconds: .min)),
        Enrollment(stagingUser: "s", group: "x", mode: .multiUser, enrolledAt: SimInstant(milliseconds: .max)),
    ]

    @Test func anEnrollmentInTheWritersFormIsReadByHandAsTheDecoderReadsIt() throws {
        for enrollment in Self.enrollments {
            let text = try Self.written(enrollment)
            #expect(PlainJSON.enrollment(text) == enrollment, "\(text)")
            #expect(PlainJSON.enrollment(text) == (try Self.decoded(Enrollment.self, text)))
        }
    }

    /// Escapes, spaces, other keys or orders, numbers the encoder does not write: left to
    /// the decoder, which reads the same value (or refuses the text) as before.
    @Test func anyOtherEnrollmentTextGoesToTheDecoder() throws {
        let escaped = Enrollment(stagingUser: "stage", group: "a/b \"c\"", mode: .multiUser, enrolledAt: .shiftStart)
        let others = [
            try Self.written(escaped),
            #"{"enrolledAt":{"milliseconds":28800000},"group":"G","mode":"multi-user","stagingUser":"Stage"}"# + " ",
            #"{ "enrolledAt":{"milliseconds":28800000},"mode":"multi-user","stagingUser":"stage"}"#,
            #"{"stagingUser":"stage","mode":"multi-user","enrolledAt":{"milliseconds":28800000}}"#,
            #"{"enrolledAt":{"milliseconds":028800000},"mode":"multi-user","stagingUser":"stage"}"#,
            #"{"enrolledAt":{"milliseconds":28800000.0},"mode":"multi-user","stagingUser":"stage"}"#,
            #"{"enrolledAt":{"milliseconds":9223372036854775808},"mode":"multi-user","stagingUser":"stage"}"#,
            #"{"enrolledAt":{"milliseconds":28800000},"group":null,"mode":"multi-user","stagingUser":"stage"}"#,
            #"{"enrolledAt":{"milliseconds":28800000},"mode":"many-users","stagingUser":"stage"}"#,
            #"{"enrolledAt":{"milliseconds":28800000},"mode":"multi-user","stagingUser":"st\u0061ge"}"#,
            #"{"enrolledAt":{"milliseconds":28800000},"mode":"multi-user","stagingUser":"stage","x":1}"#,
            #"{"enrolledAt":{"milliseconds":28800000},"mode":"multi-user"}"#,
            #"{"enrolledAt":{"milliseconds":-},"mode":"multi-user","stagingUser":"stage"}"#,
            "",
        ]
        for text in others {
            #expect(PlainJSON.enrollment(text) == nil, "\(text)")
            let decoded = try? Self.decoded(Enrollment.self, text)
            #expect((try? StoredJSON().enrollment(text)) == decoded, "\(text)")
        }
        #expect(try StoredJSON().enrollment(try Self.written(escaped)) == escaped)
        #expect(throws: DecodingError.self) { try StoredJSON().enrollment(#"{"mode":"many-users"}"#) }
    }

    @Test func aListOfUsersIsReadByHandAsTheDecoderReadsIt() throws {
        for users in [[], ["cou1"], ["cou1", "Stage@Contoso.com", "x"]] as [[UserID]] {
            let text = try Self.written(users)
            #expect(PlainJSON.users(text) == users, "\(text)")
            #expect(PlainJSON.users(text) == (try Self.decoded([UserID].self, text)))
        }
        // Not lower-cased in the file: read as the decoder reads it, lower-cased.
        #expect(PlainJSON.users(#"["COU1"]"#) == ["cou1"])
        for text in [#"[ "a"]"#, #"["a",]"#, #"["a"] "#, #"["a\/b"]"#, "[", #"[1]"#, #"["a""b"]"#] {
            #expect(PlainJSON.users(text) == nil, "\(text)")
            #expect((try? StoredJSON().users(text)) == (try? Self.decoded([UserID].self, text)), "\(text)")
        }
    }

    @Test func anEmptyListNeedsNoDecoderAndAnyOtherListIsDecoded() throws {
        let json = StoredJSON()
        #expect(try json.list(of: Delivery.self, "[]") == [])
        let text = #"[{"app":"notes","kind":{"sdkOpportunity":{"coldStart":true}}},{"app":"chat","kind":{"accountChanged":{}}}]"#
        let held = try Self.decoded([Delivery].self, text)
        #expect(held.map(\.app) == ["notes", "chat"])
        #expect(try json.list(of: Delivery.self, text) == held)
        #expect(throws: DecodingError.self) { try json.list(of: Delivery.self, "[ ]x") }
    }

    /// The store's writer still writes each compiled app exactly as the build holds its text,
    /// so a resumed device with the default catalogue decodes no definition.
    @Test func theWriterWritesTheCompiledCataloguesText() throws {
        for app in try BundledAssets.catalogue().apps {
            #expect(BundledAssets.compiledDefinition(app.id, json: try Self.written(app)) == app, "\(app.id)")
        }
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        let store = try DeviceStore.open(at: url)
        var device = try Fixtures.newDevice(profile: .entraIOS)
        try Fixtures.drive(&device, Fixtures.walk, store: store)
        let rows = try store.read { try Row.fetchAll($0, sql: "SELECT app AS id, definition FROM app_definitions") }
        #expect(!rows.isEmpty)
        for row in rows { #expect(BundledAssets.compiledDefinition(row["id"], json: row["definition"]) != nil) }
    }

    /// A device saved with another definition of a catalogue app (an edited catalogue, an
    /// older build's) resumes with the definition it was saved with, not this build's.
    @Test func aStoredDefinitionThatIsNotTheCompiledOneIsReadAsStored() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        var device = try Fixtures.newDevice()
        do {
            let store = try DeviceStore.open(at: url)
            try Fixtures.drive(&device, Fixtures.walk, store: store)
            try store.close()
        }
        var snapshot = Fixtures.persisted(device.snapshot)
        let edited = try #require(snapshot.apps.indices.first)
        snapshot.apps[edited].definition.summary = "An older build's summary."
        snapshot.apps[edited].definition.commonItems.append("An item since removed")
        snapshot.appSet[edited] = snapshot.apps[edited].definition
        let raw = try DatabaseQueue(path: url.path)
        try raw.write { db in
            try db.execute(sql: "UPDATE app_definitions SET definition = ? WHERE app = ?",
                           arguments: [try Self.written(snapshot.apps[edited].definition), snapshot.apps[edited].definition.id])
            try db.execute(sql: "UPDATE device_setup SET app_set = ?", arguments: [try Self.written(snapshot.appSet)])
        }
        try raw.close()
        let store = try DeviceStore.open(at: url)
        let loaded = try #require(try store.load())
        #expect(loaded.apps[edited].definition != (try BundledAssets.catalogue().apps.first { $0.id == snapshot.apps[edited].definition.id }))
        #expect(loaded == snapshot)
    }

    /// A device resumed with the compiled definitions and a hand-read enrollment is the
    /// device the decoder reads (the whole snapshot, against a full decode of every column).
    @Test func aResumedDeviceReadsTheSameWithoutTheDecoder() throws {
        let url = try Fixtures.tempDir().appendingPathComponent("d.sqlite")
        var device = try Fixtures.newDevice()
        let store = try DeviceStore.open(at: url)
        try Fixtures.drive(&device, Fixtures.walk, store: store)
        let loaded = try #require(try store.load())
        #expect(loaded == Fixtures.persisted(device.snapshot))
        let columns = try store.read { try #require(try Row.fetchOne($0, sql: "SELECT device_setup.enrollment, device.held_deliveries FROM device, device_setup")) }
        #expect(loaded.enrollment == (try Self.decoded(Enrollment.self, columns["enrollment"])))
        #expect(PlainJSON.enrollment(columns["enrollment"]) != nil)
        #expect(columns["held_deliveries"] == "[]")
    }
}
