import Foundation
import SessionEngine

/// Builds engine values whose memberwise initialisers are internal to the engine
/// (`Session`, `SessionRecord`, `LeakFinding`) through their own `Decodable` conformance.
enum EngineValues {
    private struct SessionWire: Encodable {
        var user: UserID, startedAt: SimInstant, passcodeHash: PasswordHash?
    }
    private struct SessionRecordWire: Encodable {
        var user: UserID, checkedOutAt: SimInstant, endedAt: SimInstant?, ending: SessionRecord.Ending?
    }
    private struct LeakFindingWire: Encodable {
        var app: AppID, severity: LeakFinding.Severity, owners: [UserID], currentUser: UserID?, itemCount: Int
    }

    static func session(user: UserID, startedAt: SimInstant, passcodeHash: PasswordHash?) throws -> Session {
        try convert(SessionWire(user: user, startedAt: startedAt, passcodeHash: passcodeHash))
    }

    static func sessionRecord(user: UserID, checkedOutAt: SimInstant, endedAt: SimInstant?,
                              ending: SessionRecord.Ending?) throws -> SessionRecord {
        try convert(SessionRecordWire(user: user, checkedOutAt: checkedOutAt, endedAt: endedAt, ending: ending))
    }

    static func leakFinding(app: AppID, severity: LeakFinding.Severity, owners: [UserID], currentUser: UserID?,
                            itemCount: Int) throws -> LeakFinding {
        try convert(LeakFindingWire(app: app, severity: severity, owners: owners, currentUser: currentUser, itemCount: itemCount))
    }

    static func convert<T: Decodable>(_ wire: some Encodable) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(wire))
    }
}
