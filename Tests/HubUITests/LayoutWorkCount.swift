@testable import HubUI
import Synchronization

/// Adds up the work `LayoutWork` tells of while `during`'s body runs on this task: rows laid
/// out, apps' facts worked out, panes drawn.
final class LayoutWorkCount: Sendable {
    private let counts = Mutex((rows: 0, appFacts: 0, panesDrawn: 0))

    var rows: Int { counts.withLock { $0.rows } }
    var appFacts: Int { counts.withLock { $0.appFacts } }
    var panesDrawn: Int { counts.withLock { $0.panesDrawn } }

    func during<R>(_ body: () throws -> R) rethrows -> R {
        try LayoutWork.$observer.withValue({ [self] work in
            counts.withLock {
                switch work {
                case let .rows(n): $0.rows += n
                case .appFacts: $0.appFacts += 1
                case .paneDrawn: $0.panesDrawn += 1
                }
            }
        }, operation: body)
    }
}
