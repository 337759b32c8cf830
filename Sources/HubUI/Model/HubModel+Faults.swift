import SessionEngine

extension HubModel {
    /// The faults menu's commands (Docs/faults.md): `!` on a focused pane opens it, and in it
    /// the arrows move, Enter arms or disarms the chosen row, `+`/`-` change a duration, and
    /// Esc or `!` close it. Choosing a row closes it: the pane then shows what was armed.
    mutating func runFaultCommand(_ command: UIIntent) {
        switch command {
        case .faultsMenu: toggleFaultMenu()
        case .faultUp: moveFaultSelection(by: -1)
        case .faultDown: moveFaultSelection(by: 1)
        case .faultChoose: chooseFaultRow()
        case .faultLonger: changeFaultDuration(by: 1)
        case .faultShorter: changeFaultDuration(by: -1)
        default: break
        }
    }

    /// A click in the menu: a row is chosen as Enter chooses it; `[+]`/`[-]` change that
    /// kind's duration and choose its row, so the next Enter arms what the person just set.
    mutating func clickFaultMenu(_ hit: FaultMenu.Hit) {
        guard var menu = faults.menu else { return }
        let rows = menu.rows(on: device)
        switch hit {
        case .close:
            closeFaultMenu()
        case .inside:
            break
        case let .row(i):
            guard rows.indices.contains(i) else { return }
            menu.selection = i
            faults.menu = menu
            chooseFaultRow()
        case let .longer(kind), let .shorter(kind):
            if let i = rows.firstIndex(of: .arm(kind)) { menu.selection = i }
            menu.change(kind, by: hit == .longer(kind) ? 1 : -1)
            faults.menu = menu
        }
    }

    private mutating func toggleFaultMenu() {
        if faults.menu != nil { closeFaultMenu(); return }
        guard let id = focus.appID, device.app(id) != nil else { return }
        notice = nil
        faults.menu = FaultMenu(app: id, durations: faults.durations)
    }

    /// Closes the menu, keeping the durations chosen in it for the next time it opens.
    mutating func closeFaultMenu() {
        guard let menu = faults.menu else { return }
        faults.durations = menu.durations
        faults.menu = nil
    }

    private mutating func moveFaultSelection(by step: Int) {
        guard var menu = faults.menu else { return }
        menu.selection += step
        menu.clamp(rows: menu.rows(on: device).count)
        faults.menu = menu
    }

    private mutating func changeFaultDuration(by steps: Int) {
        guard var menu = faults.menu else { return }
        let rows = menu.rows(on: device)
        menu.clamp(rows: rows.count)
        guard case let .arm(kind) = rows[menu.selection] else { return }
        menu.change(kind, by: steps)
        faults.menu = menu
    }

    /// Arms or disarms the chosen row through the device's action, so a refusal shows on the
    /// pane as any refusal does and the recorder writes the step.
    private mutating func chooseFaultRow() {
        guard var menu = faults.menu else { return }
        let rows = menu.rows(on: device)
        menu.clamp(rows: rows.count)
        let row = rows[menu.selection]
        faults.menu = menu
        closeFaultMenu()
        switch row {
        case let .arm(kind): act(.armFault(menu.app, menu.fault(kind)), place: .pane(menu.app))
        case .disarmAll: act(.disarmFaults(menu.app), place: .pane(menu.app))
        }
    }

    /// The menu goes when what it belongs to does: the pane lost the keyboard (an inactivity
    /// lock, a sign-in prompt), the app went, or the view shows no pane.
    mutating func syncFaultMenu() {
        guard let menu = faults.menu else { return }
        if focus != .pane(menu.app) || device.app(menu.app) == nil || (view != .panes && view != .zoom) { closeFaultMenu() }
    }
}
