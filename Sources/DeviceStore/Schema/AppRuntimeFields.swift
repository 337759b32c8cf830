import Foundation
import SessionEngine

/// Rebuilds an `AppRuntime` from its columns.
///
/// `AppRuntime.nextSerial` (the number of the next item the app creates) is internal to
/// the engine: it is read through reflection and restored through the type's own
/// `Decodable` conformance, so a restarted app never reuses an item id.
enum AppRuntimeFields {
    static func nextSerial(of app: AppRuntime) -> Int {
        let children = Mirror(reflecting: app).children
        // Walking every child boxes the app's storage and log; jump to the known position.
        let i = children.index(children.startIndex, offsetBy: serialPosition)
        if children[i].label == "nextSerial", let serial = children[i].value as? Int { return serial }
        return children.first { $0.label == "nextSerial" }?.value as? Int ?? 1
    }

    /// Where `nextSerial` sits among `AppRuntime`'s stored properties, found once.
    private static let serialPosition: Int = {
        let app = AppRuntime(definition: AppDefinition(id: "probe", name: "probe", sdk: .none))
        for (position, child) in Mirror(reflecting: app).children.enumerated() where child.label == "nextSerial" {
            return position
        }
        return 0
    }()

    /// The stored fields of an `AppRuntime`, under its coding keys; storage, keys and log
    /// are filled in afterwards.
    private struct Wire: Encodable {
        var definition: AppDefinition
        var lifecycle: AppLifecycle
        var sdkSeen: SessionMarks?
        var initialCheckFailed: Bool
        var sawCheckedIn: Bool
        var currentUser: UserID?
        var userChangeFlag: Bool
        var storage: [StoredItem] = []
        var keychain = AppKeychain()
        var log: [AppLogEntry] = []
        var nextSerial: Int
    }

    static func make(definition: AppDefinition, lifecycle: AppLifecycle, sdkSeen: SessionMarks?,
                     initialCheckFailed: Bool, sawCheckedIn: Bool, currentUser: UserID?,
                     userChangeFlag: Bool, nextSerial: Int) throws -> AppRuntime {
        let wire = Wire(definition: definition, lifecycle: lifecycle, sdkSeen: sdkSeen,
                        initialCheckFailed: initialCheckFailed, sawCheckedIn: sawCheckedIn,
                        currentUser: currentUser, userChangeFlag: userChangeFlag, nextSerial: nextSerial)
        return try EngineValues.convert(wire)
    }
}
