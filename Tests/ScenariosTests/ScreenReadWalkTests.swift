import Configuration
import Foundation
import HubUI
import SessionEngine
import Testing
@testable import Scenarios

/// A walk that follows the screen, not a script: at 80x24 it reads what the panel tells the
/// person to press (the turn line's keys, the hint line's "next step" and "let them try") and
/// presses exactly that, as a newcomer would. Every shipped race is walked from its hand-over
/// to the end its panel announces; every shipped lesson through its first three steps, each
/// step with actions handed to the class (`d`) so its keys come from the turn line too.
@Suite struct ScreenReadWalkTests {
    /// The shipped tenant's passwords are the user names (Assets/tenant.yaml), which a trainee is told.
    struct Walker {
        var session: LessonSession
        var pressed: [String] = []
        /// The user name typed last: the password the shipped tenant gives that user.
        var lastUser: String?

        var player: LessonPlayer { session.player! }
        var screen: [String] { player.render(width: 80, height: 24).grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

        mutating func press(_ key: Key) {
            pressed.append(key.displayName)
            _ = session.handle(.key(key), shown: nil)
        }

        /// The turn line on screen (`Your turn, 1 of 3 done: F8 (releaseDelivery)`), if one shows.
        var turnLine: String? {
            for line in screen {
                guard let r = line.range(of: #"(Your|Class's) turn(, \d+ of \d+ done)?: "#, options: .regularExpression) else { continue }
                return String(line[r.upperBound...]).trimmingCharacters(in: CharacterSet(charactersIn: " │"))
            }
            return nil
        }

        /// The key the hint line gives for `words` (`Space next step`), or a click on the
        /// panel's button with that label (`Next ▶`) where the hint line has no room for it.
        mutating func pressOffered(_ words: String, button: String) -> Bool {
            let rows = screen
            if let hint = rows.last, let r = hint.range(of: " " + words),
               let name = hint[..<r.lowerBound].split(separator: " ").last, let key = Self.key(String(name)) {
                press(key)
                return true
            }
            for (y, row) in rows.enumerated() {
                guard let r = row.range(of: button) else { continue }
                let x = row[..<r.lowerBound].count
                pressed.append("click " + button)
                _ = session.handle(.mouse(MouseEvent(x: x, y: y)), shown: player.render(width: 80, height: 24))
                return true
            }
            return false
        }

        /// A key as the screen names it (`Enter`, `F8`, `^R`, `↓`, `y`).
        static func key(_ name: String) -> Key? {
            let arrows: [String: Key] = ["↑": .up, "↓": .down, "←": .left, "→": .right]
            return arrows[name] ?? Key(name: name)
        }

        /// Presses the keys a turn line names: key names, `×n` repeats, `type TEXT`, and a
        /// secret's word (`password`) typed as the person's own.
        mutating func follow(_ line: String) -> Bool {
            let words = (line.components(separatedBy: " (").first ?? line).split(separator: " ").map(String.init)
            guard !words.isEmpty else { return false }
            var last: Key?
            var typedUser: String?
            for word in words {
                if word == "type" { continue }
                if word.hasPrefix("×"), let n = Int(word.dropFirst()), let key = last {
                    for _ in 1..<n { press(key) }
                    continue
                }
                if word == "password" {
                    for c in typedUser ?? lastUser ?? player.model.device.state.user.map { "\($0)" } ?? "" { press(.char(c)) }
                    continue
                }
                // A named key (`Enter`, `F8`, `^R`, an arrow) or one letter; a longer word is typed.
                if let key = Self.key(word) { press(key); last = key; continue }
                typedUser = word
                if word != word.uppercased() { lastUser = word }
                for c in word { press(.char(c)) }
            }
            return true
        }

    }

    static func race(_ name: String) throws -> Race {
        let file = try #require(BundledAssets.raceFiles().first { $0.name == name })
        return try RaceParser(scenarios: Fixtures.parser()).load(.bundled(file))
    }

    static let races = BundledAssets.raceFiles().map(\.name)
    static let lessons = BundledAssets.lessonFiles().map(\.name)

    @Test(arguments: races) func everyRaceIsWalkedByTheKeysItsPanelNames(_ name: String) throws {
        let race = try Self.race(name)
        var w = Walker(session: LessonSession(playing: race.lesson, dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher),
                                              theme: .mono, width: 80, height: 24, wording: .races))
        for _ in 0..<60 {
            let screen = w.screen.joined(separator: "\n")
            if screen.contains("End of the race") { break }
            #expect(!screen.contains("Wait for the trainer"), "\(name): a race has no trainer\n\(screen)")
            #expect(!screen.contains("The lesson is over"), "\(name)\n\(screen)")
            if let line = w.turnLine {
                let before = w.player.model.actionLog.count
                let followed = w.follow(line)
                #expect(followed, "\(name): no keys in '\(line)'\n\(screen)")
                if w.player.model.actionLog.count == before { Issue.record("\(name): '\(line)' did nothing\n\(screen)"); return }
            } else if !w.pressOffered("next step", button: "Next ▶") {
                Issue.record("\(name): the screen names no key to press\n\(screen)")
                return
            }
            #expect(!w.player.panel.isOffTrack, "\(name): the keys the panel named went off track: \(w.pressed)\n\(w.screen.joined(separator: "\n"))")
        }
        let end = w.screen.joined(separator: "\n")
        #expect(end.contains("End of the race: [ steps back, q quits."), "\(name)\n\(end)")
        #expect(w.player.isAtEnd)
        #expect(w.player.results.joined().allSatisfy { $0.failure == nil }, "\(name): \(w.player.results.joined().compactMap(\.failure).map(\.message))")
        // After the end, one thing is said: the end again, never a trainer's line.
        w.press(.function(5))
        let after = w.screen.joined(separator: "\n")
        #expect(after.contains("End of the race: [ steps back, q quits.") && !after.contains("lesson"), "\(name)\n\(after)")
    }

    @Test(arguments: lessons) func everyLessonsFirstThreeStepsAreWalkedByTheKeysOnScreen(_ name: String) throws {
        let file = try #require(BundledAssets.lessonFiles().first { $0.name == name })
        let lesson = try Fixtures.runner().lessons.load(.bundled(file))
        var w = Walker(session: LessonSession(playing: lesson, dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher),
                                              theme: .mono, width: 80, height: 24))
        var handed = 0
        for _ in 0..<80 where w.player.position < 3 {
            let screen = w.screen.joined(separator: "\n")
            if case .enrolling = w.player.model.device.state, w.turnLine.map({ !$0.contains("type ") }) ?? true {
                // The enrollment's progress runs on the clock: the screen says to wait.
                _ = w.session.handle(.tick(1), shown: nil)
                continue
            }
            if let line = w.turnLine, line.contains(" PIN ") || line.contains(" passcode ") {
                // A PIN the step wants wrong first: nothing on screen says which, so the trainer shows it.
                let shown = w.pressOffered("show them", button: "Show them ▶")
                #expect(shown, "\(name)\n\(screen)")
            } else if let line = w.turnLine {
                let followed = w.follow(line)
                #expect(followed, "\(name): no keys in '\(line)'\n\(screen)")
            } else if screen.contains("Next, the class's turn"), w.pressOffered("let them try", button: "Let them try") {
                handed += 1
            } else if !w.pressOffered("next step", button: "Next ▶") {
                Issue.record("\(name): the screen names no key to press\n\(screen)")
                return
            }
            #expect(!w.player.panel.isOffTrack, "\(name): the keys the panel named went off track: \(w.pressed)\n\(w.screen.joined(separator: "\n"))")
        }
        #expect(w.player.position == 3, "\(name): stopped at step \(w.player.position)\n\(w.screen.joined(separator: "\n"))")
        _ = handed
        #expect(w.player.results.joined().allSatisfy { $0.failure == nil }, "\(name): \(w.player.results.joined().compactMap(\.failure).map(\.message))")
    }

    /// The race of the report: after F8, `F5` is the person's (the panel says "F5"), and → is
    /// not needed; on the turn the panel is about the step to do, with its progress.
    @Test func checkOutBeforeWipeFinishedTakesF5FromThePerson() throws {
        let race = try Self.race("check-out-before-wipe-finished")
        var w = Walker(session: LessonSession(playing: race.lesson, dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher),
                                              theme: .mono, width: 80, height: 24, wording: .races))
        for _ in 0..<4 where !(w.turnLine ?? "").hasPrefix("F8") { if let line = w.turnLine { _ = w.follow(line) } }
        let midway = w.screen.joined(separator: "\n")
        #expect(midway.contains("Your turn, 2 of 3 done: F8 (releaseDelivery)"), "\(midway)")
        w.press(.function(8))
        let clock = w.screen.joined(separator: "\n")
        #expect(clock.contains("Your turn, 0 of 2 done: F5 (advanceClock)"), "\(clock)")
        #expect(clock.contains("│ advanceClock 60, advanceClock 60") && !clock.contains("Watch:"), "\(clock)")
        w.press(.function(5))
        #expect(w.screen.joined(separator: "\n").contains("Your turn, 1 of 2 done: F5 (advanceClock)"))
        w.press(.function(5))
        let end = w.screen.joined(separator: "\n")
        #expect(w.player.isAtEnd && end.contains("End of the race: [ steps back, q quits."), "\(end)")
        #expect(!end.contains("Wait for the trainer"))
    }
}

extension LessonPanel {
    var isOffTrack: Bool { if case .offTrack = mode { true } else { false } }
}

/// The Android lesson's narration uses the panes' words: a callback it names (`onAccountLoaded`,
/// `onAccountChanged`) or a pane line it quotes (`← changed: nil → cou1`) is on the screen at
/// 80x24 when the step is done. It said "told onAccountLoaded(cou1)" while every pane showed
/// `← changed: nil → cou1`.
@Suite struct LessonPaneWordsTests {
    @Test func theAndroidLessonSaysWhatItsPanesShow() throws {
        let file = try #require(BundledAssets.lessonFiles().first { $0.fileName == "android-broadcast-running-apps.yaml" })
        let lesson = try Fixtures.runner().lessons.load(.bundled(file))
        var p = LessonPlayer(lesson: lesson, dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher), theme: .mono)
        _ = p.handle(.resize(width: 80, height: 24), shown: nil)
        var quoted = 0
        while !p.isAtEnd {
            let done = p.perform()
            #expect(done.allSatisfy { $0.failure == nil })
            let narration = [p.panel.watch, p.panel.why].compactMap { $0 }.joined(separator: " ")
            // The panes only: the narration panel would find itself.
            let panes = p.model.render(width: 80, height: 24).grid.text.split(separator: "\n").prefix(16).joined(separator: "\n")
            for name in ["onAccountLoaded", "onAccountChanged"] where narration.contains(name) {
                #expect(panes.contains(name), "step \(p.position) names \(name), which no pane shows:\n\(panes)")
            }
            if let r = narration.range(of: "← ") {
                let quote = String(narration[r.lowerBound...].prefix { $0 != "." }).components(separatedBy: " says").first!
                quoted += 1
                #expect(panes.contains(quote), "step \(p.position) quotes '\(quote)', which no pane shows:\n\(panes)")
            }
        }
        #expect(quoted == 2)
    }
}
