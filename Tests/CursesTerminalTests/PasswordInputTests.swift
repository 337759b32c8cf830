import SessionEngine
import Testing
@testable import CursesTerminal
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// The tenant commands' password prompt, fed from a pipe as a script would.
@Suite struct PasswordInputTests {
    @Test func aPasswordIsReadFromAPipeWithoutATerminal() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let line = Array("pipe-password\r\nsecond line\n".utf8)
        #expect(write(fds[1], line, line.count) == line.count)
        close(fds[1])
        defer { close(fds[0]) }
        let secret = try PasswordInput.readNew(for: "x", from: fds[0])
        #expect(secret == Secret("pipe-password"))
    }

    @Test func anEmptyPasswordIsRefused() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[1])
        defer { close(fds[0]) }
        #expect(throws: PasswordInput.Failure.self) { try PasswordInput.readNew(for: "x", from: fds[0]) }
    }

    @Test func aPasswordThatIsNotUTF8IsRefusedWithoutQuotingIt() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let line: [UInt8] = [0x70, 0xff, 0x77, 0x0a]
        #expect(write(fds[1], line, line.count) == line.count)
        close(fds[1])
        defer { close(fds[0]) }
        do {
            _ = try PasswordInput.readNew(for: "x", from: fds[0])
            Issue.record("a password that is not UTF-8 was accepted")
        } catch {
            #expect(error.description == "the password from standard input is not UTF-8")
        }
    }
}
