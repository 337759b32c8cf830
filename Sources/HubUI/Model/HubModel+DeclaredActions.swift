import SessionEngine

extension HubModel {
    /// A key or button bound to a declared device action (`UIIntent.device`): taken as its
    /// declaration says, on the focused app when its step names one (nothing happens when no
    /// app has focus), asked first when it cannot be taken back.
    mutating func runDeclared(_ step: StepName) {
        guard let declaration = step.declaration else { return }
        let place: Notice.Place
        let action: DeviceAction
        if declaration.takesApp {
            guard let id = focus.appID else { return }
            action = declaration.action(on: id)
            place = .pane(id)
        } else {
            action = declaration.action(on: "")
            place = .hub
        }
        if declaration.asksFirst { ask(action, place: place) } else { act(action, place: place) }
    }
}
