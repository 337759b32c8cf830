import AppBridge
import HubUI
import SessionEngine

/// What a scenario drives: one `HubModel` wrapping one device — the same front-end code
/// the terminal runs — rendered off screen for `press:` steps, `screen` checks and the
/// last screen of a failure report.
struct HeadlessHub {
    private(set) var model: HubModel
    /// Sees the model after every event a `press:` step feeds (a cast shows them key by key).
    var afterEvent: ((HubModel) -> Void)?
    /// The programs of the device's external apps (nil: it has none). After every action and
    /// every key the hub waits until they have answered (`settle`): a scenario reads the
    /// device as the programs left it.
    let bridge: AppBridge?

    init(device: SharedDevice, width: Int, height: Int, theme: Theme = .colour, bridge: AppBridge? = nil) {
        self.bridge = bridge
        model = HubModel(device: device, theme: theme, width: width, height: height)
        model.performer = bridge
        // A scenario says what it wants: its wipes and sign-outs need no yes (the Hub's own
        // log-out confirmation is a page of the device and is still pressed through).
        model.confirmsActions = false
    }

    var device: SharedDevice { model.device }

    /// An action step goes through the model, as the UI's own actions do: it lands in the
    /// model's action log and the screen state follows the device.
    /// The Hub's message of the person's previous action goes, as it does in the simulator
    /// when the person acts again.
    mutating func apply(_ action: DeviceAction) -> ActionOutcome {
        model.dismissNotice()
        let outcome = model.apply(action)
        settle()
        return outcome
    }

    /// Waits until every event sent to a program is answered (or its time ran out: hung),
    /// and takes in what the programs did meanwhile.
    mutating func settle() {
        guard let bridge else { return }
        model.updateDevice { bridge.settle(&$0); return false }
    }

    /// Finishes what the screen animates (an enrollment's profile steps) and what the
    /// programs owe, so checks read a still device, as after a `press:` step.
    mutating func settleAll() {
        model.settle()
        settle()
    }

    /// Ends the programs (the scenario is over): none is left running, and their ends are
    /// in the device's log.
    mutating func shutdown() {
        guard let bridge else { return }
        model.updateDevice { bridge.shutdown(&$0); return false }
    }

    /// Feeds events to the UI, then lets it settle (finish the enrollment animation);
    /// returns the actions the UI applied. Quit (F10) ends the step's input early.
    mutating func press(_ events: [InputEvent]) -> [AppliedAction] {
        let before = model.actionLog.count
        for event in events {
            if model.handle(event) == .quit { break }
            settle()
            afterEvent?(model)
        }
        model.settle()
        settle()
        return Array(model.actionLog[min(before, model.actionLog.count)...])
    }

    /// One event of the person at the terminal (a lesson's class): the model handles it as the
    /// interactive simulator does, against the frame on screen.
    mutating func handle(_ event: InputEvent, shown: Frame?) -> TerminalRequest { model.handle(event, shown: shown) }

    /// Shows (or removes) a lesson's narration panel.
    mutating func show(_ lesson: LessonPanel?) { model.lesson = lesson }

    /// Seats the device in a class (`ClassSeat` keeps the class's state and puts it back after
    /// every step of the lesson, whose snapshots hold the model as it was).
    mutating func seat(_ seat: TraineeClass?) { model.classroom = seat }

    /// Opens "Quit …?" (a lesson asks before it ends mid-way, though its device asks nothing else).
    mutating func askBeforeQuitting() { model.askBeforeQuitting() }

    /// The screen as text at the UI's current size.
    func screen() -> String { model.render(width: model.width, height: model.height).grid.text }
}
