@testable import SessionEngine
import Testing

/// The Workspace ONE SDK's optional data-access callbacks at the inactivity lock and its
/// unlock: sent, in the SDK's order, only to a running program that said at `initialize` it
/// implements them; a suspended program and one that never said get none.
@Suite struct DataAccessLockTests {
    static let all = [API.willPromptForPasscode, API.didLockDataAccess, API.didUnlockDataAccess]

    /// A program running in the foreground after its cold launch, its launch events answered.
    static func running(implements callbacks: [String]) -> SharedDevice {
        var d = AppPortTests.staged(.workspaceOne, AppPortTests.wsApp)
        _ = d.checkOut("cou1")
        _ = d.launch("mine")
        d.appImplements("mine", optionalCallbacks: callbacks)
        _ = AppPortTests.answerAll(&d)
        return d
    }

    @Test func aProgramThatImplementsThemHearsWillPromptAndLockAtTheLockThenUnlock() {
        var d = Self.running(implements: Self.all)
        #expect(d.app("mine")!.process?.optionalCallbacks == Set(Self.all))
        #expect(d.advanceClock(by: 3600) == .success(.locked("cou1")))
        #expect(AppPortTests.answerAll(&d) == [API.willPromptForPasscode, API.didLockDataAccess])
        #expect(d.unlock("cou1").map { _ in true } == .success(true))
        #expect(AppPortTests.answerAll(&d) == [API.didUnlockDataAccess])
        let log = d.log.entries.compactMap { $0.app == "mine" && $0.kind == .callback ? $0.text : nil }
        #expect(log.suffix(3) == ["mine ← \(API.willPromptForPasscode)", "mine ← \(API.didLockDataAccess)", "mine ← \(API.didUnlockDataAccess)"])
    }

    @Test func aProgramThatNeverSaidHearsNothingAtTheLockOrTheUnlock() {
        var d = Self.running(implements: [])
        #expect(d.advanceClock(by: 3600) == .success(.locked("cou1")))
        #expect(d.unlock("cou1").map { _ in true } == .success(true))
        #expect(AppPortTests.answerAll(&d) == [])
    }

    @Test func onlyTheCallbacksItNamesAreSentAndUnknownNamesAreIgnored() {
        var d = Self.running(implements: [API.didUnlockDataAccess, "controllerDidSomethingElse"])
        #expect(d.app("mine")!.process?.optionalCallbacks == [API.didUnlockDataAccess])
        _ = d.advanceClock(by: 3600)
        #expect(AppPortTests.answerAll(&d) == [])
        _ = d.unlock("cou1")
        #expect(AppPortTests.answerAll(&d) == [API.didUnlockDataAccess])
    }

    @Test func aSuspendedProgramRunsNoCodeAndMissesThem() {
        var d = Self.running(implements: Self.all)
        _ = d.suspend("mine")
        _ = AppPortTests.answerAll(&d)
        #expect(d.advanceClock(by: 3600) == .success(.locked("cou1")))
        #expect(d.unlock("cou1").map { _ in true } == .success(true))
        #expect(AppPortTests.answerAll(&d) == [])
    }
}
