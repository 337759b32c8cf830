import Foundation
import HubUI

/// The class's seats as the trainer's console shows them: each `SeatEvent` the classroom
/// reports, mapped onto that trainee's tile (`TraineeSeat`). Pure: the class second is given.
public struct ClassSeats: Sendable {
    public private(set) var seats: [String: TraineeSeat] = [:]

    public init() {}

    /// Applies `event` at class second `now`; the name whose seat it concerns (nil for a frame,
    /// which is the mirror's, not the tile's).
    public mutating func apply(_ event: SeatEvent, at now: Int) -> String? {
        switch event {
        case let .joined(n):
            var seat = seats[n] ?? TraineeSeat(name: n, link: .joining, lastInputSecond: now)
            seat.link = .joining
            seats[n] = seat
            return n
        case let .status(n, status):
            var seat = seats[n] ?? TraineeSeat(name: n, link: .connected(since: now), lastInputSecond: now)
            if case .joining = seat.link { seat.link = .connected(since: now) }
            if status.handRaised, seat.status?.handRaised != true { seat.handRaisedAt = now }
            if !status.handRaised { seat.handRaisedAt = nil }
            seat.status = status
            seats[n] = seat
            return n
        case let .input(n):
            seats[n]?.lastInputSecond = now
            return n
        case let .away(n):
            seats[n]?.link = .away(since: now)
            return n
        case let .crashed(n, reason):
            seats[n]?.link = .crashed(since: now, reason: reason)
            return n
        case let .notReading(n):
            seats[n]?.link = .notReading(since: now)
            return n
        case let .reading(n):
            // Connected again from now: the tile's time counts from when it reads.
            if case .notReading = seats[n]?.link { seats[n]?.link = .connected(since: now) }
            return n
        case .frame:
            return nil
        }
    }

    /// The trainees whose devices are kept in the class folder, as a restarted class starts:
    /// away since the class opened, at the step their device file names, until they rejoin.
    /// Their names, in order.
    public mutating func resume(_ kept: [SeatFile]) -> [String] {
        kept.map { file in
            seats[file.trainee] = TraineeSeat(name: file.trainee, link: .away(since: 0), keptStep: file.position)
            return file.trainee
        }
    }

    /// The device files of `lesson` in the class folder, by name: those a restarted class resumes.
    public static func kept(in folder: String, lesson: String) -> [SeatFile] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.sorted().compactMap { entry in
            guard entry.hasSuffix(".device"), let name = TraineeName(String(entry.dropLast(".device".count))),
                  let seat = SeatFile.read(folder + "/" + entry, lesson: lesson), seat.trainee == name.text else { return nil }
            return seat
        }
    }
}
