import SessionEngine
import Testing
@testable import Configuration

/// The shipped files are found beside the binary, in this module's resource bundle.
@Suite struct BundledAssetsTests {
    @Test func theAssetsAreFoundInTheConfigurationBundle() throws {
        let dir = try #require(BundledAssets.assetsDirectory)
        #expect(dir.hasSuffix("/hubsim_Configuration.resources/Assets"))
        #expect(try BundledAssets.text("tenant.yaml").contains("FRONTLINE"))
        #expect(BundledAssets.scenarioURLs().count >= 20)
        #expect(BundledAssets.scenarioURLs().allSatisfy { $0.pathExtension == "yaml" })
    }

    @Test func aMissingAssetIsAConfigError() {
        #expect(throws: ConfigError(file: "Assets/nope.yaml", line: 1, column: 1, message: "the bundled asset is missing from this build")) {
            try BundledAssets.text("nope.yaml")
        }
    }

    @Test func aTenantFileIsReadByPathAndAMissingOneSaysWhy() throws {
        let dir = try #require(BundledAssets.assetsDirectory)
        let tenant = try TenantLoader.load(path: dir + "/tenant-strict.yaml")
        #expect(tenant.policy.appPasscodeMinLength == 4)
        #expect(throws: ConfigError(file: "/nonexistent/t.yaml", line: 1, column: 1,
                                    message: "cannot read the tenant file: no such file or directory")) {
            try TenantLoader.load(path: "/nonexistent/t.yaml")
        }
    }
}
