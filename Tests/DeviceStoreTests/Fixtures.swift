import Configuration
import Crypto
import Foundation
import Platform
import SessionEngine
@testable import DeviceStore

/// Shared test material: one cheap hasher per process, a tenant hashed with it, devices
/// driven through the engine, and temporary state directories.
enum Fixtures {
    /// scrypt N=2^10: real PHC hashes, cheap enough for tests.
    static let hasher = ScryptHasher(logN: 10)
    /// The cost of `hasher`'s hashes, which tests pass to the tenant loader explicitly: files
    /// are held to `ScryptCost.minimum`.
    static let cheapCost = ScryptCost(logN: 10, r: 8, p: 1)
    /// A password distinctive enough to search every written byte for.
    static let distinctivePassword = "Zebra-Quartz-7731-typed"

    /// The test tenant, hashed with `hasher` (load it with `cheapCost`).
    static let tenantYAML = tenantYAML(hashedWith: hasher)
    /// The same tenant hashed at the least cost a file may ask for, for the commands run
    /// through the binary (which hold every file to `ScryptCost.minimum`).
    static let fileTenantYAML = tenantYAML(hashedWith: ScryptHasher(logN: ScryptCost.minimum.logN))

    private static func tenantYAML(hashedWith hasher: ScryptHasher) -> String {
        func hash(_ s: String) -> String { hasher.hash(Secret(s)).phc }
        return """
        tenant: Test tenant
        promptForGroupID: true
        groups:
          - id: FRONTLINE
        users:
          - name: stage
            role: staging
            passwordHash: "\(hash("stage"))"
          - name: cou1
            passwordHash: "\(hash("cou1"))"
          - name: cou2
            passwordHash: "\(hash("cou2"))"
          - name: zed
            passwordHash: "\(hash(distinctivePassword))"
        policy:
          failedAttemptLimit: 3
          lockoutSeconds: 600
        appRegistrations:
          - clientID: 6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01
            redirectURIs: [x-msauth-contoso://com.contoso.chat, x-msauth-contoso://com.contoso.mail, x-msauth-contoso://com.contoso.tasks]
          - clientID: 9c2e7b1a-4f3d-4a6b-8e1c-2d3f4a5b6c02
            redirectURIs: [x-msauth-roster://com.contoso.roster, "msauth://code/x-msauth-roster%3A%2F%2Fcom.contoso.roster"]
          - clientID: b7d4e2c1-8a9f-4c3e-a1b2-c3d4e5f6a703
            redirectURIs: [x-msauth-till://com.contoso.till]

        """
    }

    static let tenant: Tenant = try! TenantLoader.load(yaml: tenantYAML, file: "test-tenant.yaml", minimumCost: cheapCost)

    static func dependencies() -> EngineDependencies {
        EngineDependencies.system(hasher: hasher)
    }

    static func newDevice(profile: ProfileID = .workspaceOne) throws -> SharedDevice {
        try SharedDevice.make(profile: profile, tenant: tenant, catalogue: BundledAssets.catalogue(), dependencies: dependencies())
    }

    static func restore(_ snapshot: DeviceSnapshot) -> SharedDevice {
        SharedDevice(snapshot: snapshot, tenant: tenant, dependencies: dependencies())
    }

    /// Applies `actions`, saving after every one, as the interactive UI does.
    static func drive(_ device: inout SharedDevice, _ actions: [DeviceAction], store: DeviceStore) throws {
        for action in actions {
            _ = device.apply(action)
            try store.save(device)
        }
    }

    /// An entra-ios walk through reference 003's tokens: a device-wide sign-in through
    /// roster's broker round trip, silent requests, a remove that empties a keychain group, a
    /// global sign-out that till (embedded) survives, and till's prompt left waiting.
    static let ssoWalk: [DeviceAction] = [
        .enroll(group: nil, user: "stage", password: "stage"), .completeEnrollment,
        .beginTokenRequest("roster"), .completeTokenRequest(user: "cou1", password: "cou1"),
        .launch("chat"), .acquireTokenSilently("chat"), .launch("tasks"), .acquireTokenSilently("tasks"),
        .beginTokenRequest("till"), .completeTokenRequest(user: "cou1", password: "cou1"),
        .removeAccount("chat"), .refreshInBackground("tasks"),
        .signOut(from: .broker, browser: false), .launch("till"), .beginTokenRequest("till"),
    ]

    /// Enrollment, then a check-out with every default app launched (so callbacks fire and
    /// items, keys and logs exist), a check-in, and a second user checked out.
    static let walk: [DeviceAction] = {
        let apps: [AppID] = DeviceProfile.workspaceOne.defaultApps
        var actions: [DeviceAction] = [.enroll(group: "frontline", user: "stage", password: "stage"), .completeEnrollment]
        actions.append(.checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil))
        actions += apps.map { .launch($0) }
        actions.append(.logOut)
        actions += apps.map { .launch($0) }
        actions.append(.checkOut(group: "FRONTLINE", user: "cou2", password: "cou2", passcode: nil))
        actions += apps.map { .launch($0) }
        actions.append(.advanceClock(seconds: 42))
        return actions
    }()

    /// What a restart keeps: everything but keys held in memory only.
    /// Of the history, what a start reads back (`LogRetention`): the event log's and each app
    /// log's newest entries, the newest sessions and each user's last ended one.
    static func persisted(_ snapshot: DeviceSnapshot) -> DeviceSnapshot {
        var s = snapshot
        for i in s.apps.indices {
            s.apps[i].keychain.externalKeys = [:]
            s.apps[i].log = ChunkedLog(s.apps[i].log.suffix(LogRetention.appLogKept))
        }
        s.log = EventLog(entries: s.log.entries.suffix(LogRetention.eventLogLoaded))
        let newest = max(0, s.history.count - LogRetention.sessionsKept)
        let lastEnded = Set(Set(s.history.map(\.user)).compactMap { user in
            s.history.lastIndex { $0.user == user && $0.endedAt != nil }
        })
        s.history = s.history.indices.filter { $0 >= newest || lastEnded.contains($0) }.map { s.history[$0] }
        return s
    }

    /// One directory per test process, removed when the process exits.
    static let tempRoot: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hubsim-store-tests-\(getpid())")
        atexit { try? FileManager.default.removeItem(at: Fixtures.tempRoot) }
        return root
    }()

    static func tempDir() throws -> URL {
        let dir = tempRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func sha256(_ path: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    static func files(under dir: URL) -> [URL] {
        guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { return [] }
        return e.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    static func mode(_ path: String) -> Int {
        var st = stat()
        stat(path, &st)
        return Int(st.st_mode & 0o777)
    }
}

extension Data {
    func contains(_ needle: String) -> Bool { range(of: Data(needle.utf8)) != nil }
}
