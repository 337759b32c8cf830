@testable import Classroom
import Foundation
import FuzzSupport
import HubUI
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Classroom: a trainee's screen on the control pipe (trainee/frame, class/show, class/watch)", .offThePool)
struct GridLineTests {
    /// A screen with every colour, each attribute, wide characters (one cut at the edge) and
    /// a style change in the middle of a row.
    static func sample() -> CellGrid {
        var grid = CellGrid(width: 30, height: 4)
        grid.put("Hub · checked out", x: 0, y: 0, style: CellStyle(fg: .brightWhite, bg: .blue, bold: true))
        grid.put("名前 ⚡ leak", x: 2, y: 1, style: CellStyle(fg: .red, underline: true))
        grid.put("日本語の", x: 23, y: 2, style: CellStyle(dim: true, reverse: true))
        for (i, colour) in GridLine.colours.enumerated() {
            grid.put("x", x: i, y: 3, style: CellStyle(fg: colour, bg: GridLine.colours[16 - i]))
        }
        return grid
    }

    @Test("a grid with styles and wide characters goes through one JSON line and comes back the same")
    func roundTrip() throws {
        let grid = Self.sample()
        let line = ControlLine.frame(grid)
        #expect(line.hasSuffix("\n") && !line.dropLast().contains("\n"))
        let parsed = try #require(ControlLine.parse(Substring(line.dropLast())))
        #expect(parsed.method == "trainee/frame")
        let back = try #require(ControlLine.decodeFrame(parsed.params))
        #expect(back == grid)
        // Compact: runs of one style, not a cell each (a blank 80x24 screen is one run a row).
        let blank = ControlLine.frame(CellGrid(width: 80, height: 24))
        #expect(blank.utf8.count < 80 * 24 + 24 * 8 + 100)
    }

    @Test("the show carries the grid, or ends with a null name; the watch is on or off")
    func showAndWatch() throws {
        let grid = Self.sample()
        let shown = ControlLine.decodeMessage(Substring(ControlLine.show(name: "ana", grid: grid).dropLast()))
        #expect(shown == .show(name: "ana", grid: grid))
        #expect(ControlLine.decodeMessage(Substring(ControlLine.show(name: "ana", grid: nil).dropLast())) == .show(name: "ana", grid: nil))
        #expect(ControlLine.decodeMessage(Substring(ControlLine.show(name: nil, grid: nil).dropLast())) == .show(name: nil, grid: nil))
        #expect(ControlLine.decodeWatch(Substring(ControlLine.watch(true).dropLast())) == true)
        #expect(ControlLine.decodeWatch(Substring(ControlLine.watch(false).dropLast())) == false)
        #expect(ControlLine.decodeWatch(Substring(ControlLine.reset.dropLast())) == nil)
    }

    @Test("a seat sends frames only while watched, only when changed, at most one per frameInterval")
    func frameBound() async throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { close(ends[1]) }
        let control = try #require(SeatControl(descriptor: ends[0]))
        defer { close(ends[0]) }
        var one = CellGrid(width: 10, height: 2), two = one
        one.put("one", x: 0, y: 0)
        two.put("two", x: 0, y: 0)
        control.frame(one, now: 100)
        // Not watched: nothing went.
        #expect(Self.available(ends[1]) == 0)
        let watch = Array(ControlLine.watch(true).utf8)
        _ = watch.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        let deadline = Date().addingTimeInterval(5)
        // The loop reads the pipe at its next event (`take`).
        while !control.isWatched, Date() < deadline { _ = control.take(); try await Task.sleep(for: .milliseconds(1)) }
        #expect(control.isWatched)
        #expect(control.secondsUntilHeldFrame(now: 100) == nil)
        control.frame(one, now: 100)
        control.frame(two, now: 100.01)  // too soon: held back, and the loop is to wake when it may go
        #expect(abs((control.secondsUntilHeldFrame(now: 100.01) ?? -1) - 0.04) < 1e-9)
        control.frame(one, now: 100.2)   // the same as the last sent: nothing to send, nothing held
        #expect(control.secondsUntilHeldFrame(now: 100.2) == nil)
        control.frame(two, now: 100.3)
        #expect(control.secondsUntilHeldFrame(now: 100.3) == nil)
        let lines = Self.read(ends[1]).split(separator: "\n")
        let grids = lines.compactMap { ControlLine.parse($0).flatMap { ControlLine.decodeFrame($0.params) } }
        #expect(grids == [one, two])
    }

    static func available(_ fd: Int32) -> Int {
        var count: Int32 = 0
        _ = ioctl(fd, UInt(FIONREAD), &count)
        return Int(count)
    }

    static func read(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: available(fd))
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return String(decoding: buffer[..<max(0, n)], as: UTF8.self)
    }

    @Test("a malformed or oversized frame is refused whole")
    func malformed() {
        let good = GridLine.encode(CellGrid(width: 3, height: 1))
        #expect(GridLine.decode(good) == CellGrid(width: 3, height: 1))
        var tooWide = good
        tooWide["rows"] = [[0, "abcd"]]
        var short = good
        short["rows"] = [[0, "ab"]]
        var badStyle = good
        badStyle["rows"] = [[1 << 20, "abc"]]
        var cutWide = good
        cutWide["rows"] = [[0, "ab名"]]
        for bad in [tooWide, short, badStyle, cutWide] { #expect(GridLine.decode(bad) == nil) }
        #expect(GridLine.decode(["width": 401, "height": 1, "rows": [[Any]](repeating: [], count: 1)]) == nil)
        #expect(GridLine.decode("not a grid") == nil)
    }
}
