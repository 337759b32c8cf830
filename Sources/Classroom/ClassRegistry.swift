import NIOCore
import Synchronization

/// Who is in the class: one seat per connected name, the connections still authenticating,
/// and how to end each seat. Shared by every connection's event loop, so behind one lock.
final class ClassRegistry: Sendable {
    /// A seat taken: its child, and how to reach it (on its own event loop).
    struct Seat: Sendable {
        var pid: Int32?
        var order: @Sendable (SeatOrder) -> Void
    }

    enum Admission: Equatable {
        case admitted
        case taken
        case full(Int)
        case closed
    }

    private struct State {
        var seats: [String: Seat] = [:]
        var unauthenticated = 0
        var open = true
    }

    private let state = Mutex(State())

    /// Takes `name`'s seat unless it is connected already, the class is full or over.
    func admit(_ name: String, max: Int, order: @escaping @Sendable (SeatOrder) -> Void) -> Admission {
        state.withLock { s in
            guard s.open else { return .closed }
            if s.seats[name] != nil { return .taken }
            if s.seats.count >= max { return .full(max) }
            s.seats[name] = Seat(pid: nil, order: order)
            return .admitted
        }
    }

    func started(_ name: String, pid: Int32) {
        state.withLock { $0.seats[name]?.pid = pid }
    }

    func release(_ name: String) {
        state.withLock { _ = $0.seats.removeValue(forKey: name) }
    }

    var connectedNames: [String] { state.withLock { $0.seats.keys.sorted() } }

    func seat(_ name: String) -> Seat? { state.withLock { $0.seats[name] } }

    var allSeats: [Seat] { state.withLock { Array($0.seats.values) } }

    /// Every seat with its trainee's name.
    var namedSeats: [(name: String, seat: Seat)] { state.withLock { $0.seats.map { ($0.key, $0.value) } } }

    /// Closes the class: no seat is taken from now on; the seats to end.
    func close() -> [Seat] {
        state.withLock { s in
            s.open = false
            return Array(s.seats.values)
        }
    }

    func beginUnauthenticated(limit: Int) -> Bool {
        state.withLock { s in
            guard s.unauthenticated < limit else { return false }
            s.unauthenticated += 1
            return true
        }
    }

    func endUnauthenticated() {
        state.withLock { $0.unauthenticated -= 1 }
    }
}

/// What the classroom asks of one seat.
enum SeatOrder: Sendable {
    /// A line on the control pipe.
    case send(String)
    /// The class is over: the child saves and exits, the session ends with the line.
    case end(String)
    /// The trainer ends this session: the same, for one seat.
    case disconnect(String)
}
