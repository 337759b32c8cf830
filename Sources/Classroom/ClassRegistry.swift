import NIOCore
import Synchronization

/// Who is in the class: one seat per connected name, the connections still authenticating,
/// and how to end each seat. Shared by every connection's event loop, so behind one lock.
final class ClassRegistry: Sendable {
    /// A seat taken: how to end it (on its own event loop) and its child.
    struct Seat: Sendable {
        var pid: Int32?
        var end: @Sendable (String) -> Void
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
    func admit(_ name: String, max: Int, end: @escaping @Sendable (String) -> Void) -> Admission {
        state.withLock { s in
            guard s.open else { return .closed }
            if s.seats[name] != nil { return .taken }
            if s.seats.count >= max { return .full(max) }
            s.seats[name] = Seat(pid: nil, end: end)
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
