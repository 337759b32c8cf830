/// Entra shared device mode on Android (the entra-android and android-mhs profiles): the
/// broker's `CURRENT_ACCOUNT_CHANGED` broadcast, `isSharedDevice()` read once per process,
/// the account removed in Settings, and Intune clearing the data of apps not written for
/// shared device mode. The global sign-in and sign-out themselves are the Entra family's
/// (`SharedDevice+Entra.swift`); only how apps are told differs (`DeliveryRule.androidBroadcast`).
extension SharedDevice {
    /// The registration's steps, after the apps are pushed: an app launched during enrollment
    /// reads `isSharedDevice()` false and, with a receiver registered at run time, gets both
    /// broadcasts (MSAL for Android, `SharedDeviceModeConstants`).
    static let androidRegistrationSteps: [(step: String, type: BroadcastType)] = [
        ("\(brokerAppName): registration started (\(BroadcastType.registrationStart.rawValue))", .registrationStart),
        ("\(brokerAppName): registered in shared device mode (\(BroadcastType.registered.rawValue))", .registered),
    ]

    /// Whether the broker has registered the device in shared device mode: on Android once it
    /// sent `SDM_REGISTERED`; on iOS once enrolled, unless the MDM set-up kept it out.
    public var isRegisteredInSharedMode: Bool {
        switch profile.platform {
        case .android: snapshot.android?.registered ?? false
        case .iOS: profile.isEntra && state.isEnrolled && notInSharedDeviceModeBecause == nil
        }
    }

    /// MSAL `isSharedDevice()` as `app` has it: the value its process read when it was created,
    /// stale until the app is recreated (the MSAL for Android tracker, "MSFT apps do not get SDM state updates"); an app not running
    /// would read the device's mode now.
    public func isSharedDevice(of app: AppRuntime) -> Bool {
        snapshot.android?.sharedDeviceReads[app.id] ?? isRegisteredInSharedMode
    }

    /// Whether `app`'s `isSharedDevice()` no longer says what the device is.
    public func isSharedDeviceStale(of app: AppRuntime) -> Bool {
        guard let read = snapshot.android?.sharedDeviceReads[app.id] else { return false }
        return read != isRegisteredInSharedMode
    }

    /// The pane's line for a running MSAL app on Android: `isSharedDevice(): true`, or
    /// `isSharedDevice(): false (stale: read before SDM_REGISTERED)`; nil for other apps.
    public func isSharedDeviceLine(of app: AppRuntime) -> String? {
        guard profile.platform == .android, app.definition.msal != nil,
              let read = snapshot.android?.sharedDeviceReads[app.id] else { return nil }
        let value = "\(API.isSharedDevice)(): \(read)"
        guard read != isRegisteredInSharedMode else { return value }
        return value + (read ? " (stale: read while the device was in shared device mode)"
                             : " (stale: read before \(BroadcastType.registered.rawValue))")
    }

    // MARK: processes

    /// An app's process started or ended (`setLifecycle`): an MSAL app on Android reads
    /// `isSharedDevice()` as its `PublicClientApplication` is created; a cached process that
    /// resumes gets the broadcasts queued for it; one that ends loses them.
    mutating func processChanged(_ id: AppID, from old: AppLifecycle, to new: AppLifecycle) {
        guard profile.platform == .android, let i = appIndex[id] else { return }
        if !old.isRunning && new.isRunning, snapshot.apps[i].definition.msal != nil {
            let read = isRegisteredInSharedMode
            if snapshot.android == nil { snapshot.android = AndroidDeviceState() }
            snapshot.android?.sharedDeviceReads[id] = read
            snapshot.apps[i].record(now, .call, API.isSharedDevice, "\(read) (read once, as the process starts)")
            logEvent(.call, app: id, "\(id) → \(API.isSharedDevice)(): \(read)")
        } else if old.isRunning && !new.isRunning, snapshot.android != nil {
            snapshot.android?.sharedDeviceReads[id] = nil
            let dropped = snapshot.android?.queued.filter { $0.app == id } ?? []
            if !dropped.isEmpty {
                snapshot.android?.queued.removeAll { $0.app == id }
                for d in dropped { logEvent(.delivery, app: id, "dropped: \(d.label) (queued while cached; the process ended)") }
            }
        } else if old == .suspended && new.isRunning && new != .suspended {
            deliverQueuedBroadcasts(to: id)
        }
    }

    /// Whether a broadcast waits for `app` to leave the cached state.
    public func hasQueuedBroadcast(_ app: AppID) -> Bool { snapshot.android?.queued.contains { $0.app == app } ?? false }

    private mutating func deliverQueuedBroadcasts(to id: AppID) {
        guard let waiting = snapshot.android?.queued.filter({ $0.app == id }), !waiting.isEmpty else { return }
        snapshot.android?.queued.removeAll { $0.app == id }
        for d in waiting {
            logEvent(.delivery, app: id, "released: \(d.label) (queued while cached)")
            schedule(d)
        }
    }

    // MARK: the broadcast

    /// The broker sends `CURRENT_ACCOUNT_CHANGED` with `BROADCAST_TYPE` = `type`. Each app's
    /// receiver gets it through `schedule` (faults and step mode apply); a manifest receiver,
    /// no receiver or a stopped process get nothing (Microsoft Learn, "Shared device mode for
    /// Android devices"); a cached process gets it when it resumes (Android 14). A
    /// `GLOBAL_SIGN_OUT` missed is written in the app's own log, so its pane says why.
    mutating func postBroadcast(_ type: BroadcastType) {
        logEvent(.event, "\(profile.brokerName) sent \(API.currentAccountChangedBroadcast) (\(API.broadcastType): \(type.rawValue))")
        var delivered = false, missed = false
        let now = self.now
        for i in snapshot.apps.indices where snapshot.apps[i].definition.workspaceOneSupport == nil {
            let id = snapshot.apps[i].id
            switch MissReason.of(snapshot.apps[i], on: .android) {
            case nil:
                delivered = true
                schedule(Delivery(app: id, kind: .broadcast(type)), at: i)
            case .cached?:
                delivered = true
                queue(Delivery(app: id, kind: .broadcast(type)))
            case let reason?:
                missed = true
                guard type == .globalSignOut else { continue }
                snapshot.apps[i].record(now, .missed, API.currentAccountChangedBroadcast, reason.rawValue)
                logEvent(.delivery, app: id, "\(id) missed \(API.currentAccountChangedBroadcast) (\(type.rawValue)) (\(reason.rawValue))")
            }
        }
        if delivered { cover(.broadcast(type, delivered: true)) }
        if missed { cover(.broadcast(type, delivered: false)) }
    }

    /// Queues `d` for a cached process, once per app and type.
    private mutating func queue(_ d: Delivery) {
        if snapshot.android == nil { snapshot.android = AndroidDeviceState() }
        guard snapshot.android?.queued.contains(d) == false else { return }
        snapshot.android?.queued.append(d)
        logEvent(.delivery, app: d.app, "queued: \(d.label) (\(MissReason.cached.rawValue))")
    }

    /// An app's receiver gets the broadcast. At `GLOBAL_SIGN_OUT` the catalogue's app asks
    /// `getCurrentAccountAsync` and clears the previous user's data in `onAccountChanged`, as
    /// Microsoft Learn's Android tutorial does; at `SDM_REGISTERED` MSAL clears its account
    /// cache (MSAL for Android common library, `SDMBroadcastReceiver`), and the app's
    /// `isSharedDevice()` stays what it read. A developer's program is told and decides.
    mutating func receiveBroadcast(_ type: BroadcastType, _ id: AppID, at i: Int) {
        snapshot.apps[i].record(now, .notification, API.currentAccountChangedBroadcast, type.rawValue)
        logEvent(.notification, app: id, message: .received("\(API.currentAccountChangedBroadcast) (\(type.rawValue))"))
        if snapshot.apps[i].definition.isExternal {
            if type == .globalSignOut { send([.sharedModeCurrentAccountChanged], to: id) }
            return
        }
        switch type {
        case .registrationStart:
            break
        case .registered:
            snapshot.apps[i].record(now, .data, "cache", "MSAL cleared its account cache: the device is in shared device mode")
            if let line = isSharedDeviceLine(of: snapshot.apps[i]), isSharedDeviceStale(of: snapshot.apps[i]) {
                snapshot.apps[i].record(now, .data, "mode", line)
            }
        case .globalSignOut:
            accountCheck(id, at: i, reason: .broadcast)
        }
    }

    // MARK: the registration

    /// The install step at `progress.completed` on Android, if it is one of the broker's
    /// registration steps: its broadcast goes out, and `SDM_REGISTERED` puts the device in
    /// shared device mode.
    mutating func androidRegistrationStep(at completed: Int) {
        guard profile.platform == .android else { return }
        let k = completed - profile.installSteps.count - snapshot.appSet.count
        guard Self.androidRegistrationSteps.indices.contains(k) else { return }
        let type = Self.androidRegistrationSteps[k].type
        if type == .registered {
            if snapshot.android == nil { snapshot.android = AndroidDeviceState() }
            snapshot.android?.registered = true
            cover(.registration(brokenRule: nil))
        }
        postBroadcast(type)
    }

    // MARK: Settings

    /// **remove the account in Settings** (Android's Settings > Accounts): the work account
    /// and its tokens leave the device as at a sign-out, but the broker sends no
    /// `CURRENT_ACCOUNT_CHANGED` (MSAL for Android common library, its end-to-end test of an
    /// account removed in Settings: the app finds its account changed to none only when it
    /// next opens). Every running app keeps showing the user until it next calls
    /// `getCurrentAccountAsync`. Android profiles only.
    public mutating func removeAccountFromSettings() -> Result<DeviceState, Refusal> {
        let event = StepName.removeAccountFromSettings.rawValue
        guard profile.platform == .android else {
            return refuse(event, .notSupported(action: "removing the account in Android's Settings", profile: profile.id))
        }
        guard case let .checkedOut(user) = state else { return refuse(event, state == .unenrolled ? .notEnrolled : .notCheckedOut) }
        touch()
        openBroker()
        endSession(.accountRemoved)
        logEvent(.event, "\(user)'s work account removed in Settings > Accounts: nobody is signed in; no broadcast sent")
        signOutTokens(of: user)
        sessionEndedDuringRoundTrip(of: user)
        // Every running MSAL app that shows the user: not told, and its pane says why.
        let now = self.now
        var keeping: [AppID] = []
        for i in snapshot.apps.indices where snapshot.apps[i].currentUser == user {
            keeping.append(snapshot.apps[i].id)
            if snapshot.apps[i].definition.msal != nil {
                snapshot.apps[i].record(now, .missed, API.currentAccountChangedBroadcast, MissReason.accountRemovedInSettings.rawValue)
            }
        }
        if !keeping.isEmpty {
            logEvent(.event, "\(keeping.joined(separator: ", ")) still \(keeping.count == 1 ? "shows" : "show") \(user)'s data: no app was told")
        }
        cover(.removeAccountFromSettings)
        audit()
        return .success(state)
    }

    // MARK: Intune

    /// At a global sign-out on Android, Intune clears the local data of every app its entry
    /// marks `intuneClearsData` (Microsoft Intune, Android Enterprise dedicated device
    /// restrictions, "Clear local data in apps not optimized for Shared device mode"), whether
    /// or not the app listens: its items, its own sign-in, and whom it showed.
    mutating func intuneClearsAppData(signedOut user: UserID) {
        guard profile.platform == .android else { return }
        let now = self.now
        for i in snapshot.apps.indices where snapshot.apps[i].definition.intuneClearsData == true {
            let id = snapshot.apps[i].id
            let count = snapshot.apps[i].storage.count
            let hadToken = snapshot.apps[i].token != nil
            guard count > 0 || hadToken || snapshot.apps[i].currentUser != nil else { continue }
            snapshot.apps[i].storage.removeAll()
            snapshot.apps[i].token = nil
            snapshot.apps[i].currentUser = nil
            let what = "\(count) item(s)" + (hadToken ? " and its sign-in" : "")
            snapshot.apps[i].record(now, .data, "intune", "Intune cleared its local data at \(user)'s sign-out: \(what)")
            logEvent(.data, app: id, "Intune cleared \(id)'s local data (not optimized for shared device mode): \(what)")
        }
    }
}
