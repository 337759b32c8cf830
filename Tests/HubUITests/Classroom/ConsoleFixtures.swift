import HubUI

/// Classes for the console's tests: trainees in every link state, some behind, some leaking,
/// some with a hand up, at class second 900.
enum ConsoleFixtures {
    static let names = ["ana", "bruno", "chen", "dara", "emeka", "farah", "goran", "hana", "ivan", "jo"]

    static func console(trainees: Int, width: Int = 80, height: Int = 24, ascii: Bool = false) -> ClassroomConsole {
        var c = ClassroomConsole(className: "ws1-shift-change", joinLine: "Join: ssh -p 2222 NAME@192.168.1.20  Class code: 7KQ-42M",
                                 lesson: (title: "Workspace ONE shift change", steps: 9), width: width, height: height)
        c.asciiSymbols = ascii
        for _ in 0..<3 { _ = c.handle(.key(.char("n"))) }
        c.tick(second: 900)
        for i in 0..<trainees { c.update(seat: seat(i)) }
        return c
    }

    /// Trainee `i`: a name (numbered past the tenth), a link, a place in the lesson.
    static func seat(_ i: Int) -> TraineeSeat {
        let name = i < names.count ? names[i] : "\(names[i % names.count])\(i / names.count + 1)"
        let link: SeatLink
        switch i % 7 {
        case 3: link = .away(since: 840)
        case 5: link = .crashed(since: 870, reason: "device process ended (signal 11)")
        case 6 where i > 6: link = .notReading(since: 880)
        default: link = i == 9 ? .joining : .connected(since: 60 + i)
        }
        let step = 3 - (i % 4 == 2 ? 1 : 0)
        let user: String? = i % 3 == 0 ? nil : "worker\(i % 3)@contoso.com"
        let status = link == .joining ? nil
            : TraineeStatus(step: step, steps: 9, state: user == nil ? "checked in" : (i % 5 == 4 ? "locked" : "checked out"), user: user,
                            leaks: i % 4 == 1 ? 1 + i % 3 : 0, handRaised: i % 6 == 1, behind: 3 - step, lessonTitle: "Workspace ONE shift change")
        return TraineeSeat(name: name, link: link, lastInputSecond: i % 2 == 0 ? 890 : 600, status: status,
                           handRaisedAt: i % 6 == 1 ? 700 + 10 * (10 - i % 10) : nil)
    }

    /// A trainee's own screen at 80x24 as their device draws it: text and styles to mirror.
    static func traineeScreen() -> CellGrid {
        var g = CellGrid(width: 80, height: 24)
        g.put(" Workspace ONE · ipad-01 · ● online · 09:14 · user: worker1@contoso.com · leaks: 1", x: 0, y: 0,
              style: CellStyle(fg: .black, bg: .cyan))
        for y in 1..<23 { g.put("row \(y) of ana's screen: 🔒 日本 ⚡", x: 2, y: y, style: y % 2 == 0 ? .plain : CellStyle(bold: true)) }
        g.put(" F1 help  Tab next pane  q quit", x: 0, y: 23)
        return g
    }
}
