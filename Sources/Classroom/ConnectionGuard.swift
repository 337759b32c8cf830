import NIOCore
import NIOSSH

/// Caps what a connection may cost before it has given the class code: at most
/// `ClassroomServer.Limits.unauthenticated` such connections at once (more are closed at
/// once), and `authenticationSeconds` to authenticate. Also the connection's last handler:
/// an error closes it, never the classroom.
final class ConnectionGuard: ChannelInboundHandler {
    typealias InboundIn = Any

    let server: ClassroomServer
    let facts: ConnectionFacts
    private var counted = false
    private var deadline: Scheduled<Void>?

    init(server: ClassroomServer, facts: ConnectionFacts) {
        self.server = server
        self.facts = facts
    }

    func channelActive(context: ChannelHandlerContext) {
        guard server.registry.beginUnauthenticated(limit: server.configuration.limits.unauthenticated) else {
            server.log("connection from \(facts.address) closed: \(server.configuration.limits.unauthenticated) connections are already authenticating")
            context.close(promise: nil)
            return
        }
        counted = true
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: .seconds(Int64(server.configuration.limits.authenticationSeconds))) {
            channel.close(promise: nil)
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        authenticated()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// In: the deadline ends and the connection no longer counts as authenticating.
    func authenticated() {
        deadline?.cancel()
        deadline = nil
        if counted {
            counted = false
            server.registry.endUnauthenticated()
        }
    }
}
