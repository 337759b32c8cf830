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
}
