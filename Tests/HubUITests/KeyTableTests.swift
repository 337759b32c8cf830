import HubUI
import SessionEngine
import Testing

/// Models in every context the key table distinguishes.
enum Contexts {
    static let models: [HubModel] = {
        var list = Screens.all.map { $0.make() }
        var m = Screens.home(); m.press("<F2>"); list.append(m)              // event log view
        m = Screens.stepModeHeld(); list.append(m)                           // step mode, pane focused
        m = Screens.entraSignedOut(); m.press("<Tab>"); list.append(m)       // entra pane, signed out
        m = Screens.entraSignedOut(); m.press("<S-Tab>"); list.append(m)     // entra pane without SSO (forms), signed out
        m = Screens.entraSignedIn(); m.press("<Tab>"); list.append(m)        // entra pane, signed in
        m = Screens.home(); m.press("<F1>"); list.append(m)                  // help
        m = Fixtures.model(); _ = m.handle(.resize(width: 60, height: 20)); list.append(m)  // too small
        m = Screens.home(); m.lesson = Contexts.lesson(.showing); list.append(m)             // a lesson, the trainer leads
        m = Screens.home(); m.lesson = Contexts.lesson(.waiting(keys: "x", done: 0, of: 1)); list.append(m)  // the class's turn
        m = Screens.home(); m.lesson = Contexts.lesson(.waiting(keys: "x", done: 0, of: 1)); m.lesson?.isRace = true; list.append(m)  // a race: your turn
        m = Screens.home(); m.lesson = Contexts.lesson(.showing); m.classroom = TraineeClass(className: "c", trainee: "ana"); list.append(m)  // a class
        return list
    }()
}

extension Contexts {
    /// A lesson's narration panel in the middle of a lesson.
    static func lesson(_ mode: LessonPanel.Mode) -> LessonPanel {
        LessonPanel(lessonTitle: "A lesson", position: 2, count: 5, title: "A step", next: "The next step", nextTryable: true, mode: mode)
    }
}

@Suite struct KeyTableTests {
    @Test func everyBindingIsReachableWithEachOfItsKeys() {
        let contexts = Contexts.models.map(\.keyContext)
        for (i, binding) in KeyTable.bindings.enumerated() {
            for key in binding.keys {
                let reachable = contexts.contains { ctx in
                    KeyTable.bindings.firstIndex { $0.activeKeys(in: ctx).contains(key) } == i
                }
                #expect(reachable, "\(key.displayName) for '\(binding.help)' (\(binding.scope)) never reaches its binding")
            }
        }
    }

    @Test func hintLineIsTheKeyTableTextForTheContext() {
        for m in Contexts.models where !m.isTooSmall {
            let frame = m.render(width: m.width, height: m.height)
            let drawn = frame.grid.lines[m.height - 1]
            // Every hint in table order while they all fit; else as many as leave room for "… more".
            let all = " " + m.hints.joined(separator: "  ")
            var expected = " "
            if TextWidth.of(all) <= m.width - 1 {
                expected = all
            } else {
                for hint in m.hints {
                    let candidate = (expected == " " ? expected : expected + "  ") + hint
                    if TextWidth.of(candidate + "  … more") > m.width - 1 { break }
                    expected = candidate
                }
                expected += (expected == " " ? "" : "  ") + "… more"
            }
            #expect(drawn.trimmingTrailingSpaces == expected, "hint line of page \(m.page) differs from the key table")
            #expect(!m.hints.isEmpty)
        }
    }

    @Test func helpListsTheWholeKeyTable() {
        // Tall enough for the whole table on one page (the Android profiles' keys made it longer).
        var m = Fixtures.model(width: 120, height: 90)
        m.press("<F1>")
        let text = m.screen()
        for b in KeyTable.bindings where !KeyBinding.lessonCommands.contains(b.command) && !KeyBinding.classCommands.contains(b.command) {
            #expect(text.contains(b.help), "help lacks \(b.help)")
        }
        // A lesson's keys exist only while one plays: help lists them then, and only then.
        #expect(!text.contains("let them try"))
        m.lesson = Contexts.lesson(.showing)
        let inLesson = m.screen()
        for b in KeyTable.bindings where KeyBinding.lessonCommands.contains(b.command) {
            #expect(inLesson.contains(b.help), "help lacks \(b.help) while a lesson plays")
        }
    }

    @Test func noLetterShortcutFiresWhileATextFieldHasFocus() {
        let letters = Set(KeyTable.bindings.flatMap(\.keys).filter(\.isPrintable))
        let formModels = Contexts.models.filter { $0.keyContext.textFieldFocused }
        #expect(formModels.count >= 4)
        for base in formModels {
            for key in letters {
                var m = base
                let before = m.form.activeField?.count ?? 0
                #expect(m.handle(.key(key)) == .none)
                // A key is a person's input: where it restarts an inactivity timer (Managed Home
                // Screen's, while its session PIN is asked) that is all it applies.
                let applied = m.actionLog.count - base.actionLog.count
                #expect(applied == 0 || applied == 1 && m.actionLog.last?.action == .userActivity,
                        "\(key.displayName) applied an action in a text field")
                #expect(m.view == base.view && m.helpOpen == base.helpOpen && m.focus == base.focus)
                #expect(m.form.activeField?.count == before + 1, "\(key.displayName) was not typed into the field")
            }
        }
    }

    @Test func keyNamesParseBack() {
        for key in KeyTable.bindings.flatMap(\.keys) where ![.up, .down, .left, .right].contains(key) {
            #expect(Key(name: key.displayName) == key, "\(key.displayName)")
        }
        #expect(Key.sequence("cou1<Enter><F10>") == [.char("c"), .char("o"), .char("u"), .char("1"), .enter, .function(10)])
        #expect(Key.sequence("<Nope>") == nil)
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
