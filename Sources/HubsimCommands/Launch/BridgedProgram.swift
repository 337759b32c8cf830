import AppBridge
import HubUI
import SessionEngine

/// The Hub with developers' programs beside it: the model as the terminal runs it, handing
/// each action's requests to the bridge (`HubModel.performer`), and after every event an
/// exchange with the programs (`AppBridge.exchange`): those requests sent, their answers and
/// calls taken in. Nothing here waits for a program:
/// a program that hangs costs the Hub no key (the bridge reports it hung when its time runs out).
///
/// While a program's answer is awaited the loop wakes every 10 ms (a `.tick`) to take it in,
/// every 250 ms while a program it gave up on as hung may still answer; otherwise it sleeps
/// until the model's next timed change or the bridge's next deadline.
struct BridgedProgram: TerminalProgram {
    var model: HubModel
    let bridge: AppBridge

    /// How soon the loop looks again while a program's answer is awaited: well under a frame,
    /// so a program's answer is on screen as soon as a catalogue app's would be.
    static let busyPollSeconds = 0.01
    /// How soon it looks for a late answer from a program reported hung.
    static let hungPollSeconds = 0.25

    init(model: HubModel, bridge: AppBridge) {
        self.model = model
        self.bridge = bridge
        self.model.performer = bridge
        // What the programs' ends and starts say before the first frame.
        self.model.updateDevice { bridge.exchange(&$0) }
    }

    mutating func handle(_ event: InputEvent, shown: Frame?) -> TerminalRequest {
        let command = model.handle(event, shown: shown)
        if command == .quit { return command }
        let bridge = self.bridge
        let changed = model.updateDevice { bridge.exchange(&$0) }
        // An idle tick that brought a program's answer draws it.
        return changed && command == .unchanged ? .none : command
    }

    func render(width: Int, height: Int) -> Frame { model.render(width: width, height: height) }

    func secondsUntilTimedChange(shown: Frame?) -> Double? {
        var due = model.secondsUntilTimedChange(shown: shown)
        if bridge.isBusy { due = min(due ?? Self.busyPollSeconds, Self.busyPollSeconds) }
        else if bridge.hasHungProgram { due = min(due ?? Self.hungPollSeconds, Self.hungPollSeconds) }
        if let deadline = bridge.secondsUntilNextDeadline { due = min(due ?? deadline, max(0, deadline)) }
        return due
    }
}
