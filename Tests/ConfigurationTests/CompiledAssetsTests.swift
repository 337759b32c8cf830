import Foundation
import GoldenSupport
import SessionEngine
import Testing
@testable import Configuration

/// The defaults compiled into the build (`CompiledAssets`) are the YAML files, decoded: the
/// YAML stays the source of truth, and neither can change without the other.
@Suite struct CompiledAssetsTests {
    static let sourceFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Configuration/Loading/CompiledAssets.swift")

    static let stale: Comment = "the bundled YAML and CompiledAssets.swift differ: re-record with HUBSIM_RECORD_GOLDEN=1 swift test --filter CompiledAssetsTests"

    static func loadedTenant() throws -> Tenant {
        try TenantLoader.load(yaml: BundledAssets.text("tenant.yaml"), file: "Assets/tenant.yaml")
    }

    static func loadedCatalogue() throws -> AppCatalogue {
        try AppCatalogue.load(yaml: BundledAssets.text("apps.yaml"), file: "Assets/apps.yaml")
    }

    @Test func theCompiledTenantIsWhatTheLoaderReadsFromTenantYAML() throws {
        let loaded = try Self.loadedTenant(), compiled = CompiledAssets.tenant
        // Part by part first, so that a change reads as a short message.
        #expect(compiled.users.map(\.id) == loaded.users.map(\.id), Self.stale)
        for (user, read) in zip(compiled.users, loaded.users) { #expect(user == read, Self.stale) }
        #expect(compiled.appRegistrations == loaded.appRegistrations, Self.stale)
        #expect(compiled == loaded, Self.stale)
        #expect(try BundledAssets.tenant() == loaded)
    }

    @Test func theCompiledCatalogueIsWhatTheLoaderReadsFromAppsYAML() throws {
        let loaded = try Self.loadedCatalogue(), compiled = CompiledAssets.catalogue
        #expect(compiled.ids == loaded.ids, Self.stale)
        for (app, read) in zip(compiled.apps, loaded.apps) { #expect(app == read, Self.stale) }
        #expect(compiled == loaded, Self.stale)
        #expect(try BundledAssets.catalogue() == loaded)
        #expect(loaded.apps.count >= 10 && loaded.apps.contains { $0.sso != nil })
    }

    /// A stored definition is taken from the build only when its text is exactly the compiled
    /// app's, and that text decodes to the compiled app (so taking it equals decoding it).
    @Test func aCompiledDefinitionIsTakenOnlyForItsExactText() throws {
        let apps = CompiledAssets.catalogue.apps
        #expect(CompiledAssets.catalogueJSON.count == apps.count, Self.stale)
        for (app, text) in zip(apps, CompiledAssets.catalogueJSON) {
            #expect(try JSONDecoder().decode(AppDefinition.self, from: Data(text.utf8)) == app)
            #expect(try CompiledAssetsSource.definitionJSON(app) == text, Self.stale)
            #expect(BundledAssets.compiledDefinition(app.id, json: text) == app)
            // Another app's id, a changed byte, an older definition: not taken.
            #expect(BundledAssets.compiledDefinition(app.id + "x", json: text) == nil)
            #expect(BundledAssets.compiledDefinition(app.id, json: text + " ") == nil)
            var older = app
            older.summary += " (older)"
            #expect(BundledAssets.compiledDefinition(app.id, json: try CompiledAssetsSource.definitionJSON(older)) == nil)
        }
    }

    /// The committed file is the generator's output for today's YAML, byte for byte; the
    /// golden files' variable re-records it (`GoldenFile`: 1 writes and fails, naming it;
    /// accept writes and warns; neither under CI).
    @Test func theCommittedSourceIsTheGeneratorsOutput() throws {
        let expected = try CompiledAssetsSource.text(tenant: try Self.loadedTenant(), catalogue: try Self.loadedCatalogue())
        GoldenFile.check(expected, file: Self.sourceFile, name: "Sources/Configuration/Loading/CompiledAssets.swift")
    }

    @Test func aLiteralKeepsQuotesBackslashesAndControlCharactersAsText() {
        #expect(CompiledAssetsSource.literal(#"a "b" \(c) é"#) == #""a \"b\" \\(c) é""#)
        #expect(CompiledAssetsSource.literal("x\ny\u{7}") == #""x\ny\u{7}""#)
    }
}
