import SessionEngine

/// What a pane shows about its app that the device works out by looking beyond the app:
/// its findings (searched among every app's), its token and the rules of its single sign-on
/// set-up (checked against every other app's), what step mode holds for it (searched among
/// every held delivery), its verdict. Worked out on every frame, each pane cost time in
/// proportion to the apps on the device (a frame of 1,000 apps at 200x60 took 41 ms of CPU in
/// the debug build, 7 ms of it drawing); kept with the model for the panes on screen, per
/// `contentRevision` of the device (the way `ScrollLayout` keeps a scrolling view's rows), a frame costs what
/// it draws (`hubsim-bench frames`).
struct PaneFacts: Sendable {
    /// The finding of a leak this app shows now (its border goes red).
    var leak: LeakFinding?
    /// Another user's data the app keeps at rest.
    var exposure: LeakFinding?
    var tokenStatus: TokenStatus
    var misconfigurations: [SSOMisconfiguration]
    /// Deliveries step mode holds for the app, in order.
    var held: [Delivery]
    var verdict: AppVerdict
    /// Faults armed on the app, in the order they fire (Docs/faults.md).
    var armed: [ArmedFault]
    /// The last fault that fired on the app, and the one its verdict names (a leak or will-leak
    /// it explains, a crash it caused), if any.
    var fired: FaultEffect?
    var explaining: FaultEffect?

    /// `misconfigurations`: the app's, when worked out with other panes' (one index of the apps for them all).
    init(_ d: SharedDevice, _ app: AppRuntime, misconfigurations: [SSOMisconfiguration]? = nil) {
        LayoutWork.tell(.appFacts)
        leak = d.findings.first { $0.app == app.id && $0.severity == .visibleLeak }
        exposure = d.findings.first { $0.app == app.id && $0.severity == .atRestExposure }
        tokenStatus = d.tokenStatus(of: app.id)
        self.misconfigurations = misconfigurations ?? d.misconfigurations(of: app.id)
        held = d.heldDeliveries.filter { $0.app == app.id }
        verdict = d.verdict(of: app)
        armed = d.armedFaults(of: app.id)
        fired = d.faultEffects(of: app.id).last
        explaining = verdict.isLeakOrWillLeak ? d.explainingFault(of: app.id, owners: verdict.owners)
            : verdict.kind == .crashed && verdict.cause?.hasPrefix("injected") == true ? fired : nil
    }
}

/// The facts of the panes on screen, for one `contentRevision` of the device.
struct KeptPaneFacts: Sendable {
    var contentRevision: Int
    var byApp: [AppID: PaneFacts]
}

extension HubModel {
    /// Works out the facts of the panes the panes view shows at the model's size; those
    /// already worked out for this `contentRevision` of the device are kept (focus moving within the
    /// page works out nothing, to the next page only the panes it brings).
    mutating func refreshPaneFacts() {
        guard view == .panes, !isTooSmall, let tiling = PanesView.tiling(self, width: width, height: height) else {
            cache.paneFacts = nil
            return
        }
        let revision = device.contentRevision
        let before = cache.paneFacts?.contentRevision == revision ? cache.paneFacts!.byApp : [:]
        let apps = device.apps
        let missing = tiling.panes.map { apps[$0.index].id }.filter { before[$0] == nil }
        let problems = missing.isEmpty ? [:] : device.misconfigurations(of: missing)
        var now: [AppID: PaneFacts] = [:]
        for (index, _) in tiling.panes {
            let app = apps[index]
            now[app.id] = before[app.id] ?? PaneFacts(device, app, misconfigurations: problems[app.id] ?? [])
        }
        cache.paneFacts = KeptPaneFacts(contentRevision: revision, byApp: now)
    }

    /// The facts of `app`'s pane: kept, or worked out afresh (a frame at another size than
    /// the model's, a model whose device changed without an event, such as a scenario's step).
    func paneFacts(of app: AppRuntime) -> PaneFacts {
        LayoutWork.tell(.paneDrawn)
        if let kept = cache.paneFacts, kept.contentRevision == device.contentRevision, let facts = kept.byApp[app.id] { return facts }
        return PaneFacts(device, app)
    }
}
