import HubUI
import SessionEngine

/// What a scenario drives: one device and, for `press:` steps and screen checks, the same
/// front-end code the terminal runs, rendered off screen.
struct Console {
    private(set) var device: SharedDevice
    let width: Int
    let height: Int

    init(device: SharedDevice, width: Int, height: Int) {
        self.device = device; self.width = width; self.height = height
    }

    mutating func apply(_ action: DeviceAction) -> ActionOutcome { device.apply(action) }

    /// Feeds events to the UI; returns the actions the UI applied, with their outcomes.
    mutating func press(_ events: [InputEvent]) -> Result<[(DeviceAction, ActionOutcome)], StepFailure> {
        .failure(StepFailure(message: "press steps need the interactive UI (HubModel), which this build does not have yet",
                             expected: "keys handled by the UI", actual: "no UI"))
    }

    /// The screen as text, or nil when there is no UI to render.
    func screen() -> String? { nil }
}
