import SessionEngine

/// The device column: the Hub (workspace-one), the Authenticator (Entra) or Managed Home Screen
/// (android-mhs), showing the page for the device's state, refusals in place, and what step
/// mode holds.
enum HubColumnView {
    static func draw(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme
        let focused = m.focus == .hub
        let inner = c.box(r, style: focused ? t.focusedBorder : t.border, title: title(m),
                          titleStyle: focused ? t.focusedBorder : t.title)
        c.hits.add(r, .command(.focusHub))
        let footer = footerRows(m, width: inner.width)
        let body = Rect(x: inner.x, y: inner.y, width: inner.width, height: max(0, inner.height - footer.count))
        switch m.page {
        case .enrollForm: HubPages.enroll(m, &c, body)
        case .installing: HubPages.installing(m, &c, body)
        case .lockScreen: HubPages.lockScreen(m, &c, body)
        case .home, .logoutConfirm: HubPages.home(m, &c, body)
        case .logoutMenu: HubPages.menu(m, &c, body)
        case .unlock: HubPages.unlock(m, &c, body)
        case .brokerSignIn: HubPages.brokerSignIn(m, &c, body)
        case .brokerSignedIn: HubPages.brokerSignedIn(m, &c, body)
        case .tokenPrompt: HubPages.tokenPrompt(m, &c, body)
        case .registration: AndroidPages.registration(m, &c, body)
        case .mhsSignIn: ManagedHomeScreenPages.signIn(m, &c, body)
        case .mhsSetPIN: ManagedHomeScreenPages.setPIN(m, &c, body)
        case .mhsHome: ManagedHomeScreenPages.home(m, &c, body)
        case .mhsScreensaver: ManagedHomeScreenPages.screensaver(m, &c, body)
        }
        // Managed Home Screen's countdown before the automatic sign-out is over every page.
        if m.autoSignOutSecondsLeft != nil {
            if m.focus == .hub { c.cursor = nil }
            CountdownDialogView.draw(m, &c, body)
        }
        var row = inner.height - footer.count
        for (text, style) in footer {
            c.line(text, in: inner, row: row, style: style)
            row += 1
        }
    }

    /// The column shows what is in front when no app is: the Hub (or the Authenticator), the
    /// Authenticator during a broker round trip (workspace-one too: it is installed beside the
    /// Hub), or an app's own sign-in prompt (the app is in front; its pane is too small for it).
    static func title(_ m: HubModel) -> String {
        switch m.page {
        case .mhsSignIn, .mhsSetPIN, .mhsHome, .mhsScreensaver: return "Managed Home Screen"
        default: break
        }
        guard m.page == .tokenPrompt, let p = m.device.pendingTokenRequest else { return m.device.profile.brokerName }
        if p.phase == .accountChooser { return "Account chooser (broker)" }
        return p.place == .broker ? SharedDevice.brokerAppName + " (broker)" : m.appName(p.app) + " · its own sign-in"
    }

    /// Offline and step-mode lines pinned to the bottom of the column.
    static func footerRows(_ m: HubModel, width: Int) -> [(String, CellStyle)] {
        let t = m.theme, d = m.device
        var rows: [(String, CellStyle)] = []
        if !d.online { rows.append(("Offline: no console connection", t.warning)) }
        if d.deliveryMode == .held {
            rows.append(("Step mode: \(d.heldDeliveries.count) held" + (d.heldDeliveries.isEmpty ? "" : ", \(KeyTable.keyName(of: .device(.releaseDelivery))) next"), t.heading))
            // Each held delivery whole (wrapped under itself), at most six rows of them.
            var shown = 0, used = 0
            for (i, h) in d.heldDeliveries.enumerated() {
                let lines = TextWrap.lines(h.label, width: width - 2, hanging: 2)
                if used + lines.count > 6 { break }
                for (n, l) in lines.enumerated() {
                    rows.append(((n > 0 ? "    " : i == 0 ? "▸ " : "  ") + l, i == 0 ? t.text : t.dim))
                }
                used += lines.count
                shown += 1
            }
            if d.heldDeliveries.count > shown { rows.append(("  +\(d.heldDeliveries.count - shown) more held", t.dim)) }
        }
        return rows
    }
}

