import Foundation
import HubUI

/// The trainer's lead, kept in the class folder (`class.lead`) so that a restarted classroom
/// resumes the class where the trainer left it: the step, whether the class tries it, whether
/// everyone holds. Written whole (a sibling `.new` renamed over it), owner-only, each time the
/// trainer changes the lead. It holds the lesson's name and three numbers: nothing a trainee
/// typed, and not the class code.
public struct ClassLeadFile: Codable, Equatable, Sendable {
    /// The file's name in the class folder.
    public static let fileName = "class.lead"

    public var lesson: String
    /// Steps the class has done (0 before the first).
    public var step: Int
    /// The class tries the step after `step` on their own devices.
    public var tries: Bool
    /// Everyone holds; the step and the try stand for when the trainer resumes.
    public var held: Bool

    public init(lesson: String, step: Int = 0, tries: Bool = false, held: Bool = false) {
        self.lesson = lesson; self.step = step; self.tries = tries; self.held = held
    }

    /// The lead the class follows.
    public var lead: ClassLead {
        if held { return .hold }
        return tries ? .tryIt(step: step) : .lead(step: step)
    }

    /// After the trainer's `lead`: a hold keeps the step and the try, as the trainer's console does.
    public func following(_ lead: ClassLead) -> ClassLeadFile {
        var next = self
        switch lead {
        case let .lead(step): next.step = step; next.tries = false; next.held = false
        case let .tryIt(step): next.step = step; next.tries = true; next.held = false
        case .hold: next.held = true
        }
        return next
    }

    /// How the class starts from the folder's file: `lead` to follow, `line` for the class
    /// log (nil for a new class), and `path` where the lead is kept from now on (nil when a
    /// file that cannot be read could not be set aside either: it is never overwritten).
    public struct Loaded: Equatable, Sendable {
        public var lead: ClassLeadFile
        public var line: String?
        public var path: String?
    }

    /// The lead kept in `folder` for `lesson` (of `steps` steps). A file that cannot be read,
    /// or names a step the lesson does not have, is kept aside as `class.lead.corrupt-SECONDS`
    /// and the class starts at step 0; another lesson's starts it at step 0 too (as its
    /// trainees' devices do), and is replaced at the trainer's first lead.
    public static func load(folder: String, lesson: String, steps: Int, now: Date = Date()) -> Loaded {
        let path = folder + "/" + fileName
        let fresh = ClassLeadFile(lesson: lesson)
        guard let data = FileManager.default.contents(atPath: path) else { return Loaded(lead: fresh, line: nil, path: path) }
        guard let kept = try? JSONDecoder().decode(ClassLeadFile.self, from: data), (0...steps).contains(kept.step) else {
            let aside = path + ".corrupt-\(Int(now.timeIntervalSince1970))"
            guard rename(path, aside) == 0 else {
                return Loaded(lead: fresh, line: "\(fileName) cannot be read nor set aside; the class starts at step 0 and its lead is not kept: move the file away", path: nil)
            }
            return Loaded(lead: fresh, line: "\(fileName) cannot be read (kept as \(URL(fileURLWithPath: aside).lastPathComponent)); the class starts at step 0", path: path)
        }
        guard kept.lesson == lesson else {
            return Loaded(lead: fresh, line: "\(fileName) is for lesson \(LogText.name(kept.lesson)); the class starts at step 0", path: path)
        }
        let how = kept.held ? "; everyone holds" : kept.tries ? "; the class tries step \(kept.step + 1)" : ""
        return Loaded(lead: kept, line: "class resumed at step \(kept.step) of \(steps)\(how)", path: path)
    }

    /// Writes the lead whole, owner-only (a crash mid-write leaves the last good one).
    public func write(to path: String) throws { try OwnerOnlyJSON.write(self, to: path) }
}
