import Foundation
import FuzzSupport
import HubUI
import Testing
@testable import Classroom
#if canImport(Glibc)
import Glibc
#endif

/// The child's end of the control pipe is read by the frame loop itself, when the pipe's input
/// wakes it: whatever has come is taken without waiting, and a classroom that closed its end
/// stops waking the loop.
@Suite struct SeatControlTests {
    @Test("what came is taken whole and in order; an empty pipe answers at once; a closed one stops waking the loop")
    func takeWithoutWaiting() async throws {
        var ends: [Int32] = [-1, -1]
        // Close-on-exec: a program another test starts must not keep the write end open for its life.
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        let control = try #require(SeatControl(descriptor: ends[0]))
        defer { close(ends[0]) }
        #expect(control.wakeDescriptor == ends[0])
        // Nothing came: no wait (a blocking read would hang this test).
        #expect(control.take().isEmpty)
        // Two orders, the second split across writes: the first whole, the second once its end came.
        let lead = ControlLine.lead(.lead(step: 2)), reset = Array(ControlLine.reset.utf8)
        Self.write(ends[1], Array(lead.utf8) + reset[..<5])
        #expect(control.take() == [.lead(.lead(step: 2))])
        Self.write(ends[1], Array(reset[5...]))
        #expect(control.take() == [.reset])
        close(ends[1])
        // The end of file comes once no process holds the other end: a program another test
        // spawns at this moment holds a copy between its fork and its exec (close-on-exec).
        let ended = try await Poll.until(Date().addingTimeInterval(5)) { control.take().isEmpty && control.wakeDescriptor == nil }
        #expect(ended, "the closed pipe still wakes the loop")
    }

    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }
}
