import Configuration
import FuzzSupport
import HubUI
import Platform
import SessionEngine

/// What one random walk runs on: a profile, a tenant, an app set and a seed.
struct WalkConfig: Sendable {
    var profile: ProfileID
    var strict: Bool
    /// Every app of the catalogue (both SDKs, the faulty ones too) instead of the profile's set.
    var allApps: Bool
    var seed: UInt64
    var inputs: Int
    /// The terminal size the walk returns to after every resize.
    var home: (width: Int, height: Int) = (80, 24)
    /// Check every incremental leak audit against a full one (`EngineDependencies.checksIncrementalAudit`).
    var checksAudit = false

    var label: String {
        "\(profile.rawValue), \(strict ? "strict" : "default") tenant, \(allApps ? "every app" : "default apps"), \(home.width)x\(home.height), seed 0x\(String(seed, radix: 16))"
    }
}

/// A seeded random walk through the UI model, one input at a time, as a person at the
/// terminal: keys (printable, Enter, Tab, Esc, arrows, function keys, the bound Ctrl keys),
/// clicks (on the hit map of the frame on screen, and on any cell), wheel scrolls, wall-clock
/// ticks and resizes (down to 0x0 and back).
///
/// Pure chance would stay on the lock screen, so about half the draws are plans a person
/// would follow: fill the prompt on screen (mostly with valid credentials, sometimes with a
/// wrong Group ID, user, password or passcode, and now and then the same wrong password until
/// the account locks out), log out or sign out, focus a pane and launch or background its app.
/// Every plan is typed key by key, and each key is one input.
struct RandomWalk {
    let config: WalkConfig
    private(set) var rng: SplitMix64
    private(set) var model: HubModel
    /// The real event loop's terminal-free half, painting into a recorder: it hands each input
    /// the frame on screen and paints one frame per batch, as the terminal session does.
    private(set) var loop: FrameLoop<FrameRecorder>
    /// Wrong passwords and passcodes typed into masked fields: the screen must never show one.
    private(set) var typedSecrets: [String] = []
    /// The last inputs, for a failure report.
    private(set) var recent: [InputEvent] = []
    /// Inputs handled so far.
    private(set) var inputs = 0

    private var plan: [PlanStep] = []
    private var deferredResize: InputEvent?
    private var restoreSizeIn: Int?
    /// The app passcode typed at the check-out in progress, and the one set for the session.
    private var passcodeTyped: String?
    private var passcode: String?
    private var lockoutTarget: (user: String, left: Int)?
    /// The session PIN typed at the prompt after sign-in, and the one set for the session
    /// (Managed Home Screen clears it at sign-out).
    private var sessionPINTyped: String?
    private var sessionPIN: String?
    /// Wrong session PINs still to type, to reach the sign-out the maximum of attempts makes.
    private var wrongPINsLeft = 0
    /// PINs with no repeated or ordered run of three: every complexity the tenants use takes them.
    private static let validPINs = ["7391", "5927", "4816", "80529", "613804"]

    /// One step of a plan: an input, or a click on whatever the frame on screen offers then.
    private enum PlanStep {
        case input(InputEvent)
        case click(@Sendable (HitTarget) -> Bool)
    }

    static let catalogue = try! BundledAssets.catalogue()
    static let tenants = (default: cheap(try! BundledAssets.tenant()), strict: cheap(try! BundledAssets.strictTenant()))

    /// The bundled tenant with its users' hashes made by `CheapHasher` (same users, same passwords).
    private static func cheap(_ tenant: Tenant) -> Tenant {
        var t = tenant
        for i in t.users.indices { t.users[i].passwordHash = CheapHasher().hash(Secret(t.users[i].id.name)) }
        return t
    }

    /// What the walk's device was built with: a restored copy is built with the same.
    let dependencies: EngineDependencies

    init(_ config: WalkConfig) {
        self.config = config
        rng = SplitMix64(seed: config.seed)
        var dependencies = EngineDependencies.seeded("walk-\(config.seed)", hasher: CheapHasher())
        dependencies.checksIncrementalAudit = config.checksAudit
        self.dependencies = dependencies
        let device = try! SharedDevice.make(
            profile: config.profile, tenant: config.strict ? Self.tenants.strict : Self.tenants.default,
            catalogue: Self.catalogue, apps: config.allApps ? Self.catalogue.ids : nil,
            dependencies: dependencies)
        model = HubModel(device: device, width: config.home.width, height: config.home.height)
        loop = FrameLoop(painter: FrameRecorder(), width: config.home.width, height: config.home.height)
        loop.paint(model)
    }

    /// The frame on screen: clicks resolve against it.
    var shown: Frame? { loop.shown }

    // MARK: one batch

    /// Feeds one batch of inputs, the ones that arrive between two frames (mostly one, up to
    /// 32 when a person types fast or pastes), through `FrameLoop.feed`. `afterInput` runs
    /// after every input; the frame painted after the batch, if any, is returned.
    mutating func feedBatch(afterInput: (HubModel, InputEvent) -> Void) -> Frame? {
        let few = rng.int(in: 2...8), many = rng.int(in: 9...32)
        let n = rng.weighted([(20, 1), (40, few), (40, many)])
        var events: [InputEvent] = []
        if let resize = deferredResize {
            events = [resize]
            deferredResize = nil
        } else {
            // A plan is drawn from the state on screen, so only the batch's first input may start
            // one: a plan drawn behind inputs not yet handled would type into the wrong field.
            for i in 0..<n {
                let event = nextEvent(mayPlan: i == 0)
                // A resize comes alone (the terminal reports it on its own): clicks read before
                // it in the same batch would find no frame on screen and draw one of their own.
                if case .resize = event, i > 0 { deferredResize = event; break }
                events.append(event)
                if case .resize = event { break }
            }
        }
        // The terminal session resizes the loop as it reads a resize, before it feeds the batch.
        for case let .resize(w, h) in events { loop.resize(width: max(0, w), height: max(0, h)) }
        let painted = loop.painter.count
        var handled = 0
        var signedIn = model.device.state.user != nil, checkedOut = false
        var masked: [String] = []
        _ = loop.feed(events, to: &model) { m in
            masked += Self.maskedTexts(m)
            afterInput(m, events[handled])
            handled += 1
            if !signedIn, m.device.state.user != nil { checkedOut = true }
            signedIn = m.device.state.user != nil
        }
        for text in masked where !typedSecrets.contains(text) {
            typedSecrets.append(text)
            if typedSecrets.count > 8 { typedSecrets.removeFirst() }
        }
        // A quit ends the batch (the rest of it is never read): the walk goes on, as after a restart.
        for event in events[..<handled] {
            recent.append(event)
            if recent.count > 40 { recent.removeFirst() }
        }
        inputs += handled
        if checkedOut { passcode = passcodeTyped }
        // The PIN is kept once the device holds one; a sign-out clears it.
        if model.device.managedHomeScreen?.sessionPINHash == nil {
            sessionPIN = nil
            wrongPINsLeft = 0
        } else if sessionPIN == nil {
            sessionPIN = sessionPINTyped
        }
        return loop.painter.count > painted ? loop.shown : nil
    }

    private mutating func nextEvent(mayPlan: Bool) -> InputEvent {
        if let n = restoreSizeIn {
            if n <= 0 {
                restoreSizeIn = nil
                return .resize(width: config.home.width, height: config.home.height)
            }
            restoreSizeIn = n - 1
        }
        while !plan.isEmpty {
            switch plan.removeFirst() {
            case let .input(event): return event
            case let .click(wanted):
                if let event = click(where: wanted) { return event }
            }
        }
        let m = model
        let promptShown = !m.form.fields.isEmpty && !m.isTooSmall
        var choices: [(weight: Int, value: Draw)] = [
            (24, .key), (10, .clickTarget), (4, .clickAnywhere), (1, .wheel), (6, .tick), (1, .resize),
        ]
        if mayPlan {
            choices.append((12, .app))
            choices.append((4, .fault))
            if promptShown { choices.append((40, .credentials)) }
            if m.device.state.kind == .checkedOut { choices.append((6, .endSession)) }
            // Managed Home Screen's inactivity: the countdown dialog, then a dismissal or the
            // automatic sign-out, on the simulated clock.
            if m.device.profile.id == .androidMHS, m.device.state.user != nil { choices.append((3, .idle)) }
            // Android: the work account removed in Settings (no broadcast). Not while a prompt
            // holds the keyboard (Managed Home Screen's session PIN): its S would be typed there.
            if m.device.profile.id.platform == .android, m.device.state.kind == .checkedOut, !promptShown {
                choices.append((3, .settings))
            }
        }
        switch rng.weighted(choices) {
        case .key: return .key(randomKey())
        case .clickTarget: return click(where: { _ in true }) ?? clickAnywhere()
        case .clickAnywhere: return clickAnywhere()
        case .wheel:
            return .mouse(MouseEvent(x: rng.below(max(1, m.width)), y: rng.below(max(1, m.height)),
                                     button: rng.chance(0.5) ? .wheelUp : .wheelDown))
        case .tick: return .tick(randomTick())
        case .resize: return randomResize()
        case .app: planApp()
        case .credentials: planCredentials()
        case .endSession: planEndSession()
        case .fault: planFault()
        case .idle: planIdle()
        case .settings: planSettingsRemoval()
        }
        return nextEvent(mayPlan: true)
    }

    private enum Draw { case key, clickTarget, clickAnywhere, wheel, tick, resize, app, credentials, endSession, fault, idle, settings }

    // MARK: single inputs

    private static let printable = Array("abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 +?-_.@#$%/\\\"'é中🙂")
    /// The letters the key table binds somewhere (panes, menu, global shortcuts).
    private static let shortcuts = Array("lbsthiuwmyjkegopnczq+?")
    private static let named: [Key] = [
        .enter, .tab, .backTab, .escape, .backspace, .delete, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown,
    ]

    private mutating func randomKey() -> Key {
        switch rng.below(100) {
        case ..<35: return .char(rng.pick(Self.printable))
        case ..<50: return .char(rng.pick(Self.shortcuts))
        case ..<78: return rng.pick(Self.named)
        case ..<93: return .function(rng.int(in: 1...12))
        default:
            // The bound Ctrl keys mostly (clear field, enterprise wipe), and a few unbound ones.
            return .ctrl(rng.chance(0.8) ? rng.pick(["u", "x"]) : rng.pick(Array("acdlrz")))
        }
    }

    private mutating func clickAnywhere() -> InputEvent {
        let buttons: [MouseEvent.Button] = [.left, .left, .left, .right, .middle, .wheelUp, .wheelDown]
        return .mouse(MouseEvent(x: rng.int(in: -2...model.width + 1), y: rng.int(in: -2...model.height + 1),
                                 button: rng.pick(buttons)))
    }

    /// A left click on a random cell of a random region of the frame on screen whose target
    /// `wanted` accepts; nil when there is none.
    private mutating func click(where wanted: (HitTarget) -> Bool) -> InputEvent? {
        let regions = (shown?.hitMap.regions ?? []).filter { wanted($0.target) }
        guard !regions.isEmpty else { return nil }
        let r = rng.pick(regions).rect
        return .mouse(MouseEvent(x: r.x + rng.below(max(1, r.width)), y: r.y + rng.below(max(1, r.height))))
    }

    private mutating func randomTick() -> Double {
        switch rng.below(10) {
        case ..<7: Double(rng.int(in: 50...1000)) / 1000
        case ..<9: Double(rng.int(in: 1...10))
        default: Double(rng.int(in: 30...400))
        }
    }

    private static let sizes = [(80, 24), (80, 24), (120, 40), (100, 30), (79, 24), (80, 23), (81, 25), (0, 0), (1, 1),
                                (10, 5), (40, 10), (200, 60), (80, 1), (1, 24), (-3, 24)]

    /// A new size; any but the walk's usual one lasts a few inputs (a person dragging the
    /// window's corner), which keeps the walk at a size where the device is on screen, and
    /// the debug-build cost of drawing huge frames bounded.
    private mutating func randomResize() -> InputEvent {
        let (w, h) = rng.chance(0.8) ? rng.pick(Self.sizes) : (rng.int(in: 0...160), rng.int(in: 0...50))
        if (w, h) != config.home { restoreSizeIn = rng.int(in: 1...15) }
        return .resize(width: w, height: h)
    }

    // MARK: plans

    /// Esc presses that close help and any other view and give the Hub the keyboard (each Esc
    /// takes one step back: help, then the view, then the focus).
    private var escapesToHub: [PlanStep] {
        let n = (model.faults.menu != nil ? 1 : 0) + (model.helpOpen ? 1 : 0) + (model.view != .panes ? 1 : 0) + (model.focus != .hub ? 1 : 0)
        return Array(repeating: .input(.key(.escape)), count: n)
    }

    private func type(_ text: String) -> [PlanStep] { text.map { .input(.key(.char($0))) } }

    /// Fills every field of the prompt on screen and submits it.
    private mutating func planCredentials() {
        let m = model
        var steps = escapesToHub
        if !m.device.online, rng.chance(0.8) { steps.append(.input(.key(rng.chance(0.5) ? .function(4) : .char("o")))) }
        // Back to the first field (each Esc in a form moves one field back), then a click on
        // its label, which puts the cursor there whatever a random click did to the form
        // meanwhile: a plan that starts on the second field types the password into a shown
        // field once the refusal sends the cursor back to the first.
        steps += Array(repeating: .input(.key(.escape)), count: m.form.active)
        if let first = m.form.fields.first?.id { steps.append(.click { $0 == .field(first) }) }
        let tenant = m.device.tenant
        let endUsers = tenant.users.filter { !$0.isStagingUser }.map(\.id.name)
        var user = ""
        if let target = lockoutTarget, m.form.kind != .enroll, m.form.kind != .unlock {
            user = target.user
            lockoutTarget = target.left > 1 ? (target.user, target.left - 1) : nil
        } else {
            switch m.form.kind {
            case .enroll:
                // The Single User Devices staging user of the strict tenant keeps the device for
                // good after its first check-out: rarely, so most walks keep checking in.
                user = config.strict && rng.chance(0.03) ? "kiosk" : "stage"
            case .checkOut, .signIn, .tokenPrompt:
                let endUser = rng.pick(endUsers)
                user = rng.weighted([(85, endUser), (5, "stage"), (10, "ghost")])
                if user != "ghost", rng.chance(0.2) {
                    lockoutTarget = (user, tenant.policy.failedAttemptLimit + 1)
                }
            case .unlock, .setSessionPIN, .enterSessionPIN:
                user = m.device.state.user?.name ?? "cou1"
            }
        }
        let locking = lockoutTarget?.user == user
        for field in m.form.fields {
            steps.append(.input(.key(.ctrl("u"))))
            switch field.id {
            case .group:
                let group = tenant.groups[0].id
                steps += type(rng.weighted([(85, group), (5, group.lowercased()), (5, "NOWHERE"), (5, "")]))
            case .user:
                steps += type(rng.chance(0.05) ? user.uppercased() : user)
            case .password:
                let right = !locking && rng.chance(0.85)
                steps += type(right ? user : wrongSecret())
            case .passcode:
                if m.form.kind == .unlock, let passcode, rng.chance(0.85) {
                    steps += type(passcode)
                } else if m.form.kind == .unlock {
                    steps += type(wrongSecret(digits: true))
                } else {
                    let min = tenant.policy.appPasscodeMinLength ?? 4
                    let valid = digits(rng.int(in: min...min + 2)), short = digits(max(1, min - 1))
                    let code = rng.weighted([(80, valid), (10, short), (10, "abcd")])
                    passcodeTyped = code
                    steps += type(code)
                }
            case .sessionPIN:
                // Managed Home Screen's session PIN: set mostly one the strict tenant's complexity
                // takes, now and then any digits (too short, an ordered run); on the screensaver
                // mostly the one set, now and then a wrong one (the last allowed signs out).
                if m.form.kind == .enterSessionPIN, wrongPINsLeft == 0, let sessionPIN, rng.chance(0.7) {
                    steps += type(sessionPIN)
                } else if m.form.kind == .enterSessionPIN {
                    // Now and then wrong until the policy's maximum signs the worker out.
                    if wrongPINsLeft > 0 { wrongPINsLeft -= 1 } else if rng.chance(0.6) {
                        wrongPINsLeft = max(0, (tenant.managedHomeScreen.sessionPINAttemptLimit ?? 1) - 1)
                    }
                    steps += type(wrongSecret(digits: true))
                } else {
                    let pin = rng.chance(0.8) ? rng.pick(Self.validPINs) : digits(rng.int(in: 1...6))
                    sessionPINTyped = pin
                    steps += type(pin)
                }
            }
            steps.append(.input(.key(.enter)))
        }
        plan = steps
    }

    private mutating func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(rng.below(10))) }) }

    /// A wrong secret, distinctive enough that finding it on screen cannot be chance.
    private mutating func wrongSecret(digits: Bool = false) -> String {
        digits ? "90" + self.digits(7) : "pw" + String((0..<7).map { _ in rng.pick(Array("qxzjkvw")) })
    }

    /// The secrets the masked fields hold after an input: what the frame must never show. Read
    /// from the form, not from the plan, because a plan can be thrown off (a refusal moves the
    /// cursor; a click on a label moves it) and type a wrong secret into a shown field, which
    /// is the person's doing, not a leak. Only distinctive texts count (9 characters or more:
    /// the walk's wrong secrets), so a short one cannot match the screen by chance.
    static func maskedTexts(_ m: HubModel) -> [String] {
        m.form.fields.filter(\.isSecret).map { $0.secret.withPlaintext { $0 } }.filter { $0.count >= 9 }
    }

    /// Ends the session the way a person does: the Hub's menu (workspace-one), the broker's
    /// button or an app's sign-out (entra-ios), by keys or by clicks; now and then the
    /// console's enterprise wipe.
    private mutating func planEndSession() {
        var steps = escapesToHub
        if model.device.profile.id == .workspaceOne {
            switch rng.below(10) {
            case ..<4: steps += [.input(.key(.char("m"))), .input(.key(.enter)), .input(.key(rng.chance(0.5) ? .char("y") : .enter))]
            case ..<8:
                steps += [.input(.key(.enter)),
                          .click { if case .menuItem(0) = $0 { true } else { false } },
                          .click { $0 == .command(.confirmAction) }]
            // The wipe asks first (the forecast-and-confirm dialog).
            case ..<9: steps += [.input(.key(.ctrl("x"))), .input(.key(.enter))]
            default: steps += [.input(.key(.char("m"))), .input(.key(.down)), .input(.key(.enter)), .input(.key(.escape))]
            }
        } else {
            switch rng.below(10) {
            // Global sign-outs ask first: Enter, y or a click on the dialog's button confirms.
            case ..<4: steps += [.input(.key(.enter)), .input(.key(.enter))]
            case ..<6: steps += [.input(.key(.char("w"))), .input(.key(.enter)), .input(.key(.char("y"))), .input(.key(.char("w")))]
            case ..<8: steps += [.click { $0 == .command(.brokerSignOut) }, .click { $0 == .command(.confirmAction) }]
            default:
                steps += [.click { if case .pane = $0 { true } else { false } }, .input(.key(.char("u"))), .input(.key(.char("y")))]
            }
        }
        plan = steps
    }

    /// Removes the work account in Android's Settings (no broadcast), by its key or its
    /// button, confirmed in the forecast dialog by a key or a click.
    private mutating func planSettingsRemoval() {
        plan = escapesToHub + (rng.chance(0.5) ? [.input(.key(.char("S")))] : [.click { $0 == .command(.device(.removeAccountFromSettings)) }])
            + [rng.chance(0.7) ? .input(.key(rng.chance(0.5) ? .enter : .char("y"))) : .click { $0 == .command(.confirmAction) }]
    }

    /// Leaves the device alone until Managed Home Screen's countdown dialog shows (the policy's
    /// `inactive_time_to_signout`), then mostly dismisses it (Enter, Esc, `y` or its button),
    /// sometimes lets it run out: the automatic sign-out (Microsoft Learn, Managed Home Screen).
    private mutating func planIdle() {
        let policy = model.device.tenant.managedHomeScreen
        var steps: [PlanStep] = [.input(.tick(Double(policy.inactiveTimeToSignOut)))]
        switch rng.below(10) {
        case ..<3: steps.append(.input(.key(.enter)))
        case ..<4: steps.append(.input(.key(.escape)))
        case ..<5: steps.append(.input(.key(.char("y"))))
        case ..<7: steps.append(.click { $0 == .command(.device(.dismissAutoSignOut)) })
        // Part of the countdown, then all of it.
        case ..<8: steps += [.input(.tick(Double(policy.autoSignOutTimeToGiveUserNotice / 2))), .input(.key(.enter))]
        default: steps.append(.input(.tick(Double(policy.autoSignOutTimeToGiveUserNotice))))
        }
        plan = steps
    }

    /// Arms or disarms a fault the way QA does (Docs/faults.md): focuses a pane, opens its faults
    /// menu (`!` or the pane's faults button), and picks a row by keys (Down, `+`/`-` on a
    /// duration, Enter) or by a click, now and then the disarm row. A fault may cause a leak,
    /// never a broken device: every invariant of the walk holds with faults armed.
    private mutating func planFault() {
        var steps = escapesToHub
        if rng.chance(0.5) {
            steps += Array(repeating: .input(.key(.tab)), count: rng.int(in: 1...model.device.apps.count + 1))
        } else {
            steps.append(.click { if case .pane = $0 { true } else { false } })
        }
        steps.append(rng.chance(0.6) ? .input(.key(.char("!"))) : .click { if case .appCommand(.faultsMenu, _) = $0 { true } else { false } })
        // The kinds, then the disarm row while the app has one armed.
        let row = rng.below(FaultKind.allCases.count + (rng.chance(0.2) ? 1 : 0))
        if rng.chance(0.6) {
            steps += Array(repeating: .input(.key(.down)), count: row)
            for _ in 0..<rng.weighted([(6, 0), (3, 1), (1, 3)]) { steps.append(.input(.key(.char(rng.chance(0.7) ? "+" : "-")))) }
            steps.append(.input(.key(.enter)))
        } else {
            steps.append(.click { $0 == .faultMenu(.row(row)) })
        }
        plan = steps
    }

    /// Focuses a pane (Tab or a click) and works its app: mostly launch, sometimes background,
    /// suspend, terminate, back to the Hub, and on entra-ios sign in or out from the app.
    private mutating func planApp() {
        var steps = escapesToHub
        if rng.chance(0.5) {
            steps += Array(repeating: .input(.key(.tab)), count: rng.int(in: 1...model.device.apps.count + 1))
        } else {
            steps.append(.click { if case .pane = $0 { true } else { false } })
        }
        for _ in 0..<rng.int(in: 1...3) {
            let key: Character = rng.weighted([(8, "l"), (2, "b"), (1, "s"), (1, "t"), (1, "h"), (1, "i"), (1, "u"), (1, "w")])
            steps.append(.input(.key(rng.chance(0.2) && key == "l" ? .enter : .char(key))))
        }
        if rng.chance(0.3) {
            steps.append(.click { if case .appCommand = $0 { true } else { false } })
        }
        plan = steps
    }
}

/// Paints nowhere: counts the frames `FrameLoop` painted (the loop keeps the last one as `shown`).
struct FrameRecorder: FramePainter {
    private(set) var count = 0
    mutating func paint(_ frame: Frame) { count += 1 }
    mutating func invalidate() {}
}
