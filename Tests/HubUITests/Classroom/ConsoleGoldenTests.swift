import HubUI
import Testing

/// The trainer's console, whole grids: 80x24 first (3 trainees, 30 and 40 paged), 200x60 with
/// 100, a trainee's mirrored screen, the three questions, help, and the ASCII forms.
@Suite struct ConsoleGoldenTests {
    typealias F = ConsoleFixtures

    @Test func threeTraineesAt80x24() {
        Golden.check("classroom-3-80x24", F.console(trainees: 3).frame(width: 80, height: 24))
    }

    /// A restarted class at step 3, held: two trainees kept from before the restart (away, at
    /// their kept step), one back and one whose client stopped reading.
    @Test func restartedClassAt80x24() {
        var c = ClassroomConsole(className: "ws1-shift-change", joinLine: "Join: ssh -p 2222 NAME@192.168.1.20  Class code: 7KQ-42M",
                                 lesson: (title: "Workspace ONE shift change", steps: 9), width: 80, height: 24)
        c.resume(step: 3, tries: false, held: true)
        c.tick(second: 75)
        for (name, step) in [("ana", 3), ("bruno", 2), ("chen", 3), ("dara", 1)] {
            c.update(seat: TraineeSeat(name: name, link: .away(since: 0), keptStep: step))
        }
        let status = TraineeStatus(step: 3, steps: 9, state: "checked out", user: "worker1@contoso.com", lessonTitle: "Workspace ONE shift change")
        c.update(seat: TraineeSeat(name: "chen", link: .connected(since: 40), lastInputSecond: 70, status: status, keptStep: 3))
        c.update(seat: TraineeSeat(name: "dara", link: .notReading(since: 60), lastInputSecond: 50, status: status, keptStep: 1))
        #expect(c.lead == .hold)
        Golden.check("classroom-restarted-80x24", c.frame(width: 80, height: 24))
    }

    @Test func noTraineeYet() {
        Golden.check("classroom-0-80x24", F.console(trainees: 0).frame(width: 80, height: 24))
    }

    @Test func thirtyTraineesPagedAt80x24() {
        var c = F.console(trainees: 30)
        Golden.check("classroom-30-page1-80x24", c.frame(width: 80, height: 24))
        _ = c.handle(.key(.pageDown))
        Golden.check("classroom-30-page2-80x24", c.frame(width: 80, height: 24))
    }

    @Test func fortyTraineesLastPageAt80x24() {
        var c = F.console(trainees: 40)
        for _ in 0..<10 { _ = c.handle(.key(.pageDown)) }
        #expect(c.page == 4)
        Golden.check("classroom-40-page5-80x24", c.frame(width: 80, height: 24))
    }

    @Test func hundredTraineesAt200x60() {
        var c = F.console(trainees: 100, width: 200, height: 60)
        Golden.check("classroom-100-page1-200x60", c.frame(width: 200, height: 60))
        _ = c.handle(.key(.pageDown))
        Golden.check("classroom-100-page2-200x60", c.frame(width: 200, height: 60))
    }

    @Test func mirrorOfOneTrainee() {
        var c = F.console(trainees: 3, width: 80, height: 27)
        _ = c.handle(.key(.enter))
        c.mirror(name: "ana", grid: F.traineeScreen())
        let frame = c.frame(width: 80, height: 27)
        Golden.check("classroom-zoom-80x27", frame)
        // Exact cells: the trainee's screen, text and style, from the console's third row.
        let grid = F.traineeScreen()
        for y in 0..<grid.height - 1 { for x in 0..<80 { #expect(frame.grid[x, y + 2] == grid[x, y]) } }
    }

    @Test func mirrorTallerThanTheScreenScrolls() {
        var c = F.console(trainees: 3)
        _ = c.handle(.key(.enter))
        c.mirror(name: "ana", grid: F.traineeScreen())
        Golden.check("classroom-zoom-80x24", c.frame(width: 80, height: 24))
        for _ in 0..<5 { _ = c.handle(.key(.down)) }
        #expect(c.zoomScroll == 3)
        Golden.check("classroom-zoom-scrolled-80x24", c.frame(width: 80, height: 24))
    }

    @Test func theThreeQuestions() {
        var c = F.console(trainees: 3)
        _ = c.handle(.key(.char("r")))
        Golden.check("classroom-confirm-reset-80x24", c.frame(width: 80, height: 24))
        _ = c.handle(.key(.escape))
        _ = c.handle(.key(.char("x")))
        Golden.check("classroom-confirm-disconnect-80x24", c.frame(width: 80, height: 24))
        _ = c.handle(.key(.char("n")))
        _ = c.handle(.key(.function(10)))
        Golden.check("classroom-confirm-quit-80x24", c.frame(width: 80, height: 24))
    }

    @Test func help() {
        var c = F.console(trainees: 3)
        _ = c.handle(.key(.function(1)))
        Golden.check("classroom-help-80x24", c.frame(width: 80, height: 24))
    }

    @Test func asciiWhereTheLocaleIsNotUTF8() {
        var c = F.console(trainees: 3, ascii: true)
        Golden.check("classroom-3-ascii-80x24", c.frame(width: 80, height: 24))
        _ = c.handle(.key(.char("x")))
        Golden.check("classroom-confirm-ascii-80x24", c.frame(width: 80, height: 24))
    }
}

/// NO_COLOR and a locale that is not UTF-8, on the console and on a trainee's screen.
@Suite struct ClassroomMonoAndASCIITests {
    typealias F = ConsoleFixtures

    /// Every frame of the console in the mono theme (`NO_COLOR`) uses no colour at all.
    @Test func theConsoleUsesNoColourUnderNoColor() {
        var c = F.console(trainees: 30)
        c.theme = .mono
        var frames = [c.frame(width: 80, height: 24)]
        _ = c.handle(.key(.char("x"))); frames.append(c.frame(width: 80, height: 24))
        _ = c.handle(.key(.escape)); _ = c.handle(.key(.function(1))); frames.append(c.frame(width: 80, height: 24))
        for frame in frames {
            #expect(frame.grid.cells.allSatisfy { $0.style.fg == .default && $0.style.bg == .default })
        }
    }

    /// In ASCII, nothing the console draws itself is outside ASCII.
    @Test func theConsoleDrawsOnlyASCIIWhereTheLocaleIsNotUTF8() {
        var c = F.console(trainees: 30, ascii: true)
        var frames = [c.frame(width: 80, height: 24)]
        _ = c.handle(.key(.char("r"))); frames.append(c.frame(width: 80, height: 24))
        _ = c.handle(.key(.escape)); _ = c.handle(.key(.function(1))); frames.append(c.frame(width: 80, height: 24))
        for frame in frames {
            let outside = frame.grid.cells.map(\.text).filter { !$0.unicodeScalars.allSatisfy(\.isASCII) }
            #expect(outside.isEmpty, "not ASCII: \(Set(outside))")
        }
    }

    /// A trainee's class line and buttons in ASCII and mono.
    @Test func aTraineesClassLineInASCIIAndMono() {
        var m = Fixtures.model()
        m.theme = .mono
        m.asciiDrawings = true
        m.lesson = LessonPanel(lessonTitle: "A lesson", position: 2, count: 5, title: "A step", next: "The next step", nextTryable: true)
        m.classroom = TraineeClass(className: "ws1", trainee: "ana")
        m.classroom?.apply(.lead(.lead(step: 4)))
        m.classroom?.toggleHand()
        let frame = m.render(width: 80, height: 24)
        let lines = frame.grid.lines
        #expect(lines.contains { $0.hasPrefix(" ws1 - class at step 4 - you are at step 2 of 5 ") })
        #expect(lines.contains { $0.hasPrefix("└─[[hand] up: F12 lowers]─[L leave]──") })
        #expect(frame.grid.cells.allSatisfy { $0.style.fg == .default && $0.style.bg == .default })
    }
}
