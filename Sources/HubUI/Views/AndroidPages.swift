import SessionEngine

/// The Authenticator's pages that only Android has (Microsoft Learn, shared device mode for
/// Android): the registration in shared device mode during enrollment, with the two
/// broadcasts it sends, and the account's removal from the system's Settings.
enum AndroidPages {
    /// Enrolling on Android: the Authenticator registers the device and broadcasts
    /// `CURRENT_ACCOUNT_CHANGED` with `SDM_REGISTRATION_START`, then `SDM_REGISTERED`. An app
    /// started before this reads `isSharedDevice()` false and keeps that value until it is
    /// started again (a known issue of MSAL for Android).
    static func registration(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme
        guard case let .enrolling(p) = m.device.state else { return }
        c.line("Registration in shared mode", in: r, row: 0, style: t.heading)
        c.line("Step \(min(p.completed + 1, p.steps.count)) of \(p.steps.count)", in: r, row: 1, style: t.dim)
        var row = 3
        for type in [BroadcastType.registrationStart, .registered] {
            guard let i = p.steps.firstIndex(where: { $0.contains(type.rawValue) }) else { continue }
            let done = i < p.completed
            let mark = done ? "✓ " : i == p.completed ? "▸ " : "  "
            let style = done ? t.success : i == p.completed ? t.title : t.dim
            c.line(mark, in: r, row: row, style: style)
            row = c.paragraph(stepText(type), in: r, row: row, indent: 2, style: style)
            row = c.paragraph(API.currentAccountChangedBroadcast + " (" + type.rawValue + ")", in: r, row: row, indent: 2, style: done ? t.text : t.dim)
            if done {
                let reached = receivers(of: type, on: m.device)
                row = c.paragraph(reached.isEmpty ? "received by no app" : "received by " + reached.joinedText(separator: ", "),
                                  in: r, row: row, indent: 2, style: t.dim)
            }
            row += 1
        }
        if !m.hubColumn.typeAhead.isEmpty {
            let n = m.hubColumn.typeAhead.count
            c.line("Typed ahead: \(n) key\(n == 1 ? "" : "s"), kept", in: r, row: row, style: t.warning)
            row += 1
        }
        c.paragraph("Apps started before this read \(API.isSharedDevice)() false until they are started again.",
                    in: r, row: row, style: t.dim)
    }

    static func stepText(_ type: BroadcastType) -> String {
        switch type {
        case .registrationStart: "registration started"
        case .registered: "registered in shared device mode"
        case .globalSignOut: "signed out of every app"
        }
    }

    /// The apps whose log shows the broadcast of `type` received.
    static func receivers(of type: BroadcastType, on d: SharedDevice) -> [String] {
        d.apps.filter { app in
            app.log.contains { $0.kind == .notification && $0.name == API.currentAccountChangedBroadcast && $0.detail.contains(type.rawValue) }
        }.map(\.definition.name)
    }
}
