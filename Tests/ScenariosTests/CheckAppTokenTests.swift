import Configuration
import SessionEngine
import Testing
@testable import Scenarios

/// check-app and a program with an MSAL configuration (Fixtures/CheckApp/token_app.py, which
/// sends `msal/configure` with MSAL's default redirect and asks a silent token at every return
/// to the front): the single sign-on rules decide on its token calls, and the table lists each
/// refused one with its reason.
@Suite("check-app's token path")
struct CheckAppTokenTests {
    static let registration = AppRegistration(clientID: "contoso-token-test", name: "token test",
                                              redirectURIs: ["msauth.com.contoso.token-test://auth"])

    static func report(registered: Bool) async throws -> CheckAppReport {
        var tenant = try BundledAssets.tenant()
        if registered { tenant.appRegistrations.append(registration) }
        return try await ShiftMatrix(app: CheckAppTests.app("token_app.py", sdk: CheckAppTests.msal), profile: .entraIOS,
                                     tenant: tenant, catalogue: Fixtures.catalogue, hasher: Fixtures.hasher).run()
    }

    static func cell(_ report: CheckAppReport, _ t: ShiftTransition, _ s: ShiftAppState) throws -> CheckAppCell {
        try #require(report.cells.first { $0.transition == t && $0.state == s })
    }

    @Test func aRegisteredProgramGetsItsTokenAndIsRefusedAfterAGlobalSignOut() async throws {
        let report = try await Self.report(registered: true)
        #expect(!report.failed, "\(CheckAppText.render(report))")
        // Signed in: the broker grants the silent token; the app keeps what it fetched with it.
        let signIn = try Self.cell(report, .signIn, .background)
        #expect(signIn.did == ["called acquireTokenSilent", "stored graph-cou1", "shows cou1: graph-cou1"], "\(signIn.did)")
        // Signed out globally: the same call is refused, and the table says why.
        let signOut = try Self.cell(report, .signOut, .background)
        #expect(signOut.did.contains("acquireTokenSilent refused: cou1 signed out"), "\(signOut.did)")
        #expect(signOut.did.contains("deleted graph-cou1"), "\(signOut.did)")
        // The next user's token, not the first one's.
        let next = try Self.cell(report, .signInOfAnotherUser, .suspended)
        #expect(next.did.last == "shows cou2: graph-cou2", "\(next.did)")
        let text = CheckAppText.render(report)
        #expect(text.contains("acquireTokenSilent refused:"), "\(text)")
    }

    @Test func anUnregisteredClientIsListedAsRefusedInEveryCell() async throws {
        let report = try await Self.report(registered: false)
        for cell in report.cells where cell.did.contains(where: { $0.contains("acquireTokenSilent") }) {
            #expect(cell.did.contains("acquireTokenSilent refused: client not registered"), "\(cell.name): \(cell.did)")
            #expect(!cell.did.contains { $0.hasPrefix("called") && $0.contains("acquireTokenSilent") }, "\(cell.name): \(cell.did)")
        }
        let terminated = try Self.cell(report, .signIn, .terminated)
        #expect(terminated.did.first == "acquireTokenSilent refused: client not registered", "\(terminated.did)")
    }
}
