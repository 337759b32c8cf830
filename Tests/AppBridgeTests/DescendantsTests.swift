@testable import AppBridge
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The sweep that ends what a program started (`Descendants`) reaps only what it chose to end:
/// a child this process started itself, and waits for, stays its owner's to reap.
@Suite struct DescendantsTests {
    @Test("a program's sweep leaves a child this process started itself: its owner's wait still gets the exit status")
    func aSweepLeavesOurOwnChildren() throws {
        #if os(Linux)
        let arguments = ["/bin/sh", "-c", "exit 7"]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0)
        // Exited and not reaped: a zombie child of this process, as a classroom's trainee is
        // for a moment before its channel reaps it.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !Descendants.table().contains(where: { $0.pid == pid && $0.zombie }) { usleep(10_000) }
        try #require(Descendants.table().contains { $0.pid == pid && $0.zombie && $0.parent == getpid() })
        // A program ends (a pid that has no process, so nothing is below it): the sweep looks at
        // every process, this child among them.
        Descendants.endProgram(pid: pid_t.max, mark: "\(getpid()).test-none", liveMarks: [], spawned: [])
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, 0)
        #expect(reaped == pid, "the sweep reaped it first (errno \(errno))")
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 7)
        #endif
    }
}
