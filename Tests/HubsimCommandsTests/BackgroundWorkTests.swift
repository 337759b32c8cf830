import Foundation
import Testing
@testable import HubsimCommands

/// `BackgroundWork`: the start's store read on a second thread (issue 13).
@Suite struct BackgroundWorkTests {
    private struct Refused: Error, Equatable {}

    @Test func itGivesTheWorksValue() throws {
        let work = BackgroundWork { (1...1000).reduce(0, +) }
        #expect(try work.wait() == 500_500)
        // Asked again, the same value: the thread is joined once.
        #expect(try work.wait() == 500_500)
    }

    @Test func itRethrowsTheWorksError() {
        let work = BackgroundWork { () throws -> Int in throw Refused() }
        #expect(throws: Refused.self) { try work.wait() }
    }

    /// The work runs while the caller goes on: it waits for a signal the caller gives only
    /// after starting it (run on the caller's thread, it would never finish).
    @Test func itRunsBesideTheCaller() throws {
        let go = DispatchSemaphore(value: 0)
        let work = BackgroundWork { () -> Bool in go.wait(timeout: .now() + 10) == .success }
        go.signal()
        #expect(try work.wait())
    }
}
