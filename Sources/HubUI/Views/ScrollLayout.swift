import SessionEngine

/// The rows of the scrolling view on screen (the SSO map, the audit, the zoomed pane), and
/// the counts in its title, or the lines of the event log its filter lets through, laid out once for what the device is and kept with the model
/// until it changes.
///
/// Laying the rows out is work in proportion to everything the view holds (an app with 10,000
/// redirect URIs, a history of thousands of entries); drawing a frame is work in proportion to
/// what shows. Laid out on every frame, a held arrow key queued thousands of presses that each
/// laid out the whole map again, with the screen frozen meanwhile. Kept here, a key that only
/// scrolls, and its frame, look at the rows on screen and no others; the rows are laid out
/// again when the device changes or the width does. A clock second that only moves the clock
/// changes nothing laid out here (the rows read no clock; the clock's cells are drawn with the
/// frame), so it keeps them: the device's `contentRevision`, not its `revision`, keys them.
///
/// The model is a value and its device changes only through `HubModel.apply`, which bumps the
/// device's revisions: a copy of the model carries rows that match its own device.
struct ScrollLayout: Sendable {
    struct Key: Equatable, Sendable {
        var view: MainView
        var app: AppID?
        var contentRevision: Int
        var width: Int
        /// The event log's filter (the log's lines wrap as they are drawn, a page at a time).
        var filter: EventLogFilter?
        /// The older event-log lines read (`EventLogPages`): positions shift when more are.
        var earlier = 0
    }

    enum Rows: Sendable {
        case ssoMap([SSOMapView.Row], title: SSOMapView.Title)
        case audit([AuditView.Row], title: AuditView.Title)
        case zoom([ZoomView.Row])
        /// The positions of the event log's lines its filter lets through.
        case eventLog([Int])
    }

    var key: Key
    var rows: Rows

    /// The key of what `m` shows at `width` body columns, when a scrolling view shows (the
    /// filtered event log's lines do not depend on the width).
    static func key(_ m: HubModel, width: Int) -> Key? {
        switch m.view {
        case .ssoMap, .audit: Key(view: m.view, app: nil, contentRevision: m.device.contentRevision, width: width)
        case .zoom: m.zoom.app.map { Key(view: .zoom, app: $0, contentRevision: m.device.contentRevision, width: width) }
        case .eventLog where m.eventLog.filter.isActive:
            Key(view: .eventLog, app: nil, contentRevision: m.device.contentRevision, width: 0, filter: m.eventLog.filter, earlier: m.eventLog.earlier.count)
        default: nil
        }
    }

    /// The body's width at the model's size (the box's inside, the whole screen wide).
    static func bodyWidth(_ m: HubModel) -> Int { max(0, ZoomView.area(width: m.width, height: m.height).width - 2) }
}

/// The leak counts the status line shows on every frame (and the audit's title), and the
/// counts the panes view's summary tile reads, counted once per `contentRevision`: each goes
/// through every app and every item it stores, which on a device of 10,000 apps cost ~12 ms
/// a frame whatever the key.
struct LeakTally: Sendable {
    var contentRevision: Int
    var leaks: Int { leaking.count }
    var willLeaks: Int { willLeaking.count }
    /// The items the device exposes now (`SharedDevice.exposedCount`): "exposed" on every screen.
    var exposures: Int
    /// Positions in the device's apps of those showing another user's data now, in order.
    var leaking: [Int] = []
    /// Positions of those certain to (`WILL LEAK`), in order.
    var willLeaking: [Int] = []
    /// How many apps are in each lifecycle state.
    var lifecycles: [AppLifecycle: Int] = [:]

    /// Each app's verdict once (what `SharedDevice.leakCounts` counts), and its lifecycle.
    init(_ d: SharedDevice) {
        contentRevision = d.contentRevision
        for (i, app) in d.apps.enumerated() {
            LayoutWork.tell(.appFacts)
            switch d.verdict(of: app).kind {
            case .leak: leaking.append(i)
            case .willLeak: willLeaking.append(i)
            default: break
            }
            lifecycles[app.lifecycle, default: 0] += 1
        }
        exposures = d.exposedCount
    }
}

/// Work a frame or a key does, for the tests that check a frame does no work for what is off
/// screen: rows laid out by the scrolling views, facts worked out for an app (a verdict, a
/// pane's facts), a pane drawn. Told to an observer a test binds to its task
/// (`LayoutWork.$observer.withValue`), not counted in the model: `HubModel` stays a value with
/// nothing mutable shared inside, and tests running in parallel see only their own work.
/// Unbound, telling reads one task-local and does nothing.
enum LayoutWork: Sendable {
    case rows(Int)
    case appFacts
    case paneDrawn

    @TaskLocal static var observer: (@Sendable (LayoutWork) -> Void)?

    static func tell(_ work: LayoutWork) { observer?(work) }
}

extension HubModel {
    /// Lays the scrolling view's rows out again when what they show changed (and counts the
    /// leaks, and works out the facts of the panes on screen, when the device changed).
    mutating func refreshScrollLayout() {
        if cache.leakTally?.contentRevision != device.contentRevision { cache.leakTally = LeakTally(device) }
        refreshPaneFacts()
        let width = ScrollLayout.bodyWidth(self)
        guard let key = ScrollLayout.key(self, width: width) else {
            cache.scrollLayout = nil
            return
        }
        if cache.scrollLayout?.key == key { return }
        let rows: ScrollLayout.Rows
        switch key.view {
        case .ssoMap: rows = .ssoMap(SSOMapView.layOut(self, width: width), title: SSOMapView.title(self))
        case .audit: rows = .audit(AuditView.layOut(self, width: width), title: AuditView.title(self))
        case .eventLog: rows = .eventLog(EventLogView.filtered(self))
        default:
            guard let app = device.app(key.app ?? "") else { cache.scrollLayout = nil; return }
            rows = .zoom(ZoomView.layOut(self, app, width: width))
        }
        cache.scrollLayout = ScrollLayout(key: key, rows: rows)
    }

    /// The leak counts for the device as it is: kept, or counted afresh.
    var leakTally: LeakTally {
        if let kept = cache.leakTally, kept.contentRevision == device.contentRevision { return kept }
        return LeakTally(device)
    }

    /// The kept rows when they are `view`'s at `width`, for what the device is now.
    func keptRows(_ view: MainView, width: Int) -> ScrollLayout.Rows? {
        guard let kept = cache.scrollLayout, kept.key == ScrollLayout.key(self, width: width), kept.key.view == view else { return nil }
        return kept.rows
    }
}
