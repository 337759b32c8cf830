import SessionEngine

/// `F11`/`r`: single sign-on across the apps (reference 003) on one screen: every rule broken,
/// named with its values, first; who shares tokens (one client ID, one keychain group); the
/// broker apps and the embedded ones; then each app's set-up (client ID, redirect URIs, keychain
/// group, schemes) and its token now; then the tenant's app registrations. Scrolls like the
/// audit; a click on an app's row zooms its pane.
enum SSOMapView {
    /// A body row: its text, where it starts, how it is drawn and what a click on it does.
    struct Row {
        enum Look { case heading, text, dim, ok, problem, warning, app }
        var text: String
        var indent = 0
        var look: Look
        var app: AppID? = nil
    }

    static func area(_ m: HubModel) -> Rect { ZoomView.area(width: m.width, height: m.height) }

    static func extent(_ m: HubModel) -> (rows: Int, visible: Int) {
        let r = area(m)
        return (rows(m, width: max(0, r.width - 2)).count, max(0, r.height - 2))
    }

    static func draw(_ m: HubModel, _ c: inout Canvas, _ r: Rect) {
        let t = c.theme
        let (all, title) = content(m, width: max(0, r.width - 2))
        let inner = c.box(r, style: title.problems > 0 ? t.warning : t.focusedBorder, title: title.text, titleStyle: t.heading)
        // The title closes the map, as the zoomed pane's does.
        c.hits.add(Rect(x: r.x, y: r.y, width: r.width, height: 1), .command(.ssoMap))
        guard inner.height > 0 else { return }
        let first = min(m.scrolls.ssoMap, max(0, all.count - inner.height))
        for (i, row) in all.dropFirst(first).prefix(inner.height).enumerated() {
            c.line(row.text, in: inner, row: i, indent: row.indent, style: style(row.look, t))
            if let app = row.app, m.device.app(app) != nil {
                c.hits.add(Rect(x: inner.x, y: inner.y + i, width: inner.width, height: 1), .appCommand(.zoomPane, app: app))
            }
        }
        let key = KeyTable.keyName(of: .ssoMap)
        let position = all.count > inner.height ? " rows \(first + 1)–\(min(all.count, first + inner.height)) of \(all.count) " : ""
        c.text(" ↑↓ PgUp/PgDn · click an app: zoom · \(key) or Esc back ", x: r.x + 1, y: r.maxY - 1,
               width: max(0, r.width - 2 - TextWidth.of(position)), style: t.dim)
        c.text(position, x: r.maxX - 1 - TextWidth.of(position), y: r.maxY - 1, width: TextWidth.of(position), style: t.dim)
    }

    /// Every row of the map at `width` columns: the ones kept with the model, when they are
    /// for what the device is now (`ScrollLayout`), or laid out afresh.
    static func rows(_ m: HubModel, width: Int) -> [Row] { content(m, width: width).rows }

    /// The rows and the title, kept or afresh (the title counts every app's problems).
    static func content(_ m: HubModel, width: Int) -> (rows: [Row], title: Title) {
        if case let .ssoMap(kept, title)? = m.keptRows(.ssoMap, width: width) { return (kept, title) }
        return (layOut(m, width: width), title(m))
    }

    /// The box's title, and whether it warns.
    struct Title {
        var text: String
        var problems: Int
    }

    static func title(_ m: HubModel) -> Title {
        let map = m.device.ssoMap
        let problems = map.rows.reduce(0) { $0 + $1.problems.count }
        return Title(text: "SSO map · \(map.rows.count) apps · \(problems) misconfiguration\(problems == 1 ? "" : "s")", problems: problems)
    }

    /// Every row of the map at `width` columns, wrapped under itself. Linear in the map: a
    /// redirect URI is looked up in a set of the registered ones, not in a list of them (with
    /// 10,000 URIs, a list scanned per URI took 10^8 comparisons).
    static func layOut(_ m: HubModel, width: Int) -> [Row] {
        let out = layOutRows(m, width: width)
        LayoutWork.tell(.rows(out.count))
        return out
    }

    private static func layOutRows(_ m: HubModel, width: Int) -> [Row] {
        let d = m.device
        let map = d.ssoMap
        func name(_ id: AppID) -> String { d.app(id)?.definition.name ?? d.snapshot.appSet.first { $0.id == id }?.name ?? id }
        var out: [Row] = []
        func add(_ text: String, indent: Int = 0, _ look: Row.Look, app: AppID? = nil) {
            guard !text.isEmpty else { return out.append(Row(text: "", look: look)) }
            for (n, l) in TextWrap.lines(text, width: max(1, width - indent), hanging: 2).enumerated() {
                out.append(Row(text: l, indent: indent + (n == 0 ? 0 : 2), look: look, app: app))
            }
        }
        guard !map.rows.isEmpty else {
            add("No app here uses the Microsoft identity SDK with a single sign-on set-up.", .dim)
            if !map.notConfigured.isEmpty { add("Not configured: " + map.notConfigured.map(name).joined(separator: ", "), indent: 2, .dim) }
            sdkRules(d, add)
            return out
        }

        // Every rule broken, named with its values: what a developer fixes.
        let broken = map.rows.flatMap { row in row.problems.map { (row.app, $0) } }
        add("Misconfigurations (\(broken.count)): the rule broken, by app", .heading)
        if broken.isEmpty { add("none: every app is set up as 003 says", indent: 2, .ok) }
        for (app, problem) in broken {
            add("✗ \(name(app)): \(problem)", indent: 2, problem.onlyPreventsSharing || problem.fallsBackToEmbedded ? .warning : .problem, app: app)
        }

        // Who shares tokens without the broker.
        out.append(Row(text: "", look: .text))
        add("Who shares tokens (same client ID, same keychain group)", .heading)
        if map.groups.isEmpty { add("nobody: no two apps share a client ID and a keychain group", indent: 2, .dim) }
        for g in map.groups {
            add("\(g.keychainGroup): \(g.apps.map(name).joined(separator: ", "))", indent: 2, .ok)
            add("client \(g.clientID)", indent: 4, .dim)
        }
        let alone = map.rows.filter { $0.sharesWith.isEmpty }
        if !alone.isEmpty {
            add("alone: " + alone.map { "\(name($0.app)) (\($0.sso.tokenCacheGroup))" }.joined(separator: ", "), indent: 2, .dim)
        }

        // The broker and the embedded flow.
        let brokered = map.rows.filter { $0.path == .broker }
        let embedded = map.rows.filter { $0.path != .broker }
        let holds = d.brokerAccounts
        add("Broker apps (\(SharedDevice.brokerAppName), AD_CREDENTIALS_AUTO): "
            + (brokered.isEmpty ? "none" : brokered.map { name($0.app) }.joined(separator: ", ")), .heading)
        add("\(SharedDevice.brokerAppName) holds: " + (holds.isEmpty ? "no account" : holds.map(\.name).joined(separator: ", ")), indent: 2, .dim)
        for row in embedded {
            if case let .embedded(fellBack?) = row.path {
                add("\(name(row.app)): asks for the broker but falls back to the embedded flow (\(TokenText.short(fellBack)))",
                    indent: 2, .warning, app: row.app)
            } else {
                add("\(name(row.app)): embedded only (AD_CREDENTIALS_EMBEDDED): never calls the broker", indent: 2, .dim, app: row.app)
            }
        }

        // Each app's set-up and its token now.
        out.append(Row(text: "", look: .text))
        add("Apps: set-up and token (click one to zoom its pane)", .heading)
        for row in map.rows {
            let sso = row.sso
            let path: String
            switch row.path {
            case .broker: path = "broker"
            case .embedded(fellBack: nil): path = "embedded"
            case .embedded: path = "embedded (fell back)"
            }
            add("\(name(row.app)) · \(sso.bundleID) · \(path)", indent: 2, .app, app: row.app)
            let registration = map.registrations.first { $0.clientID == sso.clientID }
            let registeredURIs = Set(registration?.redirectURIs ?? [])
            add("client   \(sso.clientID)" + (registration.map { " (\($0.name))" } ?? " (not registered)"), indent: 4,
                registration == nil ? .problem : .text, app: row.app)
            for uri in sso.redirectURIs {
                let registered = registeredURIs.contains(uri)
                add("redirect \(uri) \(registered ? "✓" : "✗ not registered")", indent: 4, registered ? .text : .problem, app: row.app)
            }
            add("keychain \(sso.keychainGroup ?? "none (own: \(sso.bundleID))")"
                + (row.sharesWith.isEmpty ? "" : " · shares with " + row.sharesWith.map(name).joined(separator: ", ")), indent: 4, .text, app: row.app)
            let schemes = sso.urlSchemes.isEmpty ? "none" : sso.urlSchemes.joined(separator: ", ")
            let queries = sso.querySchemes.isEmpty ? "none" : sso.querySchemes.joined(separator: ", ")
            add("schemes  \(schemes) · queries \(queries)" + (sso.certificateAuth ? " · certificate auth" : ""), indent: 4, .dim, app: row.app)
            if let app = d.app(row.app), let token = TokenText.line(d.tokenStatus(of: row.app), app: app, width: max(1, width - 4)) {
                add(token.text, indent: 4, token.look == .failed ? .problem : token.look == .valid ? .ok : .dim, app: row.app)
            }
        }
        if !map.notConfigured.isEmpty {
            add("Not in the map (no single sign-on set-up): " + map.notConfigured.map(name).joined(separator: ", "), indent: 2, .dim)
        }

        // The portal's side.
        out.append(Row(text: "", look: .text))
        add("App registrations (tenant): client ID and its redirect URIs", .heading)
        if map.registrations.isEmpty { add("none", indent: 2, .problem) }
        // Per client ID, the apps that use each of its redirect URIs, in the map's order.
        var usersOf: [String: [String: [String]]] = [:]
        for row in map.rows {
            for uri in Set(row.sso.redirectURIs) { usersOf[row.sso.clientID, default: [:]][uri, default: []].append(name(row.app)) }
        }
        for reg in map.registrations {
            add("\(reg.name) · \(reg.clientID)", indent: 2, .text)
            for uri in reg.redirectURIs {
                let users = usersOf[reg.clientID]?[uri] ?? []
                add(uri + (users.isEmpty ? " (no app uses it)" : " → " + users.joined(separator: ", ")), indent: 4, .dim)
            }
        }
        sdkRules(d, add)
        return out
    }

    /// The profile's row of the SDK rules (`SDKRules`, Docs/sdk-rules.md): what each SDK is
    /// told of an account change here, what it can ask, whose data it shows, and its apps.
    private static func sdkRules(_ d: SharedDevice, _ add: (String, Int, Row.Look, AppID?) -> Void) {
        add("", 0, .text, nil)
        add("Who tells each SDK what on \(d.profile.id.rawValue) (Docs/sdk-rules.md)", 0, .heading, nil)
        let apps = d.apps.isEmpty ? d.snapshot.appSet : d.apps.map(\.definition)
        for kind in SDKKind.allCases {
            let rule = SDKRules.rule(d.profile.id, kind)
            let ids = apps.filter { $0.sdk.kind == kind }.map(\.name)
            add("\(kind.label)\(ids.isEmpty ? "" : " (" + ids.joined(separator: ", ") + ")"): told \(rule.notice.rawValue)",
                2, rule.isTold ? .ok : .warning, nil)
            add("asks: \(rule.asks) · shows: \(rule.shows.words(on: d.profile.platform))", 4, .dim, nil)
        }
    }

    private static func style(_ look: Row.Look, _ t: Theme) -> CellStyle {
        switch look {
        case .heading: t.heading
        case .text: t.text
        case .dim: t.dim
        case .ok: t.success
        case .problem: t.error
        case .warning: t.warning
        case .app: t.title
        }
    }
}
