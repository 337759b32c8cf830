import Configuration
import Foundation
import FuzzSupport
import SessionEngine
import Testing
@testable import Scenarios

/// Scenarios whose app is a real program over the bridge (Tests/BridgeApps/orders.py, run
/// with python3): the runner settles the program after every step, and the expectations and
/// the leak audit judge it as they judge the catalogue's apps.
@Suite(.offThePool) struct BridgeScenarioTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("BridgeApps")

    static func run(_ file: String, added: [String] = []) async throws -> ScenarioResult {
        let apps = try added.map { try CommandLineApp.parse($0, directory: folder.path) }
        let runner = try ScenarioRunner(parallel: false, addedApps: apps)
        return await runner.run(files: [folder.appendingPathComponent(file).path]).results[0]
    }

    @Test func theRightProgramPasses() async throws {
        let result = try await Self.run("orders-no-leak.yaml")
        #expect(result.passed, "\(result.failedStep?.failure?.message ?? "") \(result.screen ?? "")")
    }

    @Test func theLeakyProgramIsCaughtWithItsLeak() async throws {
        let leak = try await Self.run("orders-leak.yaml")
        #expect(leak.passed, "\(leak.failedStep?.failure?.message ?? "") \(leak.screen ?? "")")
        // The same program in the right app's scenario fails at its leak assertion.
        let swapped = try await Self.run("orders-no-leak.yaml", added: ["orders=python3 orders.py --leaky"])
        #expect(!swapped.passed)
        let failed = try #require(swapped.failedStep)
        #expect(failed.step.kind.isNoLeak, "\(failed.failure?.message ?? "")")
        #expect(failed.failure?.actual.contains("cou1") == true, "\(failed.failure?.actual ?? "")")
    }

    @Test func aProgramEntryIsReadWithItsFolder() throws {
        let parser = ScenarioParser(catalogue: try BundledAssets.catalogue())
        let scenario = try parser.load(contentsOf: Self.folder.appendingPathComponent("orders-no-leak.yaml"))
        let orders = try #require(scenario.apps.first { $0.id == "orders" })
        #expect(orders.sdk == .workspaceOne(.none))
        #expect(orders.external?.workingDirectory == Self.folder.standardizedFileURL.path)
        #expect(orders.external?.timeout == 5000)
        #expect(scenario.apps.map(\.id) == ["notes", "orders"])
    }

    @Test func aCatalogueAppListedAsAnEntryOfItsOwnIsRefused() throws {
        let parser = ScenarioParser(catalogue: try BundledAssets.catalogue())
        let yaml = "profile: workspace-one\napps:\n  - {id: notes, sdk: none}\nsteps:\n  - goOffline\n"
        #expect(throws: ConfigError.self) { try parser.parse(yaml, file: "s.yaml") }
        do { _ = try parser.parse(yaml, file: "s.yaml") } catch {
            #expect(error.line == 3 && error.message.hasPrefix("app 'notes' is the catalogue's"), "\(error)")
        }
    }
}

private extension StepKind {
    var isNoLeak: Bool { if case .expectNoLeak = self { true } else { false } }
}
