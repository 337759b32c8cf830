import SessionEngine
import Testing
@testable import Configuration

/// The shipped files are compiled into hubsim (`EmbeddedAssets`): found without any file
/// beside the binary.
@Suite struct BundledAssetsTests {
    @Test func theAssetsAreInTheBuild() throws {
        #expect(try BundledAssets.text("tenant.yaml").contains("FRONTLINE"))
        #expect(BundledAssets.scenarioFiles().count >= 20)
        #expect(BundledAssets.scenarioFiles().allSatisfy { $0.path.hasPrefix("scenarios/") && $0.fileName.hasSuffix(".yaml") })
        #expect(BundledAssets.lessonFiles().count >= 8 && BundledAssets.raceFiles().count >= 9 && BundledAssets.comparisonFiles().count >= 4)
        let lesson = try #require(BundledAssets.lessonFiles().first { $0.name == "ws1-offline" })
        #expect(lesson.path == "lessons/ws1-offline.yaml" && lesson.shownPath == "Assets/lessons/ws1-offline.yaml" && lesson.fileName == "ws1-offline.yaml")
    }

    @Test func aMissingAssetIsAConfigError() {
        #expect(throws: ConfigError(file: "Assets/nope.yaml", line: 1, column: 1, message: "the bundled asset is missing from this build")) {
            try BundledAssets.text("nope.yaml")
        }
    }

    /// A comparison names its scenario relative to itself, as on disk.
    @Test func aSiblingIsFoundByItsRelativePath() throws {
        let comparison = try #require(BundledAssets.comparisonFiles().first)
        #expect(comparison.sibling("../scenarios/ws1-coalescing.yaml")?.path == "scenarios/ws1-coalescing.yaml")
        #expect(comparison.sibling("./../tenant.yaml")?.path == "tenant.yaml")
        #expect(comparison.sibling("../scenarios/nope.yaml") == nil)
        #expect(comparison.sibling("../../../tenant.yaml") == nil)
    }

    @Test func aTenantFileIsReadByPathAndAMissingOneSaysWhy() throws {
        #expect(try TenantLoader.load(yaml: BundledAssets.text("tenant-strict.yaml"), file: "Assets/tenant-strict.yaml").policy.appPasscodeMinLength == 4)
        #expect(throws: ConfigError(file: "/nonexistent/t.yaml", line: 1, column: 1,
                                    message: "cannot read the tenant file: no such file or directory")) {
            try TenantLoader.load(path: "/nonexistent/t.yaml")
        }
    }
}
