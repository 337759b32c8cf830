import HubUI
import Testing

/// The trainer's console as a model: keys and clicks in, the classroom's commands out, in order.
@Suite struct ClassroomConsoleTests {
    typealias F = ConsoleFixtures

    /// The cell of the first region whose target is `hit`, clicked.
    static func click(_ c: inout ClassroomConsole, _ hit: ConsoleHit, sourceLocation: SourceLocation = #_sourceLocation) -> [ClassroomCommand] {
        let frame = c.frame(width: c.width, height: c.height)
        guard let region = frame.hitMap.regions.last(where: { $0.target == .console(hit) }) else {
            Issue.record("nothing on screen is \(hit)", sourceLocation: sourceLocation)
            return []
        }
        return c.handle(.mouse(MouseEvent(x: region.rect.x, y: region.rect.y)), shown: frame)
    }

    @Test func leadKeysSendTheLessonsLeadInOrder() {
        var c = F.console(trainees: 3)
        var sent: [ClassroomCommand] = []
        for key: Key in [.char("n"), .char("n"), .char("t"), .char("h"), .char("h"), .function(5), .function(6), .function(7)] {
            sent += c.handle(.key(key))
        }
        #expect(sent == [.lead(.lead(step: 4)), .lead(.lead(step: 5)), .lead(.tryIt(step: 5)), .lead(.hold),
                         .lead(.tryIt(step: 5)), .lead(.lead(step: 6)), .lead(.tryIt(step: 6)), .lead(.hold)])
        #expect(c.lead == .hold)
    }

    @Test func theLeadButtonsSendWhatTheirKeysSend() {
        var c = F.console(trainees: 3)
        #expect(Self.click(&c, .action(.nextStep)) == [.lead(.lead(step: 4))])
        #expect(Self.click(&c, .action(.letThemTry)) == [.lead(.tryIt(step: 4))])
        #expect(Self.click(&c, .action(.hold)) == [.lead(.hold)])
        #expect(Self.click(&c, .action(.hold)) == [.lead(.tryIt(step: 4))])
    }

    @Test func nextStepPastTheEndSaysSoAndSendsNothing() {
        var c = F.console(trainees: 1)
        for _ in 0..<6 { _ = c.handle(.key(.char("n"))) }
        #expect(c.lead == .lead(step: 9))
        #expect(c.handle(.key(.char("n"))) == [])
        #expect(c.notice == "The lesson is over: step 9 of 9 is done (q ends the class).")
        #expect(c.handle(.key(.char("t"))) == [])
    }

    @Test func resetAsksFirstAndCancelSendsNothing() {
        var c = F.console(trainees: 3)
        #expect(c.handle(.key(.char("r"))) == [])
        #expect(c.dialog == .reset("ana"))
        #expect(c.handle(.key(.escape)) == [])
        #expect(c.dialog == nil)
        #expect(c.handle(.key(.char("r"))) == [])
        #expect(c.handle(.key(.char("y"))) == [.reset("ana")])
        #expect(c.dialog == nil)
    }

    @Test func disconnectAndQuitAskFirstByClickToo() {
        var c = F.console(trainees: 3)
        _ = c.handle(.key(.right))
        _ = c.handle(.key(.char("x")))
        #expect(c.dialog == .disconnect("bruno"))
        // A click beside the dialog does nothing; its buttons answer.
        #expect(c.handle(.mouse(MouseEvent(x: 0, y: 5))) == [])
        #expect(c.dialog == .disconnect("bruno"))
        #expect(Self.click(&c, .action(.confirm)) == [.disconnect("bruno")])
        _ = c.handle(.key(.char("q")))
        #expect(Self.click(&c, .action(.cancel)) == [])
        _ = c.handle(.key(.char("q")))
        #expect(c.handle(.key(.enter)) == [.quit])
    }

    @Test func aClickOnATileWatchesItAndEscStops() {
        var c = F.console(trainees: 3)
        #expect(Self.click(&c, .seat("chen")) == [.watch("chen")])
        #expect(c.zoomed == "chen")
        // Keys act on the trainee watched.
        #expect(c.handle(.key(.char("s"))) == [.show("chen")])
        #expect(c.handle(.key(.char("s"))) == [])
        #expect(c.notice == "chen's screen is already shown to the class (e ends it).")
        #expect(Self.click(&c, .action(.endShow)) == [.endShow])
        #expect(c.handle(.key(.escape)) == [.watch(nil)])
        #expect(c.zoomed == nil)
        #expect(c.handle(.key(.enter)) == [.watch("chen")])
        #expect(Self.click(&c, .action(.back)) == [.watch(nil)])
    }

    @Test func pagingByKeysClicksAndTheWheel() {
        var c = F.console(trainees: 30)
        #expect(c.pageCount == 4)
        _ = c.handle(.key(.pageDown))
        #expect(c.page == 1)
        #expect(c.chosen == "jo")
        _ = c.handle(.key(.char(">")))
        _ = c.handle(.key(.char(">")))
        _ = c.handle(.key(.pageDown))
        #expect(c.page == 3)
        _ = Self.click(&c, .action(.previousPage))
        #expect(c.page == 2)
        _ = c.handle(.mouse(MouseEvent(x: 10, y: 10, button: .wheelUp)))
        #expect(c.page == 1)
        // The arrows move the choice, and the page follows it.
        for _ in 0..<9 { _ = c.handle(.key(.down)) }
        #expect(c.page == 3)
        #expect(c.chosen == "jo3")
    }

    @Test func handsQueueOldestFirstAndLowering() {
        var c = F.console(trainees: 14)
        #expect(c.hands.map(\.name) == ["hana", "dara2", "bruno"])
        // `l` lowers the chosen trainee's hand when it is up, else the oldest.
        #expect(c.handle(.key(.char("l"))) == [.lowerHand("hana")])
        #expect(Self.click(&c, .hand("bruno")) == [])
        #expect(c.chosen == "bruno")
        #expect(c.handle(.key(.char("l"))) == [.lowerHand("bruno")])
        #expect(Self.click(&c, .action(.lowerHand)) == [.lowerHand("dara2")])
        #expect(c.handle(.key(.char("l"))) == [])
        #expect(c.notice == "No hand is raised.")
    }

    @Test func aHandKeepsItsPlaceInTheQueueAcrossUpdates() {
        var c = F.console(trainees: 0)
        c.update(seat: TraineeSeat(name: "ana", link: .connected(since: 0),
                                   status: TraineeStatus(step: 1, steps: 9, state: "checked in", handRaised: true, lessonTitle: "L")))
        c.tick(second: 950)
        c.update(seat: TraineeSeat(name: "bo", link: .connected(since: 0),
                                   status: TraineeStatus(step: 1, steps: 9, state: "checked in", handRaised: true, lessonTitle: "L")))
        c.update(seat: TraineeSeat(name: "ana", link: .connected(since: 0), lastInputSecond: 950,
                                   status: TraineeStatus(step: 2, steps: 9, state: "checked in", handRaised: true, lessonTitle: "L")))
        #expect(c.hands.map(\.name) == ["ana", "bo"])
        #expect(c.hands.map(\.handRaisedAt) == [900, 950])
    }

    @Test func aTraineeRemovedEndsTheirWatchAndShow() {
        var c = F.console(trainees: 3)
        _ = c.handle(.key(.enter))
        _ = c.handle(.key(.char("s")))
        c.remove(name: "ana")
        #expect(c.zoomed == nil)
        #expect(c.showing == nil)
        #expect(c.chosen == "bruno")
    }

    @Test func helpListsEveryBindingOfTheTable() {
        var c = F.console(trainees: 1, width: 80, height: 60)
        _ = c.handle(.key(.char("?")))
        let text = c.render(width: 80, height: 60).text
        for b in ConsoleKeys.bindings where b.screens != [.help] {
            #expect(text.contains(b.keyNames) && text.contains(b.help), "help leaves out \(b.keyNames) \(b.help)")
        }
        #expect(c.handle(.key(.escape)) == [])
        #expect(c.helpOpen == false)
    }

    @Test func everyFunctionKeyActionHasALetter() {
        for b in ConsoleKeys.bindings where b.keys.contains(where: { if case .function = $0 { true } else { false } }) {
            #expect(b.keys.contains { if case .char = $0 { true } else { false } }, "\(b.help) has no letter")
        }
    }

    @Test func everyHintLineEntryIsClickableAndDoesWhatItsKeyDoes() {
        for screen in [ConsoleScreen.tiles] {
            var c = F.console(trainees: 3)
            let frame = c.frame(width: 80, height: 24)
            let bottom = frame.hitMap.regions.filter { $0.rect.y == 23 }
            #expect(!bottom.isEmpty)
            for region in bottom {
                guard case let .console(.action(action)) = region.target else { Issue.record("\(region.target)"); continue }
                #expect(ConsoleKeys.hints(on: screen).contains { $0.action == action })
            }
            _ = c.handle(.mouse(MouseEvent(x: bottom[0].rect.x, y: 23)), shown: frame)
            #expect(c.helpOpen)
        }
    }
}
