@testable import HubUI
import SessionEngine
import Testing

/// A key bound to a declared device action (`UIIntent.device(step)`) is taken as the action's
/// declaration says, and listed on the help screen, with no case of its own in the Hub: the
/// test knows no action by name, so a new binding of a new declared action is covered as it is
/// added to the key table.
@Suite struct DeclaredActionKeyTests {
    /// The key table's bindings of declared actions, by their step.
    static let bound: [StepName] = KeyTable.bindings.compactMap { if case let .device(step) = $0.command { step } else { nil } }

    @Test func theKeyTableBindsDeclaredActions() {
        #expect(!Self.bound.isEmpty)
        for step in Self.bound { #expect(step.declaration != nil, "\(step) is bound to a key but declares no action") }
    }

    @Test(arguments: bound)
    func aBoundDeclaredActionIsTakenAsDeclared(_ step: StepName) throws {
        let declaration = try #require(step.declaration)
        // A device where the profile has the step, cou1 signed in, an app focused.
        let profile = try #require(ProfileID.allCases.first { declaration.profileProblem($0) == nil })
        var m = Fixtures.model(profile)
        m.enrollThroughUI()
        m.press("<Tab>l")
        let app = try #require(m.focus.appID)
        m.press("<Esc>")
        m.apply(profile == .workspaceOne ? .checkOut(group: "FRONTLINE", user: "cou1", password: "cou1", passcode: nil)
                    : .signIn(user: "cou1", password: "cou1", from: .broker))
        m.focus = .pane(app)
        let expected = declaration.action(on: app)
        let logged = m.actionLog.count
        _ = m.run(.device(step))
        if declaration.asksFirst {
            // It cannot be taken back: the forecast-and-confirm dialog asks for this action.
            #expect(m.confirmation?.kind == .device(expected), "\(step): \(String(describing: m.confirmation?.kind))")
            #expect(m.actionLog.count == logged)
        } else {
            #expect(m.actionLog.count == logged + 1 && m.actionLog.last?.action == expected, "\(step)")
        }
    }

    @Test func theHelpScreenListsEveryBoundDeclaredAction() {
        var m = Screens.home()
        _ = m.handle(.resize(width: 200, height: 60))
        m.press("<F1>")
        let screen = m.screen()
        for binding in KeyTable.bindings {
            guard case let .device(step) = binding.command else { continue }
            #expect(screen.contains("\(binding.keyNames)") && screen.contains(binding.help), "\(step): '\(binding.help)' not on help")
        }
    }
}
