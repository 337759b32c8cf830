import HubUI
import SessionEngine

/// What a scenario drives: one `HubModel` wrapping one device — the same front-end code
/// the terminal runs — rendered off screen for `press:` steps, `screen` checks and the
/// last screen of a failure report.
struct Console {
    private(set) var model: HubModel

    init(device: SharedDevice, width: Int, height: Int) {
        model = HubModel(device: device, theme: .colour, width: width, height: height)
    }

    var device: SharedDevice { model.device }

    /// An action step goes straight to the device, as the UI's own actions do.
    mutating func apply(_ action: DeviceAction) -> ActionOutcome { model.device.apply(action) }

    /// Feeds events to the UI, then lets it settle (finish the enrollment animation);
    /// returns the actions the UI applied. Quit (F10) ends the step's input early.
    mutating func press(_ events: [InputEvent]) -> [AppliedAction] {
        let before = model.actionLog.count
        for event in events where model.handle(event) == .quit { break }
        model.settle()
        return Array(model.actionLog[min(before, model.actionLog.count)...])
    }

    /// The screen as text at the UI's current size.
    func screen() -> String { model.render(width: model.width, height: model.height).grid.text }
}
