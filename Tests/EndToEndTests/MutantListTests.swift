import Foundation
import FuzzSupport
import Testing

/// The judge's own test (Docs/check-app.md, "The judge's own test"): the checked-in mutants of
/// the right example apps are well formed, and two of them, run by Scripts/mutants against this
/// hubsim, die where the list says. The whole list runs in .ci/run (about a minute).
@Suite("The mutants of the example apps", .offThePool)
struct MutantListTests {
    static let root = HubsimPane.repositoryRoot

    struct Mutant: Decodable {
        var id: String
        var app: String
        var profile: String
        var removes: String
        var replace: [String]
        var killed_in: String?
        var verdict: String?
        var equivalent: String?
    }

    static func mutants() throws -> [Mutant] {
        struct List: Decodable { var mutants: [Mutant] }
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/Examples/mutants/mutants.json"))
        return try JSONDecoder().decode(List.self, from: data).mutants
    }

    /// Each mutant changes one text that its app has exactly once, and either names the cell
    /// and verdict that kill it or says why it is equivalent; together they cover every profile
    /// and every language of the examples.
    @Test func everyMutantIsKilledWhereNamedOrSaysWhyItIsEquivalent() throws {
        let mutants = try Self.mutants()
        #expect(Set(mutants.map(\.id)).count == mutants.count)
        for m in mutants {
            let text = try String(contentsOfFile: Self.root + "/Examples/" + m.app, encoding: .utf8)
            #expect(m.replace.count == 2 && m.replace[0] != m.replace[1], "\(m.id)")
            #expect(text.components(separatedBy: m.replace[0]).count == 2, "\(m.id): its text must occur once in \(m.app)")
            let killed = m.killed_in != nil && ["LEAKED", "EXPOSED", "HUNG", "CRASHED", "FAULTED"].contains(m.verdict ?? "")
            #expect(killed != (m.equivalent != nil), "\(m.id): a cell and verdict, or a reason it is equivalent")
            #expect(!m.removes.isEmpty)
        }
        #expect(Set(mutants.filter { $0.killed_in != nil }.map(\.profile)) == ["workspace-one", "entra-ios", "entra-android", "android-mhs"])
        #expect(Set(mutants.map { $0.app.split(separator: "/").first.map(String.init) ?? "" }) == ["python", "java", "swift-app"])
    }

    /// The false pass the judge was fixed for dies, at app/foreground, and an exposure dies with
    /// --strict: `killed 2 / total 2`.
    @Test func twoMutantsDieWhereTheListSays() async throws {
        let result = try await Subprocess.run([Self.root + "/Scripts/mutants", "--hubsim", try HubsimBinary.path(),
                                         "--only", "store-py-no-foreground-check,msal-py-no-deletion"],
                                        environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("KILLED     store-py-no-foreground-check"), "\(result.stdout)")
        #expect(result.stdout.contains("check-out of another user / background: LEAKED: shows cou1's 'orders' to cou2 after answering app/foreground"), "\(result.stdout)")
        #expect(result.stdout.contains("\nkilled 2 / total 2 (0 equivalent"), "\(result.stdout)")
    }
}
