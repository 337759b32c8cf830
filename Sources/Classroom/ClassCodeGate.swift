import Foundation
import NIOCore
import NIOSSH

/// Password authentication with the class code, for one connection. The user name is taken
/// as it comes (a name outside `TraineeName`'s set is refused with its line once the session
/// opens, where a line can be shown); a wrong code is slowed and limited (`AttemptThrottle`)
/// and logged without what was typed.
final class ClassCodeGate: NIOSSHServerUserAuthenticationDelegate {
    let connection: ConnectionFacts
    let server: ClassroomServer

    /// What a trainee in a class with `--authorized-keys` reads once in by the class code.
    static let noKeyTaken = "RSA keys are not taken here: use ssh-keygen -t ed25519"
    static let keyNotListed = "key not on the trainer's list: give them your .pub file"

    init(connection: ConnectionFacts, server: ClassroomServer) {
        self.connection = connection
        self.server = server
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods {
        server.configuration.authorizedKeys.keys.isEmpty ? .password : [.publicKey, .password]
    }

    func requestReceived(request: NIOSSHUserAuthenticationRequest,
                         responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        if case let .publicKey(offered) = request.request {
            // swift-nio-ssh has checked the signature; a key of a type it cannot verify (RSA)
            // never reaches here, and the client goes on to the class code (Docs/classroom.md, Keys).
            connection.offeredKey = true
            if server.configuration.authorizedKeys.admits(offered.publicKey) {
                connection.user = request.username
                server.log("\(LogText.name(request.username)) from \(connection.address): in by an authorized key")
                responsePromise.succeed(.success)
            } else {
                server.log("\(LogText.name(request.username)) from \(connection.address): key not in --authorized-keys; the class code is asked")
                responsePromise.succeed(.failure)
            }
            return
        }
        guard case let .password(password) = request.request else {
            responsePromise.succeed(.failure)
            return
        }
        let throttle = server.throttle
        let address = connection.address
        let name = LogText.name(request.username)
        let now = ClassroomServer.monotonicSeconds()
        let loop = responsePromise.futureResult.eventLoop
        if case let .locked(delay, remaining) = throttle.check(address: address, name: request.username, now: now) {
            server.log("\(name) from \(address): refused, locked out for \(Int(remaining.rounded(.up))) s after \(throttle.policy.allowedFailures) wrong class codes")
            loop.scheduleTask(in: .milliseconds(Int64(delay * 1000))) { responsePromise.succeed(.failure) }
            return
        }
        if server.configuration.code.matches(password.password) {
            throttle.succeeded(address: address, name: request.username)
            connection.user = request.username
            if !server.configuration.authorizedKeys.keys.isEmpty, !connection.offeredKey {
                // No key the library takes was offered: an RSA key, which it never hands over
                // (nor does OpenSSH 8.8 and later offer it here), or no key at all. One line for
                // the trainee (on their class line), and one for the trainer.
                connection.note = Self.noKeyTaken
                server.log("\(name) from \(address): in by the class code; no ed25519 or ECDSA key was offered (RSA keys are not taken)")
            } else if connection.offeredKey {
                connection.note = Self.keyNotListed
            }
            responsePromise.succeed(.success)
            return
        }
        let failure = throttle.failed(address: address, name: request.username, now: now)
        let locked = failure.lockedOut ? "; locked out for \(Int(throttle.policy.lockout)) s" : ""
        server.log("\(name) from \(address): wrong class code (\(failure.count) in a row)\(locked)")
        loop.scheduleTask(in: .milliseconds(Int64(failure.delay * 1000))) { responsePromise.succeed(.failure) }
    }
}

/// What the classroom knows of one connection: where it comes from and, once the class code
/// was right, the name it gave. Confined to the connection's event loop.
final class ConnectionFacts {
    let address: String
    var user: String?
    /// A key the library verified was offered (in the file or not).
    var offeredKey = false
    /// One line for the trainee once their device starts (`ClassMessage.note`).
    var note: String?
    var authenticated: Bool { user != nil }

    init(address: String) { self.address = address }
}

/// Text from a client, made safe for a log line: printable ASCII only, cut short.
enum LogText {
    static func name(_ text: String) -> String {
        let safe = text.unicodeScalars.prefix(40).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? String($0) : "?" }.joined()
        return "'" + safe + "'"
    }
}
