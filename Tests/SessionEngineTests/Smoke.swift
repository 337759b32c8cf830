import Testing
@testable import SessionEngine

@Test func smokeWalk() throws {
    var d = try SharedDevice.make(profile: .workspaceOne, tenant: BundledAssets.tenant(), catalogue: BundledAssets.catalogue(),
                                  dependencies: EngineDependencies(keys: SeededKeySource(), hasher: ScryptHasher()))
    _ = d.enroll(group: "frontline", user: "stage", password: "stage")
    _ = d.completeEnrollment()
    _ = d.launch("notes")
    _ = d.checkOut(group: "FRONTLINE", user: "cou1", password: "cou1")
    _ = d.launch("notes")
    _ = d.logOut()
    _ = d.checkOut(group: "FRONTLINE", user: "cou2", password: "cou2")
    _ = d.launch("notes")
    for e in d.log.entries { print(e.time, e.kind, e.text) }
    for e in d.app("notes")!.log { print(e.time, e.kind, e.name, e.detail) }
    print(d.findings)
}
