import SessionEngine

/// One scenario played on two to four devices at once (one per compared profile), a step
/// at a time: the same front end on each (`HubModel`, so the screens are the ones a person
/// would see), and the outcomes compared row by row. Pure: the terminal, the headless table
/// and the tests share it.
public struct SideBySide: Sendable {
    /// The devices, in the order the profiles were named.
    public private(set) var devices: [HubModel]
    public let steps: [ComparedStep]
    /// How many steps were played.
    public private(set) var played = 0
    /// What each device refused, as `step (tag)`.
    public private(set) var refusals: [[String]]
    /// The devices before the first step: a step back replays from here (the engine is
    /// pure and seeded, so a replay lands exactly where the step before left the devices).
    private let start: [HubModel]
    /// Each device's programs (nil: its apps are all the catalogue's), and how to start them
    /// afresh: a step back ends them and replays from the start with new processes.
    private var programs: [any DevicePrograms]?
    private let startPrograms: (@Sendable () -> [any DevicePrograms])?

    /// Unenrolled devices (same tenant and apps, one per profile) and the steps to play.
    /// `programs` gives one `DevicePrograms` per device when the apps include programs.
    public init(devices: [SharedDevice], steps: [ComparedStep], theme: Theme = .colour, width: Int = 80, height: Int = 24,
                programs: (@Sendable () -> [any DevicePrograms])? = nil) {
        self.devices = devices.map { Self.model($0, theme: theme, width: width, height: height) }
        self.steps = steps
        refusals = Array(repeating: [], count: devices.count)
        start = self.devices
        startPrograms = programs
        self.programs = programs?()
    }

    private static func model(_ device: SharedDevice, theme: Theme, width: Int, height: Int) -> HubModel {
        var model = HubModel(device: device, theme: theme, width: width, height: height)
        // The steps come from a file, as in a scenario: nothing to confirm.
        model.confirmsActions = false
        return model
    }

    /// The profiles compared, in order.
    public var profiles: [ProfileID] { devices.map(\.device.profile.id) }
    public var isFinished: Bool { played >= steps.count }
    /// The step played last, if any.
    public var lastStep: ComparedStep? { played > 0 ? steps[played - 1] : nil }

    /// Plays the next step on every device that has it; false when there was none.
    @discardableResult
    public mutating func advance() -> Bool {
        guard !isFinished else { return false }
        let step = steps[played]
        for i in devices.indices where step.notPart[i] == nil {
            Self.play(step.actions[i], label: step.labels[i], on: &devices[i], refusals: &refusals[i], programs: programs?[i])
        }
        played += 1
        return true
    }

    /// Goes back one step: every device as it was before it; false at the start.
    @discardableResult
    public mutating func back() -> Bool {
        guard played > 0 else { return false }
        let target = played - 1
        endPrograms()
        devices = start
        programs = startPrograms?()
        refusals = Array(repeating: [], count: devices.count)
        played = 0
        while played < target { advance() }
        return true
    }

    /// Plays every step left.
    public mutating func playToEnd() { while advance() {} }

    /// Ends every device's programs (the comparison is over, or goes back to its start).
    public mutating func endPrograms() {
        guard let programs else { return }
        for i in devices.indices { devices[i].updateDevice { programs[i].end(&$0); return false } }
    }

    private static func play(_ actions: [DeviceAction], label: String, on model: inout HubModel, refusals: inout [String],
                             programs: (any DevicePrograms)?) {
        model.performer = programs?.performer
        for action in actions {
            let refusal = model.apply(action).refusal
            // The programs answer before the next action, as in a scenario run.
            if let programs { model.updateDevice { programs.settle(&$0); return false } }
            if let refusal {
                refusals.append("\(label) (\(refusal.tag))")
                return
            }
        }
    }

    /// Each device's outcome now, in order.
    public var outcomes: [DeviceOutcome] {
        devices.indices.map { DeviceOutcome(devices[$0].device, refusals: refusals[$0]) }
    }

    /// The apps whose outcome is not the same on every device now.
    public var differingApps: Set<AppID> {
        let all = outcomes
        var ids: [AppID] = []
        for outcome in all { for app in outcome.apps where !ids.contains(app.id) { ids.append(app.id) } }
        return Set(ids.filter { id in
            let first = all[0].apps.first { $0.id == id }
            return all.dropFirst().contains { $0.apps.first { $0.id == id } != first }
        })
    }

    /// The steps played so far that device `index`'s profile does not have.
    public func notPlayed(on index: Int) -> [String] {
        steps.prefix(played).filter { $0.notPart[index] != nil }.map(\.label)
    }

    /// The comparison as rows: label, one value per device, and whether they differ. The
    /// `not in profile` row, after the device's rows, only once a step was left out somewhere.
    public var table: [OutcomeRow] {
        let all = outcomes.map(\.rows)
        var labels: [String] = []
        for rows in all { for row in rows where !labels.contains(row.label) { labels.append(row.label) } }
        var rows = labels.map { label in
            OutcomeRow(label: label, values: all.map { rows in rows.first { $0.label == label }?.value ?? "—" })
        }
        let skipped = devices.indices.map(notPlayed(on:))
        if skipped.contains(where: { !$0.isEmpty }) {
            let at = (rows.firstIndex { $0.label == "refused steps" } ?? -1) + 1
            rows.insert(OutcomeRow(label: DeviceOutcome.notInProfileRow,
                                   values: skipped.map { $0.isEmpty ? "none" : $0.joined(separator: ", ") }), at: at)
        }
        return rows
    }
}

/// One row of a comparison: one value per compared profile.
public struct OutcomeRow: Equatable, Sendable {
    public var label: String
    public var values: [String]
    /// Whether the values are not all the same.
    public var differs: Bool { Set(values).count > 1 }
    public init(label: String, values: [String]) { self.label = label; self.values = values }

    /// The value of profile `index`, `—` when the row has none for it.
    public func value(_ index: Int) -> String { values.indices.contains(index) ? values[index] : "—" }
}
