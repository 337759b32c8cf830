import Configuration
import Foundation
import HubUI
import SessionEngine
import Testing

/// The README's "A first shift change (trainers)" walked by what the page says, not by a
/// script: each numbered step's backticked keys and text are pressed on a new unenrolled
/// device at 80x24, and the words the page quotes must be on the screen where it says. The
/// tmux walk (`ConsistentActionsTests`) follows the same section with its own script; this one
/// fails when the page drifts from the program, naming the step.
///
/// How the page is read (`ReadmeWalkPage`):
/// - a step's own text, then the bullet of the profile walked (`- entra-ios: …`); bullets of
///   other profiles are skipped;
/// - `swift run hubsim …` chooses the profile (`--profile NAME`, Workspace ONE without);
/// - a backticked word followed by `Enter` is typed (`cou1` `Enter`); a backticked key name is
///   pressed (`Tab`, `h`, `F7`); inside one pair of brackets only the first key is pressed,
///   the others are choices not taken (`Enter` quits, `Esc` stays);
/// - any other backticked, *italic* or **bold** words must be on the screen when the step's
///   keys are pressed; **bold** after "on" names what the next key is pressed on, so it must
///   show before it; "nothing of `X`" must not show;
/// - "as in step N" repeats step N's keys with its user (its first quoted word) replaced by
///   this step's.
@Suite struct ReadmePageWalkTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

    @Test(arguments: [ProfileID.workspaceOne, .entraIOS])
    func theREADMEsFirstShiftChangeIsWalkedByTheKeysThePageNames(_ profile: ProfileID) throws {
        let page = try String(contentsOf: Self.readme, encoding: .utf8)
        let steps = try ReadmeWalkPage.steps(of: "A first shift change (trainers)", in: page)
        #expect(steps.count >= 7, "the section has \(steps.count) numbered steps")
        var walker = PageWalker(profile: profile)
        for step in steps {
            let ops = try ReadmeWalkPage.operations(step, profile: profile.rawValue, steps: steps)
            walker.perform(ops, step: step.number)
            if walker.failed { return }
        }
        #expect(walker.quit, "the page's walk never quits hubsim")
        #expect(!walker.model.screen().contains("Attempts left"), "the page's walk typed a wrong password")
    }

    /// The parser reads every key the page names and refuses a step with none.
    @Test func aStepWithNoKeysItCanReadFailsNamingIt() throws {
        let page = """
        ## Walk

        1. `swift run hubsim --ephemeral` starts a device.
        2. Press the button that says Go.
        """
        let steps = try ReadmeWalkPage.steps(of: "Walk", in: page)
        #expect(steps.count == 2)
        #expect(throws: ReadmeWalkPage.Unreadable.self) { try ReadmeWalkPage.operations(steps[1], profile: "workspace-one", steps: steps) }
        do {
            _ = try ReadmeWalkPage.operations(steps[1], profile: "workspace-one", steps: steps)
        } catch let error as ReadmeWalkPage.Unreadable {
            #expect(error.description.contains("step 2"))
        }
        let typed = try ReadmeWalkPage.operations(.init(number: 1, text: "Sign in: `cou1` `Enter` (`Enter` submits, `Esc` stays); Notes says *told*, `Enter` on **Log Out**.", bullets: [:]),
                                                  profile: "workspace-one", steps: [])
        #expect(typed == [.type("cou1"), .press("Enter"), .press("Enter"), .show("told"), .showNow("Log Out"), .press("Enter")])
        let then = try ReadmeWalkPage.operations(.init(number: 1, text: "`Tab`: Notes shows `alpha`, then `beta`; Chat shows `user: cou2`, nothing of `cou1`'s.", bullets: [:]),
                                                 profile: "workspace-one", steps: [])
        #expect(then == [.press("Tab"), .show("alpha"), .showThen("beta"), .show("user: cou2"), .hide("cou1", pane: "Chat")])
    }
}

/// A headless Hub at 80x24 on a new device, pressing what the page names.
struct PageWalker {
    var model: HubModel
    var quit = false
    var failed = false

    init(profile: ProfileID) {
        model = HubModel(device: Fixtures.device(profile), theme: .mono, width: 80, height: 24)
        model.keepsDevice = false   // `--ephemeral`
    }

    var screen: String { model.screen() }

    mutating func fail(_ message: String, step: Int) {
        Issue.record("README step \(step): \(message)\n\(screen)")
        failed = true
    }

    /// The clock runs while the reader watches (the profile installs, apps are pushed).
    mutating func watch() {
        for _ in 0..<120 {
            guard case .enrolling = model.device.state else { return }
            _ = model.handle(.tick(1), shown: nil)
        }
    }

    mutating func perform(_ ops: [ReadmeWalkPage.Operation], step: Int) {
        let firstInput = ops.firstIndex(where: \.isInput) ?? ops.count
        var late: [String] = []
        var previous: String?
        for (i, op) in ops.enumerated() {
            if quit { fail("names \(op) after hubsim quit", step: step); return }
            switch op {
            case let .launch(profile):
                if profile != model.device.profile.id.rawValue { fail("launches \(profile), the walk is \(model.device.profile.id.rawValue)", step: step); return }
            case let .type(text):
                for c in text { _ = model.handle(.key(.char(c)), shown: nil) }
            case let .press(name):
                guard let key = Key(name: name) else { fail("`\(name)` is no key", step: step); return }
                let before = screen
                let command = model.handle(.key(key), shown: model.render(width: 80, height: 24))
                if command == .quit { quit = true; continue }
                watch()
                if screen == before { fail("`\(name)` did nothing", step: step); return }
            case let .show(words) where i < firstInput:
                late.append(words)
            case let .show(words), let .showNow(words):
                if !screen.contains(words) { fail("the screen does not show \"\(words)\"", step: step); return }
                previous = words
            case let .showThen(words):
                guard let first = previous, let a = Self.position(of: first, in: screen), let b = Self.position(of: words, in: screen), a.lexicographicallyPrecedes(b) else {
                    fail("the screen does not show \"\(words)\" after \"\(previous ?? "")\"", step: step); return
                }
                previous = words
            case let .hide(words, pane):
                let area = pane.map { Self.pane($0, of: screen) } ?? screen
                if area.isEmpty { fail("no pane \(pane ?? "") on the screen", step: step); return }
                if area.contains(words) { fail("\(pane ?? "the screen") shows \"\(words)\"\n\(area)", step: step); return }
            }
        }
        watch()
        for words in late where !screen.contains(words) { fail("the screen does not show \"\(words)\"", step: step); return }
    }

    /// Where `words` first show, as (row, column), in reading order.
    static func position(of words: String, in screen: String) -> [Int]? {
        for (y, row) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let r = row.range(of: words) { return [y, row.distance(from: row.startIndex, to: r.lowerBound)] }
        }
        return nil
    }

    /// The text inside the box titled `app` (`┌ Chat · foreground ──┐`); empty when none shows.
    static func pane(_ app: String, of screen: String) -> String {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        for (y, row) in rows.enumerated() {
            guard let r = String(row).range(of: "┌ \(app) ") ?? String(row).range(of: "┌\(app) ") else { continue }
            let left = String(row).distance(from: String(row).startIndex, to: r.lowerBound)
            guard let right = row[left...].firstIndex(of: "┐") else { continue }
            var inside: [String] = []
            for line in rows[(y + 1)...] {
                guard line.count > right, line[left] == "│" else { break }
                inside.append(String(line[(left + 1)..<right]))
            }
            return inside.joined(separator: "\n")
        }
        return ""
    }
}
