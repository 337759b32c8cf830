import Testing
@testable import HubsimCommands

/// `HUBSIM_STARTUP_TRACE` dates the process's start from `/proc/self/schedstat`; its line is
/// read byte by byte (`StartupTrace.schedstatSum`), so the reading must match the format.
@Suite struct StartupTraceTests {
    static func sum(_ line: String) -> UInt64? {
        Array(line.utf8).withUnsafeBufferPointer { StartupTrace.schedstatSum($0) }
    }

    @Test func theRunningAndWaitingTimesAreAdded() {
        #expect(Self.sum("3461234 51000 12\n") == 3_512_234)
        #expect(Self.sum("18446744073 0 1\n") == 18_446_744_073)
        // Two fields only, with or without the newline.
        #expect(Self.sum("5 7") == 12)
        #expect(Self.sum("5 7\n") == 12)
    }

    @Test func aLineThatDoesNotStartWithTwoNumbersIsRefused() {
        #expect(Self.sum("") == nil)
        #expect(Self.sum("12\n") == nil)
        #expect(Self.sum(" 12 13 1\n") == nil)
        #expect(Self.sum("12  13 1\n") == nil)
        #expect(Self.sum("x 13 1\n") == nil)
    }
}
