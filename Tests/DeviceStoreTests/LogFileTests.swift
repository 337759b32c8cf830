import Foundation
import Testing
@testable import DeviceStore

/// `--log-file` takes only a regular file, and looking costs no wait: a FIFO with no reader
/// would block a plain open for writing until something read it.
@Suite("Reliability: the log file is a regular file")
struct LogFileTests {
    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let dir = try Fixtures.tempDir()
        let fifo = dir.appendingPathComponent("log").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // A watchdog, not a wait: were the open to block, a reader appearing later releases it,
        // so a regression fails (the open succeeds, late) instead of hanging the run.
        let watchdog = Thread {
            Thread.sleep(forTimeInterval: 3)
            let fd = open(fifo, O_RDONLY | O_NONBLOCK)
            if fd >= 0 { Thread.sleep(forTimeInterval: 1); close(fd) }
        }
        watchdog.start()
        let started = Date()
        #expect(throws: StoreError.self) { _ = try LogFile(path: fifo) }
        do { _ = try LogFile(path: fifo) } catch {
            #expect(error.description == "cannot open the log file \(fifo) (it is not a regular file (a terminal, device, FIFO or socket)): give --log-file a file in an existing directory you can write to, or leave --log-file out")
        }
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test func aDeviceIsRefused() {
        #expect(throws: StoreError.self) { _ = try LogFile(path: "/dev/null") }
    }

    @Test func aRegularFileIsAppendedTo() throws {
        let path = try Fixtures.tempDir().appendingPathComponent("hubsim.log").path
        try Data("earlier\n".utf8).write(to: URL(fileURLWithPath: path))
        try LogFile(path: path).append("later")
        #expect(FileManager.default.contents(atPath: path) == Data("earlier\nlater\n".utf8))
    }
}
