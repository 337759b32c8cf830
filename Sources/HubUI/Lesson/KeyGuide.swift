import SessionEngine

/// The keys a person presses, from the screen as it is now, to cause one device action: what
/// a lesson's turn line says ("Your turn, 1 of 3 done: Tab ×2 Enter"), so the class reads keys
/// rather than the scenario's verbs. Found by trying keys on copies of the model (a pure
/// value), so the guide is what the key table does here, never a second list that could drift:
/// the focus first (Tab), then at most four of the keys that cause such an action (its command's
/// keys, Enter, `y`, ↓), and no key on the way may cause another action. A credential prompt is
/// read from its fields: each field's value, Enter after each; a secret is `password` (or `PIN`)
/// and is never spelt.
public enum KeyGuide {
    /// One thing to press or type.
    public enum Step: Equatable, Sendable {
        case key(Key, times: Int)
        /// Text typed into a field (a user name, a group ID: never a secret).
        case type(String)
        /// The person's own secret typed into a masked field: the word is what the field asks.
        case secret(String)
    }

    /// The keys that cause `target` (secrets blanked, as the lesson compares them) in `model`'s
    /// state, or nil when none are found within reach.
    public static func steps(for target: DeviceAction, in model: HubModel) -> [Step]? {
        var m = model
        // Without the narration panel the keys are the simulator's own: the class's turn, as it plays.
        m.lesson = nil
        if let form = credentialSteps(for: target, in: m) { return form }
        guard let focus = focusSteps(for: target, in: &m) else { return nil }
        let start = m.actionLog.count
        if matches(m, from: start, target) { return focus }
        let alphabet = candidates(for: target, in: m)
        // Breadth first: the shortest sequence wins, so Enter on a page is preferred over a detour.
        var frontier: [(HubModel, [Key])] = [(m, [])]
        for _ in 0..<4 {
            var next: [(HubModel, [Key])] = []
            for (state, keys) in frontier {
                for key in alphabet where !(state.keyContext.textFieldFocused && key.isPrintable) {
                    guard KeyTable.binding(for: key, in: state.keyContext) != nil else { continue }
                    var s = state
                    _ = s.handle(.key(key), shown: nil)
                    if matches(s, from: start, target) { return focus + compress(keys + [key]) }
                    if causedOther(s, from: start) { continue }
                    next.append((s, keys + [key]))
                }
            }
            frontier = next
        }
        return nil
    }

    /// The steps as the turn line shows them: `Tab ×2 Enter`, `type cou2 Enter password Enter`.
    public static func text(_ steps: [Step]) -> String {
        var words: [String] = []
        // "type" once, before the first thing typed: `type FRONTLINE Enter cou1 Enter password Enter`.
        var typing = false
        for step in steps {
            switch step {
            case let .key(key, times):
                words.append(times > 1 ? "\(key.displayName) ×\(times)" : key.displayName)
            case let .type(text):
                words.append(typing ? text : "type " + text)
                typing = true
            case let .secret(word):
                words.append(typing ? word : "type " + word)
                typing = true
            }
        }
        return words.joined(separator: " ")
    }

    /// The action as a lesson compares it: its secrets and group left out (the class types its own).
    public static func blanked(_ action: DeviceAction) -> DeviceAction {
        switch action {
        case let .enroll(_, user, _): .enroll(group: nil, user: user, password: Secret(""))
        case let .checkOut(_, user, _, passcode): .checkOut(group: nil, user: user, password: Secret(""), passcode: passcode.map { _ in Secret("") })
        case .unlock: .unlock(Secret(""))
        case let .signIn(user, _, from): .signIn(user: user, password: Secret(""), from: from)
        default: action
        }
    }

    /// Actions that are the simulator's doing, not the person's (activity, the enrollment's animation).
    static func isNoise(_ action: DeviceAction) -> Bool {
        switch action {
        case .userActivity, .installProfileStep, .completeEnrollment: true
        default: false
        }
    }

    private static func matches(_ m: HubModel, from start: Int, _ target: DeviceAction) -> Bool {
        m.actionLog[start...].contains { blanked($0.action) == blanked(target) }
    }

    private static func causedOther(_ m: HubModel, from start: Int) -> Bool {
        m.actionLog[start...].contains { !isNoise($0.action) }
    }

    /// Runs of the same key as one step with its count.
    private static func compress(_ keys: [Key]) -> [Step] {
        var out: [Step] = []
        for key in keys {
            if case let .key(last, times)? = out.last, last == key { out[out.count - 1] = .key(key, times: times + 1) } else { out.append(.key(key, times: 1)) }
        }
        return out
    }

    /// Tab until the focus is where the action is taken (an app's pane, or the Hub); nothing when
    /// it is already there or the action's key works anywhere.
    private static func focusSteps(for target: DeviceAction, in m: inout HubModel) -> [Step]? {
        let wanted: Focus?
        switch target {
        case let .launch(id), let .background(id), let .suspend(id), let .terminate(id), let .acquireTokenSilently(id),
             let .beginTokenRequest(id), let .removeAccount(id), let .refreshInBackground(id), let .writeDraft(id):
            wanted = .pane(id)
        case let .signOut(.app(id), _): wanted = .pane(id)
        case .logOut, .signOut(.broker, _), .removeAccountInAuthenticator, .dismissAutoSignOut: wanted = .hub
        case .openBroker:
            // `h` on any app's pane brings the Hub (the broker) to the front.
            if m.focus.appID != nil { return [] }
            wanted = m.device.apps.first.map { .pane($0.id) }
        default: wanted = nil
        }
        guard let wanted, m.focus != wanted else { return [] }
        var tabs = 0
        while m.focus != wanted {
            tabs += 1
            guard tabs <= m.device.apps.count + 2 else { return nil }
            _ = m.handle(.key(.tab), shown: nil)
        }
        return [.key(.tab, times: tabs)]
    }

    /// The keys worth trying for `target`: its own commands' keys, then what answers a page.
    private static func candidates(for target: DeviceAction, in m: HubModel) -> [Key] {
        let commands: [UIIntent]
        switch target {
        case .launch: commands = [.launchApp, .openTile]
        case .background: commands = [.backgroundApp]
        case .suspend: commands = [.suspendApp]
        case .terminate: commands = [.terminateApp]
        case .openBroker: commands = [.openHub]
        case .logOut: commands = [.openMenu, .menuDown, .menuSelect]
        case .signOut(.broker, _): commands = [.brokerSignOut]
        case .signOut(.app, _): commands = [.appSignOut, .appSignOutViaBrowser]
        case .goOnline, .goOffline: commands = [.toggleOnline]
        case let .advanceClock(seconds): commands = seconds == 60 ? [.warpMinute] : [.warpToLock]
        case .setDeliveryMode: commands = [.toggleStepMode]
        case .acquireTokenSilently, .beginTokenRequest: commands = [.acquireToken]
        case .removeAccount: commands = [.removeAccount]
        case .removeSharedDeviceConfiguration: commands = [.removeSharedDeviceConfiguration]
        // A declared action: the keys bound to it by its step (`UIIntent.device`).
        default: commands = [.device(target.stepName)]
        }
        var keys: [Key] = []
        for command in commands {
            for binding in KeyTable.bindings where binding.command == command {
                if let key = binding.keys.first, !keys.contains(key) { keys.append(key) }
            }
        }
        for key in [Key.enter, .char("y"), .down] where !keys.contains(key) { keys.append(key) }
        return keys
    }

    /// A credential the person types into the Hub's prompt: each field from the cursor on, Enter
    /// after each. Nil when the action is no credential or no such prompt shows.
    private static func credentialSteps(for target: DeviceAction, in m: HubModel) -> [Step]? {
        let user: String?
        let group: String?
        switch target {
        case let .enroll(g, u, _): user = u; group = g
        case let .checkOut(g, u, _, _): user = u; group = g
        case let .signIn(u, _, _): user = u; group = nil
        case let .completeTokenRequest(u, _): user = u; group = nil
        case .unlock, .setSessionPIN, .enterSessionPIN: user = nil; group = nil
        default: return nil
        }
        let form = m.form
        guard !form.fields.isEmpty else { return nil }
        var out: [Step] = m.focus == .hub ? [] : [.key(.tab, times: tabsToHub(m))]
        for field in form.fields[form.active...] {
            switch field.id {
            case .group: if field.isEmpty { out.append(.type(group ?? "group ID")) }
            case .user: if field.isEmpty, let user { out.append(.type(user)) }
            case .password: out.append(.secret("password"))
            case .passcode: out.append(.secret("passcode"))
            case .sessionPIN: out.append(.secret("PIN"))
            }
            out.append(.key(.enter, times: 1))
        }
        return out
    }

    private static func tabsToHub(_ model: HubModel) -> Int {
        var m = model
        var tabs = 0
        while m.focus != .hub, tabs <= m.device.apps.count + 2 {
            tabs += 1
            _ = m.handle(.key(.tab), shown: nil)
        }
        return tabs
    }
}
