import HubUI
import SessionEngine
import Testing

/// The hint line (Docs/trainers.md, Keys): at every width from 80 up, every action of the hint line can be clicked,
/// on the line or in its "more" menu; a form's label is part of its field.
@Suite struct HintLineTests {
    @Test func everyActiveHintIsClickableAtEveryWidth() {
        for base in Contexts.models where !base.isTooSmall {
            for width in [80, 81, 90, 100, 119, 120, 140, 160, 200] {
                var m = base
                _ = m.handle(.resize(width: width, height: 24))
                let wanted = Set(KeyTable.hints(in: m.keyContext).map(\.binding.command))
                let line = m.render(width: width, height: 24).hitMap.regions.filter { $0.rect.y == 23 }.map(\.target)
                var reachable = Set(line.compactMap { if case let .command(c) = $0 { c } else { nil } })
                if reachable.contains(.moreActions) {
                    var opened = m
                    #expect(opened.click { $0 == .command(.moreActions) } && opened.hintMenuOpen)
                    let menu = opened.render(width: width, height: 24).hitMap.regions.filter { $0.rect.y < 23 }.map(\.target)
                    reachable.formUnion(menu.compactMap { if case let .command(c) = $0 { c } else { nil } })
                }
                #expect(wanted.isSubset(of: reachable), "page \(m.page) at \(width): \(wanted.subtracting(reachable)) cannot be clicked")
            }
        }
    }

    @Test func aMenuEntryRunsItsCommandAndClosesTheMenu() {
        var m = Screens.home()
        #expect(m.click { $0 == .command(.moreActions) })
        #expect(m.screen().contains("┌ more ─"))
        #expect(m.click { $0 == .command(.checkpoint) })
        #expect(!m.hintMenuOpen && m.checkpoints.count == 1)
        // Esc closes it and does nothing else.
        #expect(m.click { $0 == .command(.moreActions) })
        m.press("<Esc>")
        #expect(!m.hintMenuOpen && m.page == .home)
    }

    @Test func clickingAFormLabelFocusesItsField() {
        var m = Fixtures.model()
        m.enrollThroughUI()
        #expect(m.page == .lockScreen && m.form.active == 0)
        let frame = m.render(width: 80, height: 24)
        let labelRow = frame.grid.lines.firstIndex { $0.hasPrefix("│User name") }!
        _ = m.handle(.mouse(MouseEvent(x: 3, y: labelRow)))
        #expect(m.form.active == m.form.index(of: .user))
        m.press("cou1")
        #expect(m.form.field(.user)?.text == "cou1")
    }
}
