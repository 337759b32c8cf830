/// The trainer's console (Elm style, pure): the class's seats in, keys and clicks in, the
/// classroom's commands and frames out. The classroom feeds it what its trainees report
/// (`update(seat:)`, `mirror`) and the class's seconds (`tick`), and performs the commands
/// `handle` returns in order. No clock and no terminal here: time is the class seconds given.
///
/// A tile per trainee, a page at a time (`ConsoleLayout`); Enter or a click on a tile mirrors
/// that trainee's screen (`watch`); the lead buttons send the lesson's lead to everyone; a
/// reset, a disconnect and quitting ask first in a dialog, as the Hub's steps that cannot be
/// taken back do.
public struct ClassroomConsole: Sendable {
    /// A question waiting for the trainer's yes.
    public enum Dialog: Equatable, Sendable {
        case reset(String), disconnect(String), quit
    }

    public let className: String
    /// How trainees join (`ssh -p 2222 NAME@…`, the class code): the trainer's own line.
    public let joinLine: String
    public let lessonTitle: String
    public let lessonSteps: Int
    /// Colour or monochrome (`NO_COLOR`); ASCII in place of symbols where the locale is not UTF-8.
    public var theme: Theme = .colour
    public var asciiSymbols = false

    /// Every trainee that has joined, in the order they first joined (a rejoin keeps its place).
    public private(set) var seats: [TraineeSeat] = []
    /// The class second last given (`tick`).
    public private(set) var now = 0
    /// The step the class is at (steps done) and whether the class tries the next one.
    public private(set) var classStep = 0
    public private(set) var classTries = false
    /// Everyone holds (the lead is `.hold` until the trainer resumes).
    public private(set) var held = false
    /// The chosen trainee (the keys' reset, show, zoom act on them).
    public private(set) var chosen: String?
    /// The first page's index shown.
    public private(set) var page = 0
    /// The trainee whose screen is mirrored full screen.
    public private(set) var zoomed: String?
    /// Rows of the mirror scrolled past when it is taller than the screen.
    public private(set) var zoomScroll = 0
    /// The trainee whose screen every trainee sees read-only.
    public private(set) var showing: String?
    /// The last frame of each watched trainee.
    public private(set) var mirrors: [String: CellGrid] = [:]
    public private(set) var dialog: Dialog?
    public private(set) var helpOpen = false
    public private(set) var helpScroll = 0
    /// One line answering the last key that could not do what it asks (cleared at the next key).
    public private(set) var notice: String?
    /// The size last given by `.resize`: clicks resolve against a frame of this size.
    public private(set) var width: Int
    public private(set) var height: Int

    public init(className: String, joinLine: String, lesson: (title: String, steps: Int), width: Int = 80, height: Int = 24) {
        self.className = className
        self.joinLine = joinLine
        lessonTitle = lesson.title
        lessonSteps = lesson.steps
        self.width = width
        self.height = height
    }

    /// The lead the class follows now.
    public var lead: ClassLead {
        if held { return .hold }
        return classTries ? .tryIt(step: classStep) : .lead(step: classStep)
    }

    /// Where the keys act.
    public var screen: ConsoleScreen {
        if dialog != nil { return .dialog }
        if helpOpen { return .help }
        return zoomed != nil ? .zoom : .tiles
    }

    /// The raised hands, oldest first.
    public var hands: [TraineeSeat] {
        seats.filter { $0.handRaisedAt != nil }.sorted { ($0.handRaisedAt!, $0.name) < ($1.handRaisedAt!, $1.name) }
    }

    /// A restarted class: the lead as the trainer left it (kept in the class folder), so the
    /// buttons and the status line go on from there. `step` is clamped to the lesson.
    public mutating func resume(step: Int, tries: Bool, held: Bool) {
        classStep = min(max(0, step), lessonSteps)
        classTries = tries && classStep < lessonSteps
        self.held = held
    }

    // MARK: what the classroom reports

    /// A trainee joined, or their seat changed (link, status, last key, hand).
    public mutating func update(seat: TraineeSeat) {
        var seat = seat
        // The hand's time is the console's when the status says it went up and no time came with it.
        if seat.status?.handRaised == true, seat.handRaisedAt == nil {
            seat.handRaisedAt = seats.first { $0.name == seat.name }?.handRaisedAt ?? now
        }
        if seat.status?.handRaised == false { seat.handRaisedAt = nil }
        if let i = seats.firstIndex(where: { $0.name == seat.name }) { seats[i] = seat } else { seats.append(seat) }
        if chosen == nil { chosen = seat.name }
    }

    /// A trainee left the class for good: their tile goes; a zoom or show of them ends.
    public mutating func remove(name: String) {
        guard let i = seats.firstIndex(where: { $0.name == name }) else { return }
        seats.remove(at: i)
        mirrors[name] = nil
        if zoomed == name { zoomed = nil }
        if showing == name { showing = nil }
        if chosen == name { chosen = seats.indices.contains(i) ? seats[i].name : seats.last?.name }
        if case let .reset(n)? = dialog, n == name { dialog = nil }
        if case let .disconnect(n)? = dialog, n == name { dialog = nil }
        page = min(page, max(0, pageCount - 1))
    }

    /// A frame of a watched trainee's screen (the mirror shows it cell for cell).
    public mutating func mirror(name: String, grid: CellGrid) {
        guard seats.contains(where: { $0.name == name }) else { return }
        mirrors[name] = grid
    }

    /// The class's clock: seconds since the class opened.
    public mutating func tick(second: Int) { now = max(now, second) }

    // MARK: keys and clicks

    /// One key or click; returns what the classroom is to do, in order. `shown` is the frame
    /// on screen (a click resolves against its hit map); nil renders one at the last size.
    public mutating func handle(_ event: InputEvent, shown: Frame? = nil) -> [ClassroomCommand] {
        switch event {
        case let .resize(w, h):
            width = w; height = h
            page = min(page, max(0, pageCount - 1))
            return []
        case .tick:
            return []
        case let .key(key):
            notice = nil
            guard let action = ConsoleKeys.action(for: key, on: screen) else { return [] }
            return perform(action)
        case let .mouse(mouse):
            notice = nil
            if mouse.button == .wheelUp { return perform(screen == .tiles ? .previousPage : .up) }
            if mouse.button == .wheelDown { return perform(screen == .tiles ? .nextPage : .down) }
            guard mouse.button == .left else { return [] }
            let frame = shown ?? frame(width: width, height: height)
            guard case let .console(hit)? = frame.hitMap.target(x: mouse.x, y: mouse.y) else { return [] }
            return click(hit)
        }
    }

    mutating func click(_ hit: ConsoleHit) -> [ClassroomCommand] {
        switch hit {
        case let .action(action):
            // A button answers only where its key would (a dialog's buttons while it asks).
            guard ConsoleKeys.bindings.contains(where: { $0.action == action && $0.screens.contains(screen) }) else { return [] }
            return perform(action)
        case let .seat(name):
            guard screen == .tiles else { return [] }
            chosen = name
            return perform(.zoom)
        case let .hand(name):
            guard screen == .tiles, let i = seats.firstIndex(where: { $0.name == name }) else { return [] }
            chosen = name
            page = i / max(1, layout.perPage)
            return []
        case .inert:
            return []
        }
    }

    /// What a key or a click asks; the same path for both.
    public mutating func perform(_ action: ConsoleAction) -> [ClassroomCommand] {
        switch action {
        case .help:
            helpOpen.toggle(); helpScroll = 0
            return []
        case .back:
            if helpOpen { helpOpen = false; return [] }
            guard zoomed != nil else { return [] }
            zoomed = nil; zoomScroll = 0
            return [.watch(nil)]
        case .nextStep:
            guard classStep < lessonSteps else {
                notice = "The lesson is over: step \(lessonSteps) of \(lessonSteps) is done (q ends the class)."
                return []
            }
            classStep += 1; classTries = false; held = false
            return [.lead(lead)]
        case .letThemTry:
            guard classStep < lessonSteps else {
                notice = "The lesson is over: nothing is left to try (q ends the class)."
                return []
            }
            guard !classTries || held else { notice = "The class already has the keys for step \(classStep + 1)."; return [] }
            classTries = true; held = false
            return [.lead(lead)]
        case .hold:
            held.toggle()
            return [.lead(lead)]
        case .zoom:
            guard let name = chosen else { return noTrainee() }
            zoomed = name; zoomScroll = 0
            return [.watch(name)]
        case .left: choose(by: -1)
        case .right: choose(by: 1)
        case .up:
            if helpOpen { helpScroll = max(0, helpScroll - 1) } else if zoomed != nil { zoomScroll = max(0, zoomScroll - 1) } else { choose(by: -layout.columns) }
        case .down:
            if helpOpen { helpScroll += 1 } else if zoomed != nil { zoomScroll = min(zoomScroll + 1, maxZoomScroll) } else { choose(by: layout.columns) }
        case .previousPage: turnPage(by: -1)
        case .nextPage: turnPage(by: 1)
        case .show:
            guard let name = target else { return noTrainee() }
            guard showing != name else { notice = "\(name)'s screen is already shown to the class (e ends it)."; return [] }
            showing = name
            return [.show(name)]
        case .endShow:
            guard showing != nil else { notice = "No screen is shown to the class (s shows the chosen trainee's)."; return [] }
            showing = nil
            return [.endShow]
        case .lowerHand:
            let name = target.flatMap { n in hands.contains { $0.name == n } ? n : nil } ?? hands.first?.name
            guard let name, let i = seats.firstIndex(where: { $0.name == name }) else { notice = "No hand is raised."; return [] }
            seats[i].handRaisedAt = nil
            seats[i].status?.handRaised = false
            return [.lowerHand(name)]
        case .reset:
            guard let name = target else { return noTrainee() }
            dialog = .reset(name)
        case .disconnect:
            guard let name = target else { return noTrainee() }
            dialog = .disconnect(name)
        case .quit:
            dialog = .quit
        case .confirm:
            guard let asked = dialog else { return [] }
            dialog = nil
            switch asked {
            case let .reset(name): return [.reset(name)]
            case let .disconnect(name): return [.disconnect(name)]
            case .quit: return [.quit]
            }
        case .cancel:
            dialog = nil
        }
        return []
    }

    /// The trainee a key acts on: the one mirrored, else the one chosen.
    var target: String? { zoomed ?? chosen }

    private mutating func noTrainee() -> [ClassroomCommand] {
        notice = "No trainee has joined yet: they join with the line at the top."
        return []
    }

    private mutating func choose(by delta: Int) {
        guard !seats.isEmpty else { return }
        let i = seats.firstIndex { $0.name == chosen } ?? 0
        let j = min(max(0, i + delta), seats.count - 1)
        chosen = seats[j].name
        page = j / max(1, layout.perPage)
    }

    private mutating func turnPage(by delta: Int) {
        let to = min(max(0, page + delta), max(0, pageCount - 1))
        guard to != page else { return }
        page = to
        chosen = seats[min(seats.count - 1, page * layout.perPage)].name
    }

    // MARK: layout

    var layout: ConsoleLayout { ConsoleLayout(width: width, height: height) }
    public var pageCount: Int { max(1, (seats.count + layout.perPage - 1) / layout.perPage) }

    private var maxZoomScroll: Int {
        guard let name = zoomed, let grid = mirrors[name] else { return 0 }
        return max(0, grid.height - ConsoleLayout.mirrorRows(height: height))
    }

    // MARK: drawing

    /// The console's screen, cells only.
    public func render(width: Int, height: Int) -> CellGrid { frame(width: width, height: height).grid }

    /// The console's screen with what is clickable on it.
    public func frame(width: Int, height: Int) -> Frame { ConsoleView.frame(self, width: width, height: height) }
}

/// What a click on the console hits, typed (`HitTarget.console`).
public enum ConsoleHit: Hashable, Sendable {
    /// A button or hint-line entry: runs the action, as its key does.
    case action(ConsoleAction)
    /// A trainee's tile: mirrors their screen.
    case seat(String)
    /// A name in the queue of raised hands: chooses them.
    case hand(String)
    /// What a dialog covers: a click there does nothing (nothing hidden behind can be hit).
    case inert
}
