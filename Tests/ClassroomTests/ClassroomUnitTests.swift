@testable import Classroom
import Foundation
import HubUI
import Testing

@Suite("Classroom: names, codes, sizes and the throttle")
struct ClassroomUnitTests {
    @Test func traineeNames() {
        for good in ["ana", "bob.k", "x_1", "9lives", String(repeating: "a", count: 32)] { #expect(TraineeName(good) != nil, "\(good)") }
        for bad in ["", "Ana", ".ana", "-x", "a b", "ana/..", "é", String(repeating: "a", count: 33)] { #expect(TraineeName(bad) == nil, "\(bad)") }
    }

    @Test func classCodes() throws {
        let code = ClassCode.generate()
        #expect(code.shown.count == 7 && code.shown.dropFirst(3).first == "-")
        #expect(code.matches(code.shown))
        #expect(code.matches(code.shown.lowercased().replacingOccurrences(of: "-", with: "")))
        #expect(!code.matches(String(code.shown.dropLast())))
        #expect(!code.matches(""))
        #expect(throws: ClassroomProblem.self) { try ClassCode.chosen(file: nil, environment: ["HUBSIM_CLASS_CODE": "abc"]) }
        #expect(try ClassCode.chosen(file: nil, environment: ["HUBSIM_CLASS_CODE": "LAB-2026"]).matches("lab2026"))
    }

    @Test("a trainee's child gets its terminal and the control pipe, and no other descriptor of the classroom's")
    func theChildInheritsNothingElse() throws {
        // A descriptor opened without close-on-exec, as a library might.
        // (At 64 and above: the shell keeps descriptors of its own, such as 10, below that.)
        let null = open("/dev/null", O_RDONLY)
        let stray = fcntl(null, F_DUPFD, 64)
        close(null)
        #expect(stray >= 64)
        defer { close(stray) }
        let child = try TraineeProcess(arguments: ["/bin/sh", "-c", "for f in /proc/$$/fd/*; do printf '%s ' \"${f##*/}\"; done >&3"],
                                       environment: ["PATH": "/usr/bin:/bin"], width: 80, height: 24)
        defer { close(child.master); child.releaseControl() }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let n = read(child.pipe, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[..<n]
        }
        close(child.pipe)
        var status: Int32 = 0
        _ = waitpid(child.pid, &status, 0)
        let descriptors = Set(String(decoding: bytes, as: UTF8.self).split(separator: " ").compactMap { Int32($0) })
        #expect(descriptors.isSuperset(of: [0, 1, 2, 3]), "\(descriptors.sorted())")
        #expect(!descriptors.contains(stray), "\(descriptors.sorted())")
    }

    /// A session's end lets go of the resize descriptor twice (the connection gone, then the
    /// child's terminal closed, in either order), and a window change may still come in
    /// between: by then the number may be another trainee's terminal or socket, opened since.
    @Test("the resize descriptor is let go once: a window change or a second release after it touches no descriptor opened since")
    func controlReleasedOnce() throws {
        // Tests run in parallel and open descriptors too: tried until the freed number is ours.
        for _ in 0..<50 {
            let child = try TraineeProcess(arguments: ["/bin/sleep", "5"], environment: ["PATH": "/usr/bin:/bin"], width: 80, height: 24)
            defer {
                close(child.master)
                close(child.pipe)
                kill(child.pid, SIGKILL)
                waitpid(child.pid, nil, 0)
            }
            let number = child.control
            let terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
            child.releaseControl()
            // Another trainee's terminal, at the number the descriptor had.
            let other = fcntl(terminal, F_DUPFD_CLOEXEC, number)
            close(terminal)
            guard other == number else {
                close(other)
                continue
            }
            defer { if fcntl(other, F_GETFD) != -1 { close(other) } }
            var before = winsize(), after = winsize()
            _ = ioctl(other, UInt(TIOCGWINSZ), &before)
            child.resize(width: 132, height: 43)
            _ = ioctl(other, UInt(TIOCGWINSZ), &after)
            #expect(after.ws_col == before.ws_col && after.ws_row == before.ws_row, "a late window change resized another terminal to \(after.ws_col)x\(after.ws_row)")
            child.releaseControl()
            #expect(fcntl(other, F_GETFD) != -1, "the second release closed another trainee's terminal")
            return
        }
        Issue.record("the freed descriptor's number was taken by another test 50 times in a row")
    }

    @Test("absurd sizes are clamped to 20x10 .. 400x200")
    func sizesClamped() {
        #expect(TraineeProcess.clamp(width: 0, height: 0) == (20, 10))
        #expect(TraineeProcess.clamp(width: 65535, height: 65535) == (400, 200))
        #expect(TraineeProcess.clamp(width: 80, height: 24) == (80, 24))
    }

    @Test("failures are slowed, doubling, then the pair (address, name) is locked out; others are not")
    func throttle() {
        let throttle = AttemptThrottle()
        var delays: [Double] = []
        for i in 0..<4 {
            let failure = throttle.failed(address: "10.0.0.1", name: "ana", now: Double(i))
            delays.append(failure.delay)
            #expect(!failure.lockedOut)
        }
        #expect(delays == [0.25, 0.5, 1, 2])
        #expect(throttle.failed(address: "10.0.0.1", name: "ana", now: 5).lockedOut)
        #expect(throttle.check(address: "10.0.0.1", name: "ana", now: 6) != .allowed)
        // The same room (one NAT address), another trainee; the same name from elsewhere.
        #expect(throttle.check(address: "10.0.0.1", name: "bob", now: 6) == .allowed)
        #expect(throttle.check(address: "10.0.0.2", name: "ana", now: 6) == .allowed)
        #expect(throttle.check(address: "10.0.0.1", name: "ana", now: 6 + throttle.policy.lockout) == .allowed)
    }

    @Test("the environment kept from a trainee: locale and NO_COLOR only; odd terminal types replaced")
    func environmentKept() {
        #expect(TraineeChannel.keeps("LANG") && TraineeChannel.keeps("LC_ALL") && TraineeChannel.keeps("NO_COLOR"))
        #expect(!TraineeChannel.keeps("LD_PRELOAD") && !TraineeChannel.keeps("HUBSIM_CLASS_CODE") && !TraineeChannel.keeps("PATH"))
        #expect(TraineeChannel.terminalType("xterm-256color") == "xterm-256color")
        #expect(TraineeChannel.terminalType("../../etc/x") == "xterm-256color")
        #expect(TraineeChannel.terminalType("") == "xterm-256color")
    }

    @Test("the control pipe's lines: a status and the classroom's messages round-trip; junk and a runaway line are dropped")
    func controlLines() {
        let status = TraineeStatus(step: 3, steps: 9, state: "checked out", user: "cou1", leaks: 2, handRaised: true, behind: 1, lessonTitle: "Shift")
        let line = ControlLine.status(status)
        #expect(line.hasSuffix("\n") && !line.dropLast().contains("\n"))
        #expect(ControlLine.decodeStatus(Substring(line.dropLast())) == status)
        for lead in [ClassLead.lead(step: 4), .tryIt(step: 5), .hold] {
            #expect(ControlLine.decodeMessage(Substring(ControlLine.lead(lead).dropLast())) == .lead(lead))
        }
        #expect(ControlLine.decodeMessage(Substring(ControlLine.reset.dropLast())) == .reset)
        #expect(ControlLine.decodeMessage(Substring(ControlLine.note(ClassCodeGate.noKeyTaken).dropLast())) == .note(ClassCodeGate.noKeyTaken))
        // Both notes fit the class line at 80 columns beside the class's name.
        for note in [ClassCodeGate.noKeyTaken, ClassCodeGate.keyNotListed] { #expect(note.count <= 58, "\(note)") }
        #expect(ControlLine.decodeMessage("not json") == nil)
        #expect(ControlLine.decodeMessage(#"{"jsonrpc":"2.0","method":"class/lead","params":{"mode":"sideways"}}"#) == nil)
        var splitter = LineSplitter()
        #expect(splitter.feed(Array("a\nb".utf8)) == ["a"])
        #expect(splitter.feed(Array("c\n".utf8)) == ["bc"])
        #expect(splitter.feed([UInt8](repeating: 0x41, count: LineSplitter.longest + 1) + Array("\nok\n".utf8)) == ["ok"])
    }
}
