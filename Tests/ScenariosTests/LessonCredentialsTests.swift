import Configuration
import Platform
import SessionEngine
import Testing
@testable import Scenarios

/// A class checks its lesson's passwords once: the classroom finds which of the lesson's
/// scripted passwords are their user's, and each trainee's device remembers those by their
/// place in the lesson, so it derives none of them, while any other password still costs a
/// full derivation and is refused when wrong.
@Suite struct LessonCredentialsTests {
    static let lesson = """
        lesson: Passwords typed
        profile: workspace-one
        apps: [notes]
        steps:
          - title: Staged
            do:
              - enroll: {group: FRONTLINE, user: stage, password: stage}
          - title: A wrong password
            do:
              - checkOut: {group: FRONTLINE, user: cou1, password: not-cou1}
                refused: true
          - title: The right one, twice
            do:
              - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
              - logOut
              - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
          - title: Someone the tenant does not have
            do:
              - logOut
              - checkOut: {group: FRONTLINE, user: nobody, password: nobody}
                refused: true
        """

    static func credentials() throws -> (LessonCredentials, Lesson) {
        let lesson = try LessonParser(scenarios: Fixtures.parser()).parse(Self.lesson, file: "passwords.yaml")
        return (LessonCredentials(lesson: lesson), lesson)
    }

    @Test func theLessonsPasswordsEachOnceInTheOrderTyped() throws {
        let (credentials, _) = try Self.credentials()
        #expect(credentials.pairs == [
            .init(user: "stage", password: "stage"), .init(user: "cou1", password: "not-cou1"),
            .init(user: "cou1", password: "cou1"), .init(user: "nobody", password: "nobody"),
        ])
    }

    @Test func onlyTheUsersOwnPasswordsAreVerified() throws {
        let (credentials, lesson) = try Self.credentials()
        #expect(credentials.verified(in: lesson.scenario.tenant, by: Fixtures.hasher) == [0, 2])
    }

    @Test func aDeviceRemembersThePlacesItIsToldAndNothingElse() throws {
        let (credentials, lesson) = try Self.credentials()
        var told: [(Secret, PasswordHash)] = []
        // 7 is past the list, 3 is a user the tenant does not have: both passed over.
        credentials.remember([2, 7, 3], in: lesson.scenario.tenant) { told.append(($0, $1)) }
        let cou1 = try #require(lesson.scenario.tenant.user("cou1"))
        #expect(told.count == 1 && told[0].0 == "cou1" && told[0].1 == cou1.passwordHash)
    }

    /// What a remembered verification is: the hasher takes it as done (a place the classroom
    /// vouches for is not derived again), and a password it was not told still derives, and
    /// is refused when wrong.
    @Test func aRememberedPasswordIsTakenWithoutDerivingAndOthersStillDerive() throws {
        let (_, lesson) = try Self.credentials()
        let cou1 = try #require(lesson.scenario.tenant.user("cou1"))
        let hasher = ScryptHasher(logN: 10)
        // Told of a pairing no derivation would accept: taken on the classroom's word.
        hasher.remember("told-by-the-classroom", verifiedAgainst: cou1.passwordHash)
        #expect(hasher.verify("told-by-the-classroom", against: cou1.passwordHash))
        #expect(!hasher.verify("guess", against: cou1.passwordHash))
        #expect(hasher.verify("cou1", against: cou1.passwordHash))
    }

    /// A class device plays the shipped shift change with its passwords remembered: the same
    /// steps, the same states, as a device that derived them.
    @Test func aDeviceToldThePlacesPlaysTheShiftChangeAsOneThatDerived() throws {
        let file = try #require(BundledAssets.lessonFiles().first { $0.name == "ws1-shift-change" })
        let lesson = try Fixtures.runner().lessons.load(.bundled(file))
        let credentials = LessonCredentials(lesson: lesson)
        #expect(credentials.pairs.map(\.user) == ["stage", "cou1", "cou2"])
        let places = credentials.verified(in: lesson.scenario.tenant, by: Fixtures.hasher)
        #expect(places == [0, 1, 2])
        let told = CountingHasher(ScryptHasher(logN: 10))
        let seeded = ScryptHasher(logN: 10)
        credentials.remember(places, in: lesson.scenario.tenant) { seeded.remember($0, verifiedAgainst: $1) }
        var derived = LessonPlayer(lesson: lesson, dependencies: .seeded(hasher: told))
        var remembered = LessonPlayer(lesson: lesson, dependencies: .seeded(hasher: seeded))
        while !derived.isAtEnd {
            derived.go(to: derived.position + 1)
            remembered.go(to: remembered.position + 1)
            #expect(LessonLeadPlayerTests.same(derived.model.device, remembered.model.device))
        }
        #expect(told.calls > 0)
    }

    /// The shipped PIN lesson: the PIN it sets is hashed once by the classroom, and a device
    /// that takes that hash plays every step as one that derived its own, deriving nothing (the
    /// wrong PIN the lesson types is refused as ever).
    @Test func aDeviceGivenThePINsHashPlaysThePINLessonAsOneThatDerived() throws {
        let file = try #require(BundledAssets.lessonFiles().first { $0.name == "mhs-pin-and-auto-sign-out" })
        let lesson = try Fixtures.runner().lessons.load(.bundled(file))
        let credentials = LessonCredentials(lesson: lesson)
        // 1234 is refused as too simple before any hash: only 1739 is hashed.
        #expect(credentials.pins == ["1739"])
        let classroom = ScryptHasher(logN: 10)
        let places = credentials.verified(in: lesson.scenario.tenant, by: classroom)
        let hashes = credentials.hashedPINs(by: classroom)
        #expect(hashes.count == 1)
        func device(adopting: Bool) -> ScryptHasher {
            let hasher = ScryptHasher(logN: 10)
            credentials.remember(places, in: lesson.scenario.tenant) { hasher.remember($0, verifiedAgainst: $1) }
            if adopting { credentials.adopt(hashes) { hasher.adopt($1, for: $0) } }
            return hasher
        }
        let own = device(adopting: false), given = device(adopting: true)
        var derived = LessonPlayer(lesson: lesson, dependencies: .seeded(hasher: own))
        var adopted = LessonPlayer(lesson: lesson, dependencies: .seeded(hasher: given))
        while !derived.isAtEnd {
            derived.go(to: derived.position + 1)
            adopted.go(to: adopted.position + 1)
            #expect(LessonLeadPlayerTests.same(derived.model.device, adopted.model.device))
            #expect(derived.model.device.snapshot.managedHomeScreen?.sessionPINHash == nil
                    || adopted.model.device.snapshot.managedHomeScreen?.sessionPINHash == hashes[0])
        }
        // Every step's checks held on both (the PIN set, the wrong one refused, the right one taken).
        #expect(derived.results.joined().allSatisfy { $0.status == .passed })
        #expect(adopted.results.joined().map(\.status) == derived.results.joined().map(\.status))
        // Deriving its own: 1739 hashed twice (the next step's actions are applied once ahead
        // for the lesson's panel, then performed), its first check, and 0000 twice. Given the
        // classroom's hash of 1739: none, and 0000 is refused all the same.
        #expect(own.derivations == 5)
        #expect(given.derivations == 0)
    }
}
