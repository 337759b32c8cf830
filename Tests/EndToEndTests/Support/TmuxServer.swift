import Foundation
import Testing

/// One tmux server for a whole suite (`@Suite(.tmuxServer)`): each test's `Tmux` is a session
/// of its own on it, killed when the test is done, and the server is killed when the suite
/// is. A `Tmux` made outside such a suite starts a server of its own.
struct TmuxServer: Sendable {
    /// The socket name (`tmux -L`), private to this test process.
    let socket: String

    /// The server of the suite running now, if it asked for one.
    @TaskLocal static var current: TmuxServer?

    static func newSocketName() -> String { "hubsim-e2e-\(getpid())-\(UUID().uuidString.prefix(8))" }
}

/// The suite trait behind `.tmuxServer`: the server's name is set for the suite's tests,
/// and after the last of them the server is killed and its socket file removed. The server
/// itself is started by the first test's `Tmux` (tmux serialises concurrent starts).
struct TmuxServerTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        let server = TmuxServer(socket: TmuxServer.newSocketName())
        defer { Tmux.killServer(socket: server.socket) }
        try await TmuxServer.$current.withValue(server) { try await function() }
    }
}

extension Trait where Self == TmuxServerTrait {
    /// One tmux server for the suite's tests instead of one per test.
    static var tmuxServer: Self { Self() }
}
