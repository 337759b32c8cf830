@testable import Classroom
import Foundation
import HubUI
import Testing

/// The classroom's events onto the trainer's tiles (`ClassSeats`, then the console), and the
/// lead a restarted class resumes (`ClassLeadFile`): pure, event in, screen out.
@Suite("Classroom: seats on the console, and the kept lead")
struct ClassSeatsTests {
    static func console(_ seats: [TraineeSeat], step: Int = 0) -> ClassroomConsole {
        var c = ClassroomConsole(className: "ws1-shift-change", joinLine: "ssh -p 2222 NAME@127.0.0.1   code 7KQ-42M",
                                 lesson: (title: "Workspace ONE shift change", steps: 9), width: 80, height: 24)
        c.resume(step: step, tries: false, held: false)
        c.tick(second: 100)
        for seat in seats { c.update(seat: seat) }
        return c
    }

    static let status = TraineeStatus(step: 2, steps: 9, state: "checked out", user: "worker1@contoso.com", lessonTitle: "Workspace ONE shift change")

    @Test("a client that stops reading shows 'not reading' on its tile; reading again shows it here, timed from then")
    func notReadingTile() {
        var seats = ClassSeats()
        #expect(seats.apply(.joined("ana"), at: 10) == "ana")
        #expect(seats.apply(.status("ana", Self.status), at: 11) == "ana")
        #expect(seats.seats["ana"]?.link == .connected(since: 11))
        #expect(seats.apply(.notReading("ana"), at: 40) == "ana")
        #expect(seats.seats["ana"]?.link == .notReading(since: 40))
        let stalled = Self.console([seats.seats["ana"]!]).render(width: 80, height: 24)
        // The whole screen is the one a seat that is not reading draws.
        let expected = TraineeSeat(name: "ana", link: .notReading(since: 40), lastInputSecond: 10, status: Self.status)
        #expect(stalled == Self.console([expected]).render(width: 80, height: 24))
        #expect(stalled.lines[5].contains("not reading 1m"), "\(stalled.text)")

        #expect(seats.apply(.reading("ana"), at: 90) == "ana")
        #expect(seats.seats["ana"]?.link == .connected(since: 90))
        let again = Self.console([seats.seats["ana"]!]).render(width: 80, height: 24)
        #expect(!again.text.contains("not reading"))
        #expect(again.lines[5].contains("here 10s"), "\(again.text)")
        // Reading again does not bring back a trainee who has left meanwhile.
        _ = seats.apply(.notReading("ana"), at: 95)
        _ = seats.apply(.away("ana"), at: 96)
        _ = seats.apply(.reading("ana"), at: 97)
        #expect(seats.seats["ana"]?.link == .away(since: 96))
        // A frame is the mirror's: no tile changes.
        #expect(seats.apply(.frame("ana", CellGrid(width: 1, height: 1)), at: 98) == nil)
    }

    @Test("a restarted class shows each kept trainee away, at their kept step, before anyone joins")
    func resumedTiles() {
        var seats = ClassSeats()
        let names = seats.resume([SeatFile(lesson: "ws1-shift-change", position: 2, trainee: "ana"),
                                  SeatFile(lesson: "ws1-shift-change", position: 5, trainee: "bo")])
        #expect(names == ["ana", "bo"])
        #expect(seats.seats["ana"] == TraineeSeat(name: "ana", link: .away(since: 0), keptStep: 2))
        let screen = Self.console(names.compactMap { seats.seats[$0] }, step: 2).render(width: 80, height: 24)
        #expect(screen.text.contains("step 2 of 9"), "\(screen.text)")
        #expect(screen.text.contains("step 5 of 9"))
        #expect(screen.lines[5].contains("away 1m, device kept"), "\(screen.text)")
        #expect(screen.lines[7].contains("as before the restart"))
        #expect(!screen.text.contains("No trainee yet"))
        // Rejoining: the device's own report replaces the kept step.
        _ = seats.apply(.joined("ana"), at: 120)
        _ = seats.apply(.status("ana", Self.status), at: 121)
        #expect(seats.seats["ana"]?.link == .connected(since: 121))
        #expect(seats.seats["ana"]?.status == Self.status)
    }

    @Test("the device files a restart resumes: this lesson's, under a good name")
    func keptDevices() throws {
        let folder = NSTemporaryDirectory() + "hubsim-seats-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try SeatFile(lesson: "ws1-shift-change", position: 3, trainee: "bo").write(to: folder + "/bo.device")
        try SeatFile(lesson: "ws1-shift-change", position: 1, trainee: "ana").write(to: folder + "/ana.device")
        try SeatFile(lesson: "other-lesson", position: 1, trainee: "cy").write(to: folder + "/cy.device")
        try "not json".write(toFile: folder + "/dee.device", atomically: true, encoding: .utf8)
        try SeatFile(lesson: "ws1-shift-change", position: 1, trainee: "eve").write(to: folder + "/Eve.device")
        #expect(ClassSeats.kept(in: folder, lesson: "ws1-shift-change").map(\.trainee) == ["ana", "bo"])
    }

    @Test("the trainer's lead is kept owner-only and resumed; a hold keeps the step; another lesson's starts at 0")
    func keptLead() throws {
        let folder = NSTemporaryDirectory() + "hubsim-lead-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fresh = ClassLeadFile.load(folder: folder, lesson: "ws1-shift-change", steps: 9)
        #expect(fresh == ClassLeadFile.Loaded(lead: ClassLeadFile(lesson: "ws1-shift-change"), line: nil, path: folder + "/class.lead"))
        let held = fresh.lead.following(.lead(step: 1)).following(.tryIt(step: 2)).following(.hold)
        #expect(held == ClassLeadFile(lesson: "ws1-shift-change", step: 2, tries: true, held: true))
        #expect(held.lead == .hold)
        #expect(held.following(.tryIt(step: 2)).lead == .tryIt(step: 2))
        try held.write(to: folder + "/class.lead")
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/class.lead")[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let resumed = ClassLeadFile.load(folder: folder, lesson: "ws1-shift-change", steps: 9)
        #expect(resumed.lead == held)
        #expect(resumed.line == "class resumed at step 2 of 9; everyone holds")
        let other = ClassLeadFile.load(folder: folder, lesson: "ws1-check-in", steps: 4)
        #expect(other.lead == ClassLeadFile(lesson: "ws1-check-in"))
        #expect(other.line == "class.lead is for lesson 'ws1-shift-change'; the class starts at step 0")
    }

    @Test("a corrupt lead file is kept aside, never overwritten, and the class starts at step 0 with one line")
    func corruptLead() throws {
        let folder = NSTemporaryDirectory() + "hubsim-lead-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (i, text) in ["{\"lesson\": \"ws1-shift-ch", "{\"lesson\":\"ws1-shift-change\",\"step\":12,\"tries\":false,\"held\":false}"].enumerated() {
            try text.write(toFile: folder + "/class.lead", atomically: true, encoding: .utf8)
            let now = Date(timeIntervalSince1970: Double(1_700_000_000 + i))
            let loaded = ClassLeadFile.load(folder: folder, lesson: "ws1-shift-change", steps: 9, now: now)
            let aside = "class.lead.corrupt-\(1_700_000_000 + i)"
            #expect(loaded.lead == ClassLeadFile(lesson: "ws1-shift-change"))
            #expect(loaded.line == "class.lead cannot be read (kept as \(aside)); the class starts at step 0")
            #expect(loaded.path == folder + "/class.lead")
            #expect(try String(contentsOfFile: folder + "/" + aside, encoding: .utf8) == text)
            #expect(!FileManager.default.fileExists(atPath: folder + "/class.lead"))
        }
    }
}
