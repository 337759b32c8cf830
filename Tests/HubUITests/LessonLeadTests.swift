import HubUI
import SessionEngine
import Testing

/// A lesson keeps the lead over the pages its steps open: the Hub's log-out confirmation and
/// help leave it a one-line strip at 80x24 (the whole panel from 36 rows), its keys work
/// there, Enter is its next step, and only "Quit the lesson?" takes the keys from it. The
/// picker scrolls so the chosen lesson is always on screen.
@Suite struct LessonLeadTests {
    static let panel = LessonPanel(
        lessonTitle: "Workspace ONE shift change", position: 6, count: 9, title: "The Hub forecasts the log-out",
        watch: "Each app is forecast: Notes is not told; it wipes at next foreground.",
        why: "Check-in is not broadcast. Each app learns at its next launch or foreground.", ref: "004 Notes",
        next: "cou1 logs out (keys typed)", nextTry: "Enter on Log out", nextTryable: true)

    /// cou1 checked out with Notes and Scanner running, the Hub's log-out confirmation open
    /// (what step 6 of ws1-shift-change shows), the lesson's panel set.
    static func logoutPage(width: Int = 80, height: Int = 24, confirming: Bool = true) -> HubModel {
        var m = Fixtures.model(width: width, height: height)
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab>l<Tab>l<Esc>m" + (confirming ? "<Enter>" : ""))
        m.lesson = panel
        return m
    }

    @Test func theLogOutPageLeavesTheLessonAStripAt80x24AndItsPanelAt120x40() {
        let small = Self.logoutPage()
        #expect(small.page == .logoutConfirm)
        let lines = small.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[22].contains("Lesson step 6/9 · Next, the class's turn: cou1 logs out"), "\(lines[22])")
        #expect(lines.contains { $0.contains("Log out cou1?") })
        #expect(lines.contains { $0.contains("→ goes on; the class answers at its turn (d)") },
                "while the trainer leads, the page is answered by no key")
        Golden.check("lesson-logout-page-80x24", small.render(width: 80, height: 24))
        let large = Self.logoutPage(width: 120, height: 40)
        let text = large.screen()
        #expect(text.contains("The Hub forecasts the log-out") && text.contains("Watch: Each app is forecast"))
        #expect(text.contains("Log out cou1?"))
        Golden.check("lesson-logout-page-120x40", large.render(width: 120, height: 40))
    }

    @Test func helpLeavesTheStripToo() {
        var m = Self.logoutPage(confirming: false)    // the Hub's log-out menu
        m.press("?")
        #expect(m.helpOpen == true)
        let lines = m.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[22].hasPrefix(" Lesson step 6/9 · "))
    }

    @Test func theLessonsKeysWorkOverThePageAndEnterIsItsNextStep() {
        let c = Self.logoutPage().keyContext
        #expect(c.confirming && !c.confirmingQuit)
        #expect(KeyTable.binding(for: .enter, in: c)?.command == .lessonNext)
        #expect(KeyTable.binding(for: .char(" "), in: c)?.command == .lessonNext)
        #expect(KeyTable.binding(for: .right, in: c)?.command == .lessonNext)
        #expect(KeyTable.binding(for: .char("["), in: c)?.command == .lessonBack)
        #expect(KeyTable.binding(for: .char("d"), in: c)?.command == .lessonTry)
        // The page's yes and no are the class's, at its turn.
        #expect(KeyTable.binding(for: .char("y"), in: c) == nil)
        #expect(KeyTable.binding(for: .escape, in: c) == nil)
        // Help open: the lesson's keys still work, and help's own.
        var help = c
        help.confirming = false
        help.helpOpen = true
        #expect(KeyTable.binding(for: .char(" "), in: help)?.command == .lessonNext)
        #expect(KeyTable.binding(for: .escape, in: help)?.command == .help)
        // The class's turn: Enter is theirs (it answers the page).
        var turn = c
        turn.lessonWaiting = true
        #expect(KeyTable.binding(for: .enter, in: turn)?.command == .confirmAction)
        #expect(KeyTable.binding(for: .char("y"), in: turn)?.command == .confirmAction)
        #expect(KeyTable.binding(for: .escape, in: turn)?.command == .back)
        var turnFrame = Self.logoutPage()
        turnFrame.lesson?.mode = .waiting(keys: "Enter (logOut)", done: 0, of: 1)
        #expect(turnFrame.screen().contains("Enter/y log out · Esc/n cancel"))
    }

    @Test func quittingALessonAsksAndTakesEveryKeyUntilAnswered() {
        var m = Self.logoutPage()
        m.askBeforeQuitting()
        let c = m.keyContext
        #expect(c.confirmingQuit)
        #expect(KeyTable.binding(for: .enter, in: c)?.command == .confirmAction)
        #expect(KeyTable.binding(for: .escape, in: c)?.command == .back)
        #expect(KeyTable.binding(for: .char(" "), in: c) == nil)
        #expect(KeyTable.binding(for: .char("["), in: c) == nil)
        let text = m.screen()
        #expect(text.contains("Quit the lesson?"))
        #expect(text.contains("At step 6 of 9. The lesson's device lives in memory only"))
        #expect(text.contains("Enter/y quit · Esc/n cancel"))
        #expect(m.handle(.key(.enter)) == .quit)
    }

    static let six: [LessonMenu.Entry] = (1...6).map {
        LessonMenu.Entry(name: "lesson-\($0)", title: "Lesson number \($0)",
                         description: "A description long enough to take two rows of the picker at eighty columns, as the shipped ones do.")
    }

    @Test func thePickerScrollsSoTheSelectionIsAlwaysOnScreen() {
        var menu = LessonMenu(entries: Self.six)
        let first = menu.render(width: 80, height: 24).grid.text
        #expect(first.contains("▸ Lesson number 1") && !first.contains("Lesson number 6"))
        #expect(first.contains("↓ 2 more below"))
        for n in 2...6 {
            _ = menu.handle(.down)
            let frame = menu.render(width: 80, height: 24)
            #expect(frame.grid.text.contains("▸ Lesson number \(n)"), "selection \(n) visible")
            // Enter starts what is shown selected, and a click on it does the same.
            #expect(frame.hitMap.regions.contains { $0.target == .menuItem(n - 1) })
        }
        let last = menu.render(width: 80, height: 24).grid.text
        #expect(last.contains("↑ 2 more above") && !last.contains("more below"))
        #expect(menu.handle(.enter) == .start(5))
        Golden.check("lesson-picker-scrolled-80x24", menu.render(width: 80, height: 24))
    }
}
