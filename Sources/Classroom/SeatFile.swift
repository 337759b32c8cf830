import Foundation

/// A trainee's device in the class folder (`<class-dir>/<name>.device`): the lesson they play
/// and how far they are. The device itself is the lesson's own, played again to that step when
/// they come back (lessons are deterministic), so a dropped connection costs nothing, the
/// device's clock stands still while they are away, and nothing a trainee typed (a password, a
/// PIN) is ever written: the file holds only what the lesson file already says.
public struct SeatFile: Codable, Equatable, Sendable {
    public var lesson: String
    /// Steps done (0 before the first).
    public var position: Int
    public var trainee: String

    public init(lesson: String, position: Int, trainee: String) {
        self.lesson = lesson
        self.position = position
        self.trainee = trainee
    }

    /// The seat in `path`; nil when there is none yet, or it is not a seat of `lesson` (a
    /// class folder reused for another lesson starts the trainee again).
    public static func read(_ path: String, lesson: String) -> SeatFile? {
        guard let data = FileManager.default.contents(atPath: path),
              let seat = try? JSONDecoder().decode(SeatFile.self, from: data), seat.lesson == lesson else { return nil }
        return seat
    }

    /// Writes the seat whole (a sibling `.new` file renamed over it, so a crash mid-write
    /// leaves the last good one), owner-only.
    public func write(to path: String) throws { try OwnerOnlyJSON.write(self, to: path) }
}
