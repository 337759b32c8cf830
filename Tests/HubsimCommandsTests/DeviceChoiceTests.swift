import ArgumentParser
import Configuration
import SessionEngine
import Testing
@testable import HubsimCommands

/// What the device options mean: the profile validated, the app list split, the options mapped.
@Suite struct DeviceChoiceTests {
    @Test func everyOptionReachesTheChoice() throws {
        let options = try DeviceOptions.parse(["--profile", "entra-ios", "--tenant", "t.yaml", "--apps", "a,b",
                                               "--device", "till", "--state-dir", "/s", "--ephemeral", "--log-file", "l"])
        #expect(options.choice == DeviceChoice(profile: "entra-ios", tenant: "t.yaml", apps: "a,b", device: "till",
                                               stateDir: "/s", ephemeral: true, logFile: "l"))
    }

    @Test func theProfileIsValidatedWithTheValidChoices() throws {
        #expect(try DeviceChoice().profileID() == nil)
        #expect(try DeviceChoice(profile: "entra-ios").profileID() == .entraIOS)
        #expect(try DeviceChoice(profile: "workspace-one").profileID() == .workspaceOne)
        do {
            _ = try DeviceChoice(profile: "android").profileID()
            Issue.record("an unknown profile was accepted")
        } catch let error as ValidationError {
            #expect(error.message == "unknown profile 'android'; valid: workspace-one, entra-ios")
        }
    }

    @Test func theAppListIsSplitTrimmedAndEmptyItemsDropped() {
        #expect(DeviceChoice().appIDs == nil)
        #expect(DeviceChoice(apps: " notes , scanner,,").appIDs == ["notes", "scanner"])
        #expect(DeviceChoice(apps: "").appIDs == [])
    }

    @Test func theBundledTenantIsTheDefault() throws {
        let tenant = try DeviceChoice().loadTenant()
        #expect(tenant == (try BundledAssets.tenant()))
    }
}
