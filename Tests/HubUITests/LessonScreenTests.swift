import HubUI
import SessionEngine
import Testing

/// The lesson's narration panel (Docs/lessons.md) in its four modes over the simulator, and the
/// lesson picker, as golden screens at 80x24 and 120x40.
@Suite struct LessonScreenTests {
    static let narration = LessonPanel(
        lessonTitle: "Workspace ONE shift change", position: 7, count: 9, title: "cou1 logs out",
        watch: "Checked in, yet Notes still holds cou1's items and heard nothing.",
        why: "The Hub enters checked-in at once but cannot tell the other apps.", ref: "004 Notes (Check-in isn't broadcast)",
        next: "cou2 checks out (checkOut cou2)", nextTry: "type FRONTLINE, cou2, cou2 (Enter after each)", nextTryable: true)

    static func screen(_ mode: LessonPanel.Mode, next: String? = narration.next) -> HubModel {
        var m = Fixtures.model()
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        var panel = narration
        panel.mode = mode
        panel.next = next
        m.lesson = panel
        return m
    }

    static let screens: [(name: String, model: @Sendable () -> HubModel)] = [
        ("lesson-narration", { screen(.showing) }),
        ("lesson-class-turn", { screen(.waiting(keys: "type FRONTLINE Enter cou2 Enter password Enter (checkOut cou2)", done: 0, of: 1)) }),
        ("lesson-off-track", { screen(.offTrack(message: "The class did launch forms, not checkOut cou2: [ undoes it, → shows them.")) }),
        ("lesson-finished", { screen(.finished, next: nil) }),
    ]

    @Test(arguments: screens.map(\.name))
    func panelMatchesGolden(name: String) {
        let model = Self.screens.first { $0.name == name }!.model()
        for (w, h) in [(80, 24), (120, 40)] { Golden.check("\(name)-\(w)x\(h)", model.render(width: w, height: h)) }
    }

    static let menu = LessonMenu(entries: [
        .init(name: "entra-shared-device-mode", title: "Entra shared device mode",
              description: "cou1 signs out globally. Chat hears it, Mail learns later, Tasks never checks."),
        .init(name: "ws1-offline", title: "Offline check-out and offline unlock",
              description: "The device loses its network. What still works, what does not, and what the class sees."),
        .init(name: "ws1-shift-change", title: "Workspace ONE shift change",
              description: "cou1 checks out, works and logs out; cou2 checks out. Watch who tells the apps."),
    ])

    @Test func pickerMatchesGolden() {
        var menu = Self.menu
        #expect(menu.handle(.down) == .none)
        for (w, h) in [(80, 24), (120, 40)] { Golden.check("lesson-picker-\(w)x\(h)", menu.render(width: w, height: h)) }
    }

    @Test func pickerKeysAndClicksChooseALesson() {
        var menu = Self.menu
        #expect(menu.handle(.up) == .none && menu.selection == 0)
        #expect(menu.handle(.char("j")) == .none && menu.selection == 1)
        #expect(menu.handle(.enter) == .start(1))
        #expect(menu.handle(.char("q")) == .quit)
        let frame = menu.render(width: 80, height: 24)
        let third = frame.hitMap.regions.first { $0.target == .menuItem(2) }!
        #expect(menu.click(frame.hitMap.target(x: third.rect.x + 3, y: third.rect.y)) == .start(2))
        #expect(menu.selection == 2)
    }

    @Test func thePanelsButtonsAreItsKeys() {
        let frame = Self.screen(.showing).render(width: 80, height: 24)
        let targets = frame.hitMap.regions.map(\.target)
        for command in [UIIntent.lessonBack, .lessonNext, .lessonTry] { #expect(targets.contains(.command(command))) }
        let waiting = Self.screen(.waiting(keys: "x", done: 0, of: 1)).render(width: 80, height: 24).hitMap.regions.map(\.target)
        #expect(waiting.contains(.command(.lessonShow)) && !waiting.contains(.command(.lessonNext)))
    }
}
