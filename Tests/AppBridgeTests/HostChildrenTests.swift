@testable import AppBridge
import Foundation
import Testing

/// The bridge running inside another program (the test runner, here) is not the subreaper of
/// anything: a child of that program which the bridge did not start is the program's own, and
/// so is its exit status, even once it has ended and a sweep runs.
@Suite struct HostChildrenTests {
    @Test func aSweepLeavesTheHostsEndedChildToTheHost() async throws {
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { argv.forEach { free($0) } }
        #expect(posix_spawn(&pid, "/bin/true", nil, nil, &argv, environ) == 0)
        // Ended, not yet waited for: a zombie child of the runner's.
        #expect(try await Processes.within(5) { Processes.state(pid) == "Z" })
        // A sweep for a program that is not there, which finds nothing alive to end.
        Descendants.endProgram(pid: pid_t.max, mark: "no-such-program", liveMarks: [], spawned: [])
        var status: Int32 = -1
        #expect(waitpid(pid, &status, 0) == pid, "the sweep took the runner's child")
        #expect(status == 0)
    }
}
