import Configuration
import Foundation
import Testing
@testable import DeviceStore

/// A tenant reached through a symbolic link is edited where it lives: the file the link points
/// to is replaced atomically (its temporary file beside it, renamed over it), and the link
/// stays a link. Renaming over the link itself would leave the real tenant without the user.
@Suite("Reliability: a tenant edited through a symbolic link")
struct TenantLinkTests {
    /// A tenant in `real/`, a relative link to it in `conf/`, and a bystander file beside each.
    static func linkedTenant(_ text: String) throws -> (dir: URL, link: String, target: String) {
        let dir = try Fixtures.tempDir()
        for sub in ["real", "conf"] { #expect(mkdir(dir.appendingPathComponent(sub).path, 0o700) == 0) }
        let target = dir.appendingPathComponent("real/tenant.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o640)
        let link = dir.appendingPathComponent("conf/tenant.yaml").path
        #expect(symlink("../real/tenant.yaml", link) == 0)
        for bystander in ["real/notes.txt", "conf/notes.txt"] {
            try Data("untouched\n".utf8).write(to: dir.appendingPathComponent(bystander))
        }
        return (dir, link, target)
    }

    /// The link is still a link, with the text it had; the directories hold what they held.
    static func expectLinkKept(_ dir: URL, _ link: String) {
        var st = stat()
        #expect(lstat(link, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK, "the link was replaced by a file")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "../real/tenant.yaml")
        for sub in ["real", "conf"] {
            #expect((try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent(sub).path).sorted()) == ["notes.txt", "tenant.yaml"],
                    "a temporary file was left in \(sub)")
            #expect((try? String(contentsOf: dir.appendingPathComponent(sub + "/notes.txt"), encoding: .utf8)) == "untouched\n")
        }
    }

    @Test func writingThroughALinkReplacesWhatItPointsTo() throws {
        let (dir, link, target) = try Self.linkedTenant("old\n")
        try TenantEditor.writeAtomically("new\n", to: URL(fileURLWithPath: link))
        #expect(try String(contentsOf: URL(fileURLWithPath: target), encoding: .utf8) == "new\n")
        #expect(Fixtures.mode(target) == 0o640)
        Self.expectLinkKept(dir, link)
    }

    @Test func addUserThroughALinkAddsTheUserToTheRealTenant() async throws {
        let (dir, link, target) = try Self.linkedTenant(Fixtures.fileTenantYAML)
        let run = try await HubsimBinary.run(["tenant", "add-user", link, "cou3"], stdin: "Typed-Pw-99\n")
        #expect(run.status == 0, "\(run.stderr)")
        Self.expectLinkKept(dir, link)
        let tenant = try TenantLoader.load(path: target)
        #expect(tenant.user("cou3") != nil)
        // Nothing else changed: the old text with one user's lines inserted in one place.
        let old = Fixtures.fileTenantYAML.components(separatedBy: "\n")
        let new = try String(contentsOf: URL(fileURLWithPath: target), encoding: .utf8).components(separatedBy: "\n")
        let at = zip(old, new).prefix { $0 == $1 }.count
        let added = new.count - old.count
        #expect(added == 2)
        #expect(Array(new[..<at]) + Array(new[(at + added)...]) == old)
        #expect(new[at].contains("name: cou3") || new[at].contains("name: \"cou3\""), "\(new[at])")
        #expect(Fixtures.mode(target) == 0o640)
    }
}
