import Foundation
import Platform
import Scenarios
import SessionEngine
import Synchronization

/// The class's lesson passwords, checked once for every trainee's device (`LessonCredentials`),
/// on a thread of their own from the moment the class opens: the class does not wait for them
/// (each is a full scrypt derivation), and a device started before they are done (a trainee in
/// the first fraction of a second) checks its own, as any device does. The places only, never a
/// password, go to the devices (`--class-verified`).
final class ClassCredentials: Sendable {
    private let places = Mutex<[Int]?>(nil)

    init(lesson: Lesson) {
        let thread = Thread { [self] in
            let verified = LessonCredentials(lesson: lesson).verified(in: lesson.scenario.tenant, by: ScryptHasher())
            places.withLock { $0 = verified }
        }
        thread.name = "hubsim class passwords"
        thread.start()
    }

    /// The arguments telling a device which of the lesson's passwords hold (none until checked).
    var deviceArguments: [String] {
        guard let verified = places.withLock({ $0 }), !verified.isEmpty else { return [] }
        return ["--class-verified", verified.map(String.init).joined(separator: ",")]
    }
}
