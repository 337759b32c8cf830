import SessionEngine

/// One scenario played on two devices at once, a step at a time: the same front end on
/// each (`HubModel`, so the screens are the ones a person would see), and the outcomes
/// compared row by row. Pure: the terminal, the headless table and the tests share it.
public struct SideBySide: Sendable {
    /// The two devices, left (the first profile named) and right.
    public private(set) var left: HubModel
    public private(set) var right: HubModel
    public let steps: [ComparedStep]
    /// How many steps were played.
    public private(set) var played = 0
    /// What each side refused, as `step (tag)`.
    public private(set) var leftRefusals: [String] = []
    public private(set) var rightRefusals: [String] = []
    /// The two devices before the first step: a step back replays from here (the engine is
    /// pure and seeded, so a replay lands exactly where the step before left the devices).
    private let start: (left: HubModel, right: HubModel)

    /// Two unenrolled devices (same tenant and apps, one per profile) and the steps to play.
    public init(left: SharedDevice, right: SharedDevice, steps: [ComparedStep], theme: Theme = .colour, width: Int = 80, height: Int = 24) {
        self.left = Self.model(left, theme: theme, width: width, height: height)
        self.right = Self.model(right, theme: theme, width: width, height: height)
        self.steps = steps
        start = (self.left, self.right)
    }

    private static func model(_ device: SharedDevice, theme: Theme, width: Int, height: Int) -> HubModel {
        var model = HubModel(device: device, theme: theme, width: width, height: height)
        // The steps come from a file, as in a scenario: nothing to confirm.
        model.confirmsActions = false
        return model
    }

    public var isFinished: Bool { played >= steps.count }
    /// The step played last, if any.
    public var lastStep: ComparedStep? { played > 0 ? steps[played - 1] : nil }

    /// Plays the next step on both devices; false when there was none.
    @discardableResult
    public mutating func advance() -> Bool {
        guard !isFinished else { return false }
        let step = steps[played]
        Self.play(step.left, label: step.leftLabel, on: &left, refusals: &leftRefusals)
        Self.play(step.right, label: step.rightLabel, on: &right, refusals: &rightRefusals)
        played += 1
        return true
    }

    /// Goes back one step: both devices as they were before it; false at the start.
    @discardableResult
    public mutating func back() -> Bool {
        guard played > 0 else { return false }
        let target = played - 1
        (left, right) = start
        leftRefusals = []
        rightRefusals = []
        played = 0
        while played < target { advance() }
        return true
    }

    /// Plays every step left.
    public mutating func playToEnd() { while advance() {} }

    private static func play(_ actions: [DeviceAction], label: String, on model: inout HubModel, refusals: inout [String]) {
        for action in actions {
            if let refusal = model.apply(action).refusal {
                refusals.append("\(label) (\(refusal.tag))")
                return
            }
        }
    }

    public var leftOutcome: DeviceOutcome { DeviceOutcome(left.device, refusals: leftRefusals) }
    public var rightOutcome: DeviceOutcome { DeviceOutcome(right.device, refusals: rightRefusals) }

    /// The apps whose outcome differs between the two devices now.
    public var differingApps: Set<AppID> {
        let l = leftOutcome, r = rightOutcome
        var apps = Set<AppID>()
        for a in l.apps {
            if let b = r.apps.first(where: { $0.id == a.id }), a == b { continue }
            apps.insert(a.id)
        }
        for b in r.apps where !l.apps.contains(where: { $0.id == b.id }) { apps.insert(b.id) }
        return apps
    }

    /// The comparison as rows: label, left value, right value, and whether they differ.
    public var table: [OutcomeRow] {
        let l = leftOutcome.rows, r = rightOutcome.rows
        var labels = l.map(\.label)
        for row in r where !labels.contains(row.label) { labels.append(row.label) }
        return labels.map { label in
            let a = l.first { $0.label == label }?.value ?? "—"
            let b = r.first { $0.label == label }?.value ?? "—"
            return OutcomeRow(label: label, left: a, right: b)
        }
    }
}

/// One row of a comparison.
public struct OutcomeRow: Equatable, Sendable {
    public var label: String
    public var left: String
    public var right: String
    public var differs: Bool { left != right }
    public init(label: String, left: String, right: String) { self.label = label; self.left = left; self.right = right }
}
