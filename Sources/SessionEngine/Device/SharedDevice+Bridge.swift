/// The app port: how an app's own code is reached, and how a developer's program reaches
/// the device (Docs/bridge-protocol.md, Docs/architecture.md).
///
/// Every delivery to every app goes through `reach(_:with:_:queue:)`. The catalogue's apps
/// are one implementation of the port (`SimulatedApp`, answering at once); a developer's
/// program is the other: the event is returned to the caller as an effect (`Applied`), the
/// bridge (a module of its own) sends it, and the program's answer comes back as an event of
/// this state machine (`appAnswered`, `appHung`, `appExited`, …). Until then the app awaits
/// it. The engine itself never waits.
extension SharedDevice {
    // MARK: events to an app's own code

    /// What the app's own code does with `event`, inside a `withApp` closure: the catalogue's
    /// apps act at once; for a developer's program the event is queued in `requests`, which
    /// the caller hands to `send(_:to:)` once the closure is done.
    static func reach(_ app: inout AppRuntime, with event: AppEvent, _ ctx: AppContext, queue requests: inout [AppEvent]) {
        if app.definition.isExternal { requests.append(event) } else { SimulatedApp.respond(to: event, &app, ctx) }
    }

    /// Sends `events` to the developer's program `id`, in order: each gets its serial and is
    /// awaited until the program answers it; the public event that caused it returns it as an
    /// effect (`sendingRequests`).
    mutating func send(_ events: [AppEvent], to id: AppID) {
        guard !events.isEmpty else { return }
        var requests: [AppRequest] = []
        for event in events {
            requests.append(AppRequest(serial: nextRequestSerial, app: id, event: event))
            nextRequestSerial += 1
        }
        withApp(id) { app in
            if app.process == nil { app.process = AppProcess() }
            app.process?.awaiting.append(contentsOf: requests)
        }
    }

    /// Runs `event` (an event method, a program's call, a report of the bridge) and returns,
    /// beside its result, the requests it sent to developers' programs, in order: those whose
    /// serial it drew and that are still awaited when it returns (one it sent and dropped
    /// again, as a process that ended takes its events with it, is not returned).
    public mutating func sendingRequests<T>(_ event: (inout SharedDevice) -> T) -> (T, [AppRequest]) {
        let first = nextRequestSerial
        let result = event(&self)
        guard nextRequestSerial > first else { return (result, []) }
        let sent = snapshot.apps.lazy.filter(\.definition.isExternal).flatMap { $0.process?.awaiting ?? [] }
        return (result, sent.filter { $0.serial >= first }.sorted { $0.serial < $1.serial })
    }

    /// A developer's program with events queued or in hand is redrawing: the screen it had
    /// before is not judged then. What it shows is judged after each answer it gives (the
    /// answer to `app/launch` included, before the SDK's callbacks: a screen drawn there is
    /// seen), whenever it has nothing in hand, and once it is found hung. The catalogue's apps
    /// answer at once.
    func isHandling(_ app: AppRuntime) -> Bool {
        guard app.definition.isExternal, app.id != answering else { return false }
        if case .hung = app.process?.health { return false }
        return !(app.process?.awaiting.isEmpty ?? true)
    }

    /// Whether the app still awaits the answer to the request `serial`: a request the device
    /// dropped since (its process ended or faulted) is not sent.
    public func awaits(_ request: AppRequest) -> Bool {
        app(request.app)?.process?.awaiting.contains { $0.serial == request.serial } ?? false
    }

    // MARK: the program's process, as the bridge reports it

    /// The program's process started (at the app's cold launch).
    public mutating func appStarted(_ id: AppID, pid: Int32) {
        let now = self.now
        withApp(id) { app in
            var process = AppProcess(pid: pid)
            process.awaiting = app.process?.awaiting ?? []
            process.exitsInARow = app.process?.exitsInARow ?? 0
            app.process = process
            app.record(now, .process, "started", "process \(pid)")
        }
        logEvent(.lifecycle, app: id, "\(id): process \(pid) started")
    }

    /// The program's `initialize` answer listed the SDK's optional callbacks it implements
    /// (Docs/bridge-protocol.md, "Optional callbacks"); those hubsim does not know are ignored.
    public mutating func appImplements(_ id: AppID, optionalCallbacks names: [String]) {
        let known = Set([AppEvent.controllerWillPromptForPasscode, .controllerDidLockDataAccess, .controllerDidUnlockDataAccess].map(\.name))
        let taken = names.filter(known.contains)
        guard !taken.isEmpty else { return }
        withApp(id) { app in
            if app.process == nil { app.process = AppProcess() }
            app.process?.optionalCallbacks = Set(taken)
        }
    }

    /// The program answered the event `serial` (its handshake included: it runs now). `method`
    /// is how the bridge named the event to the program: a leak seen now names it, so the
    /// developer finds the handler in their code (nil: the leak's line names no event).
    public mutating func appAnswered(_ id: AppID, serial: Int, method: String? = nil) {
        var late: String?
        var answeredEvent = false
        withApp(id) { app in
            guard var process = app.process else { return }
            answeredEvent = process.awaiting.contains { $0.serial == serial }
            if case let .hung(what) = process.health { late = what }
            process.awaiting.removeAll { $0.serial == serial }
            if process.isAlive { process.health = process.awaiting.isEmpty || late == nil ? .running : process.health }
            if process.health == .running, app.lifecycle.isRunning { process.exitsInARow = 0 }
            app.process = process
        }
        if let late { note(id, "answered at last (was hung on \(late))") }
        // Judged as it stands after this answer, even with more events to come.
        answering = id
        answered = answeredEvent ? method : nil
        audit(touching: [id])
        answering = nil
        answered = nil
    }

    /// An event went unanswered past the app's time limit: the pane says what it did not
    /// answer; the device goes on without waiting.
    public mutating func appHung(_ id: AppID, serial: Int) {
        guard let i = appIndex[id], let request = snapshot.apps[i].process?.awaiting.first(where: { $0.serial == serial }),
              snapshot.apps[i].process?.isAlive == true else { return }
        if case .hung = snapshot.apps[i].process?.health { return }
        snapshot.apps[i].process?.health = .hung(request.event.name)
        note(id, "hung: no answer to \(request.event.name)")
        audit(touching: [id])
    }

    /// An event the bridge could not deliver (the process is gone and is not restarted).
    public mutating func appMissed(_ id: AppID, serial: Int, why: String) {
        var name: String?
        withApp(id) { app in
            name = app.process?.awaiting.first { $0.serial == serial }?.event.name
            app.process?.awaiting.removeAll { $0.serial == serial }
        }
        if let name { logEvent(.delivery, app: id, "dropped: \(id): \(name) (\(why))") }
    }

    /// The process ended: an exit status in words (`exit 1`, `killed by SIGKILL`), and its
    /// last lines of standard error. The app is terminated (the next launch is a cold start);
    /// what it stored stays on the device. `expected`: it ended after `app/terminate`.
    public mutating func appExited(_ id: AppID, status: String, lastLines: [String], expected: Bool) {
        guard let i = appIndex[id] else { return }
        touch()
        var process = snapshot.apps[i].process ?? AppProcess()
        // Nobody to tell: the next launch starts afresh, and what the ended process was sent
        // goes with it. After `app/terminate` the person may have launched the app again: the
        // events from that cold launch on are the next process's, and stay.
        let relaunched = expected && snapshot.apps[i].lifecycle.isRunning
        let next = relaunched ? process.awaiting.lastIndex { $0.event == .launch } : nil
        process.awaiting = next.map { Array(process.awaiting[$0...]) } ?? []
        process.screen = nil
        process.shown = []
        process.pid = nil
        if !expected { process.exitsInARow += 1 }
        process.health = .exited(status: status, lastLines: lastLines.map(Self.printable))
        snapshot.apps[i].process = process
        if expected {
            snapshot.apps[i].record(now, .process, "ended", status)
            logEvent(.lifecycle, app: id, "\(id): process ended (\(status))")
        } else {
            snapshot.apps[i].record(now, .process, "crashed", status)
            logEvent(.event, app: id, "\(id): process ended unexpectedly (\(status))")
            processGone(i, detail: "process ended")
        }
        audit(touching: [id])
    }

    /// A device restored from its file: the programs that were running ended with the hubsim
    /// that ran them, so their apps are terminated (the next launch is a cold start), as an
    /// iOS restart leaves every app. Nothing is sent: there is no process to tell.
    public mutating func programsEndedWithPreviousRun() {
        for i in snapshot.apps.indices where snapshot.apps[i].definition.isExternal && snapshot.apps[i].lifecycle.isRunning {
            let id = snapshot.apps[i].id
            if snapshot.foreground == .app(id) { snapshot.foreground = .hub }
            snapshot.apps[i].process = nil
            snapshot.apps[i].lifecycle = .terminated
            snapshot.apps[i].record(now, .process, "ended", "its process ended with the previous hubsim")
            logEvent(.lifecycle, app: id, "\(id): terminated (its process ended with the previous hubsim)")
        }
        let external = Set(snapshot.apps.filter(\.definition.isExternal).map(\.id))
        snapshot.heldDeliveries.removeAll { external.contains($0.app) }
        audit()
    }

    /// The program broke the protocol past what is forgiven: the bridge stopped it.
    public mutating func appFaulted(_ id: AppID, reason: String) {
        guard let i = appIndex[id] else { return }
        touch()
        snapshot.apps[i].process?.health = .faulted(Self.printable(reason))
        snapshot.apps[i].process?.pid = nil
        snapshot.apps[i].process?.awaiting = []
        snapshot.apps[i].process?.screen = nil
        snapshot.apps[i].process?.shown = []
        snapshot.apps[i].record(now, .process, "faulted", Self.printable(reason))
        logEvent(.event, app: id, "\(id): faulted: \(Self.printable(reason))")
        processGone(i, detail: "stopped: faulted")
        audit(touching: [id])
    }

    /// The app at `i` lost its process while it ran: terminated, as iOS leaves an app that
    /// crashed; what was held for it goes, and so does a sign-in prompt it had open.
    private mutating func processGone(_ i: Int, detail: String) {
        guard snapshot.apps[i].lifecycle.isRunning else { return }
        let id = snapshot.apps[i].id
        if snapshot.foreground == .app(id) { snapshot.foreground = .hub }
        setLifecycle(id, .terminated, detail: detail)
        snapshot.heldDeliveries.removeAll { $0.app == id }
        endTokenRequest(of: id)
    }

    /// A protocol error the program caused (not JSON, unknown method, bad params): a line in
    /// its log. The bridge counts them and faults the program at ten in a row.
    public mutating func appWarned(_ id: AppID, _ problem: String) {
        let now = self.now
        withApp(id) { $0.record(now, .process, "warning", Self.printable(problem)) }
    }

    /// A line the program wrote to its standard error: its own log, shown in the pane's log.
    public mutating func appWrote(_ id: AppID, _ line: String) {
        let now = self.now
        withApp(id) { $0.record(now, .output, "stderr", Self.printable(line)) }
    }

    private mutating func note(_ id: AppID, _ text: String) {
        let now = self.now
        withApp(id) { $0.record(now, .process, "health", text) }
        logEvent(.event, app: id, "\(id): \(text)")
    }

    /// `text` as a line a pane may show and the store keep: its control characters escaped
    /// (`PrintableText`, the rule of every message), at most 200 characters.
    static func printable(_ text: String) -> String {
        PrintableText.escaped(text.count > 200 ? String(text.prefix(200)) + "…" : text)
    }

    /// Whether `text` has nothing `PrintableText` would escape.
    static func isPrintable(_ text: String) -> Bool { !text.unicodeScalars.contains(where: PrintableText.needsEscape) }
}
