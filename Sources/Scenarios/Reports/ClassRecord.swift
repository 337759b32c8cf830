import HubUI

/// What a class did, trainee by trainee and step by step: what the class report
/// (`ClassReport`) is written from. It has no field for anything a trainee typed, so no
/// password, PIN or class code can reach a report through it.
public struct ClassRecord: Equatable, Sendable {
    /// One trainee at one step of the lesson.
    public struct Step: Equatable, Sendable {
        /// The trainee's device got past the step (by the trainer's lead or their own keys).
        public var done = false
        /// Seconds from reaching the step to getting past it; nil while not done, or when it was
        /// passed before the record began.
        public var seconds: Int?
        /// Leaks the device raised while at this step.
        public var leaks = 0
        /// Times the trainee raised a hand while at this step.
        public var handsRaised = 0

        public init(done: Bool = false, seconds: Int? = nil, leaks: Int = 0, handsRaised: Int = 0) {
            self.done = done; self.seconds = seconds; self.leaks = leaks; self.handsRaised = handsRaised
        }
    }

    /// One trainee: a step record per step of the lesson, in order.
    public struct Trainee: Equatable, Sendable {
        public var name: String
        public var steps: [Step]

        public init(name: String, steps: [Step]) { self.name = name; self.steps = steps }

        public var stepsDone: Int { steps.filter(\.done).count }
        public var seconds: Int { steps.compactMap(\.seconds).reduce(0, +) }
        public var leaks: Int { steps.reduce(0) { $0 + $1.leaks } }
        public var handsRaised: Int { steps.reduce(0) { $0 + $1.handsRaised } }
    }

    public var className: String
    public var lessonTitle: String
    /// The lesson's steps' titles, in order.
    public var stepTitles: [String]
    /// The class's length in seconds.
    public var seconds: Int
    /// In the order they first joined.
    public var trainees: [Trainee]

    public init(className: String, lessonTitle: String, stepTitles: [String], seconds: Int = 0, trainees: [Trainee] = []) {
        self.className = className; self.lessonTitle = lessonTitle; self.stepTitles = stepTitles
        self.seconds = seconds; self.trainees = trainees
    }

    /// Keeps the record from the trainees' statuses as they arrive (`trainee/status`): a step
    /// is done when the status moves past it, taking the seconds since the trainee reached it;
    /// new leaks count at the step the status moved from (the step that raised them), a hand
    /// going up at the step the trainee is at. Pure: the class seconds are given.
    public struct Recorder: Sendable {
        public private(set) var record: ClassRecord
        private var last: [String: (status: TraineeStatus, reachedAt: Int)] = [:]

        public init(className: String, lessonTitle: String, stepTitles: [String]) {
            record = ClassRecord(className: className, lessonTitle: lessonTitle, stepTitles: stepTitles)
        }

        /// A trainee's status at class second `second`.
        public mutating func note(_ name: String, _ status: TraineeStatus, at second: Int) {
            let count = record.stepTitles.count
            record.seconds = max(record.seconds, second)
            guard let i = index(of: name, steps: count) else { return }
            guard let previous = last[name] else {
                // The first word of a trainee: the steps their device is already past were done
                // before the record began (a rejoin after a restart): done, no time.
                last[name] = (status, second)
                for step in 0..<min(max(0, status.step), count) { record.trainees[i].steps[step].done = true }
                if count > 0, status.handRaised { record.trainees[i].steps[min(count - 1, max(0, status.step))].handsRaised += 1 }
                return
            }
            let (before, reachedAt) = previous
            var reached = reachedAt
            if status.step > before.step {
                // Every step passed in one move shares the time (the trainer led several at once).
                let passed = min(status.step, count) - before.step
                for step in before.step..<min(status.step, count) where step >= 0 {
                    record.trainees[i].steps[step].done = true
                    record.trainees[i].steps[step].seconds = passed > 0 ? (second - reachedAt) / passed : 0
                }
                reached = second
            } else if status.step < before.step {
                // A reset: the steps after it are to do again.
                for step in max(0, status.step)..<min(before.step, count) {
                    record.trainees[i].steps[step].done = false
                    record.trainees[i].steps[step].seconds = nil
                }
                reached = second
            }
            if count > 0, status.leaks > before.leaks {
                let at = min(count - 1, max(0, status.step > before.step ? status.step - 1 : status.step))
                record.trainees[i].steps[at].leaks += status.leaks - before.leaks
            }
            if count > 0, status.handRaised, !before.handRaised {
                record.trainees[i].steps[min(count - 1, max(0, status.step))].handsRaised += 1
            }
            last[name] = (status, reached)
        }

        private mutating func index(of name: String, steps: Int) -> Int? {
            if let i = record.trainees.firstIndex(where: { $0.name == name }) { return i }
            record.trainees.append(Trainee(name: name, steps: Array(repeating: Step(), count: steps)))
            return record.trainees.count - 1
        }
    }
}
