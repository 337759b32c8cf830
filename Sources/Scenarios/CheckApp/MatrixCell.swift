import AppBridge
import SessionEngine

/// One cell of the matrix while it runs: the device, the bridge to the app's process, and
/// what has been seen so far. Every device event is followed by `AppBridge.settle`, so the
/// program has answered (or timed out) before the next one, and then by a look at the app:
/// the first leak, hang, crash or fault seen is the cell's verdict, whenever it happens (a
/// leak the app cleans up a moment later was still on the screen).
struct MatrixCell {
    var device: SharedDevice
    let bridge: AppBridge
    let app: AppID
    private(set) var verdict: CheckAppCell.Verdict = .handled
    private(set) var notes: [String] = []
    /// How to fix the leak, in a line with the protocol page's anchor (nil: no leak).
    private(set) var advice: String?
    /// The step being taken, for where a hang or crash happened.
    private var step = "start"
    /// Where the app's log and storage stood when the transition began.
    private var mark = (log: 0, keys: Set<String>())
    /// The last event-log line looked at: a leak the program showed and then cleaned within
    /// one step (a screen drawn at launch, gone after the callbacks) is still a leak.
    private var seenSeq = 0

    init(device: SharedDevice, bridge: AppBridge, app: AppID) {
        self.device = device; self.bridge = bridge; self.app = app
    }

    /// Takes one device event (nil: done; a refusal is noted, as the rest of the cell may
    /// still say something), lets the app answer, and looks at it.
    mutating func act(_ label: String, _ event: (inout SharedDevice) -> Refusal?) {
        step = label
        let (refusal, sent) = device.sendingRequests(event)
        bridge.perform(sent.map(DeviceEffect.request))
        if let refusal { notes.append("\(label) refused: \(refusal)") }
        // Nobody is at the device to type credentials: a sign-in prompt is cancelled.
        bridge.settle(&device, cancellingPrompts: true)
        observe()
    }

    /// The transition begins: what reaches the app and what it does are counted from here.
    mutating func markTransition() {
        guard let runtime = device.app(app) else { return }
        mark = (runtime.log.count, Set(runtime.storage.map(\.id)))
    }

    private mutating func observe() {
        guard verdict == .handled, let runtime = device.app(app) else { return }
        let shown = device.log.entries(after: seenSeq).first { $0.kind == .leak && $0.app == app }
        seenSeq = device.log.nextSeq - 1
        let standing = device.findings.first { $0.app == app && $0.severity == .visibleLeak }
        if standing != nil || shown != nil {
            // The engine's line names the items by key, whose they are, to whom, and the event
            // the program had just answered; a leak counted earlier in its episode is worded here.
            let prefix = "LEAK: \(app) "
            let line = shown.map { $0.text.hasPrefix(prefix) ? String($0.text.dropFirst(prefix.count)) : $0.text }
                ?? standing.map { leakLine($0, runtime) } ?? ""
            verdict = .leaked(line + " (at \(step)" + (standing == nil ? "; gone by the step's end)" : ")"))
            advice = LeakAdvice.line(profile: device.profile, event: Self.answeredEvent(in: line))
            return
        }
        // The engine's verdict of the program's process, as the pane shows it.
        let judged = device.verdict(of: runtime)
        let cause = judged.cause ?? ""
        switch judged.kind {
        case .hung: verdict = .hung("no answer to \(cause) (at \(step))")
        case .faulted: verdict = .faulted("\(cause) (at \(step))")
        case .crashed:
            var lastLine: String?
            if case let .exited(_, lines)? = runtime.process?.health { lastLine = lines.last }
            verdict = .crashed("\(cause) at \(step)" + (lastLine.map { "; last stderr line: \($0)" } ?? ""))
        default: break
        }
    }

    /// The event named in a leak's line (`… after answering app/foreground`), if any.
    static func answeredEvent(in line: String) -> String? {
        guard let range = line.range(of: " after answering ") else { return nil }
        return line[range.upperBound...].split(separator: " ").first.map(String.init)
    }

    /// The leak in a line: which items of which user the app shows, and to whom.
    private func leakLine(_ leak: LeakFinding, _ runtime: AppRuntime) -> String {
        let shown = device.visibleItems(of: runtime).map(\.item).filter { $0.owner != nil && $0.owner != leak.currentUser }
        var parts: [String] = []
        let owners = Array(Set(shown.compactMap(\.owner))).sorted()
        for owner in owners {
            let keys = shown.filter { $0.owner == owner }.map { "'\($0.id)'" }
            parts.append("\(owner)'s \(keys.joined(separator: ", "))")
        }
        if leak.token == true { parts.append("uses \(leak.owners.map { "\($0)'s" }.joined(separator: " and ")) token") }
        let to = leak.currentUser.map { "to \($0)" }
            ?? (device.profile.id == .workspaceOne ? "while the device is checked in" : "while nobody is signed in")
        let what = parts.isEmpty ? "shows \(leak.owners.map(\.name).joined(separator: ", "))'s data" : "shows " + parts.joined(separator: "; ")
        return "\(what) \(to)"
    }

    /// The cell's result: what reached the app and what it did since the transition began.
    /// `strict`: another user's item the app can still read at rest at the cell's end (an
    /// exposure) fails the cell too.
    func judge(_ transition: ShiftTransition, _ state: ShiftAppState, strict: Bool = false) -> CheckAppCell {
        guard let runtime = device.app(app) else {
            return CheckAppCell(transition: transition, state: state, delivered: [], did: [], verdict: verdict, notes: notes, duration: 0)
        }
        let entries = (mark.log..<runtime.log.count).map { runtime.log[$0] }
        let delivered = entries.compactMap(Self.deliveredName)
        var did: [String] = []
        var calls: [String] = []
        var refused: [String] = []
        for e in entries where e.kind == .call {
            // A refused call is listed apart, with its reason (`acquireTokenSilent refused:
            // client not registered`); an answered one once, by its name.
            if let reason = e.refusalReason {
                let line = "\(e.name) refused: \(reason)"
                if !refused.contains(line) { refused.append(line) }
            } else if !calls.contains(e.name) {
                calls.append(e.name)
            }
        }
        if !calls.isEmpty { did.append("called " + calls.joined(separator: ", ")) }
        did += refused
        let keys = Set(runtime.storage.map(\.id))
        let deleted = mark.keys.subtracting(keys).sorted()
        let stored = keys.subtracting(mark.keys).sorted()
        if !deleted.isEmpty { did.append("deleted " + deleted.joined(separator: ", ")) }
        if !stored.isEmpty { did.append("stored " + stored.joined(separator: ", ")) }
        let user = device.state.user
        let kept = runtime.storage.filter { $0.owner != nil && $0.owner != user && device.open($0, in: runtime) != nil }
        var exposure: String?
        if !kept.isEmpty {
            let items = kept.map { "\($0.owner!)'s \($0.id) (\(Self.protection($0.dataClass)))" }.joined(separator: ", ")
            did.append("kept " + items)
            let viewer = user.map { device.profile.family == .workspaceOne ? "while \($0) has the device" : "while \($0) is signed in" }
                ?? (device.profile.family == .workspaceOne ? "while the device is checked in" : "while nobody is signed in")
            exposure = "keeps " + kept.map { "\($0.owner!)'s '\($0.id)' (\(Self.protection($0.dataClass)))" }.joined(separator: ", ")
                + " readable at rest \(viewer)"
        }
        if runtime.lifecycle.isRunning, let screen = runtime.process?.screen {
            did.append("shows " + (screen.user.map(\.name) ?? "nobody") + (screen.items.isEmpty ? "" : ": " + screen.items.joined(separator: ", ")))
        } else if !runtime.lifecycle.isRunning {
            did.append("not running")
        }
        var verdict = self.verdict
        var advice = self.advice
        if strict, verdict == .handled, let exposure {
            verdict = .exposed(exposure)
            advice = LeakAdvice.exposureLine(profile: device.profile)
        }
        return CheckAppCell(transition: transition, state: state, delivered: delivered, did: did, verdict: verdict,
                            notes: notes, duration: 0, exposure: exposure, advice: advice)
    }

    /// Ends the program (no process outlives its cell).
    mutating func shutdown() { bridge.shutdown(&device) }

    /// Ends the program at once: it never got through `initialize`.
    mutating func killNow() { bridge.killNow(&device) }

    /// An app log entry as the table's `delivered` column names it (nil: not something that
    /// reached the app). The SDK's long names are shortened (`CheckAppText.legend`).
    static func deliveredName(_ e: AppLogEntry) -> String? {
        switch e.kind {
        case .lifecycle:
            switch e.name {
            case AppLifecycle.foreground.rawValue: return e.detail == "cold start" ? "launch" : "foreground"
            case AppLifecycle.background.rawValue: return "background"
            case AppLifecycle.suspended.rawValue: return "suspend"
            case AppLifecycle.terminated.rawValue: return e.detail == "process ended" ? "exited" : "terminate"
            default: return nil
            }
        case .callback:
            switch e.name {
            case API.didWipeCurrentUserData: return "wipe"
            case API.didDetectUserChange: return "userChange"
            case API.didFinishInitialCheck:
                return e.detail.contains(API.sharedDeviceNotCheckedOut) ? "initialCheck(notCheckedOut)" : "initialCheck"
            // The SDK's own Objective-C names for its optional data-access callbacks.
            case API.willPromptForPasscode: return "willLock"
            case API.didLockDataAccess: return "lock"
            case API.didUnlockDataAccess: return "unlock"
            default: return e.name
            }
        case .notification:
            switch e.name {
            case API.accountChangedNotification: return "accountChanged"
            case API.currentAccountChangedBroadcast: return "broadcast(\(e.detail))"
            default: return e.name
            }
        case .missed:
            switch e.name {
            case API.accountChangedNotification: return "missed accountChanged"
            // The app's log names the reason, not the type: only GLOBAL_SIGN_OUT is written when missed.
            case API.currentAccountChangedBroadcast:
                return e.detail == MissReason.accountRemovedInSettings.rawValue ? "no broadcast (account removed in Settings)"
                    : "missed broadcast (\(e.detail))"
            default: return "missed " + e.name
            }
        case .call, .data, .process, .output, .fault: return nil
        }
    }

    private static func protection(_ dataClass: DataClass) -> String {
        switch dataClass {
        case .sdkEncrypted: "sdk"
        case .externalEncrypted: "user"
        case .plain, .preference, .common: "plain"
        }
    }
}
