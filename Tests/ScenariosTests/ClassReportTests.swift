import HubUI
import Testing
@testable import Scenarios

/// The class report: a record kept from the trainees' statuses, written whole as Markdown and
/// as JUnit XML.
@Suite struct ClassReportTests {
    static func status(_ step: Int, leaks: Int = 0, hand: Bool = false) -> TraineeStatus {
        TraineeStatus(step: step, steps: 3, state: "checked in", leaks: leaks, handRaised: hand, lessonTitle: "Shift change")
    }

    /// ana does every step (a leak at the second, a hand at the third); bo passes the first
    /// two in one lead and stops at the third.
    static func record() -> ClassRecord {
        var r = ClassRecord.Recorder(className: "ws1-shift-change", lessonTitle: "Shift change",
                                     stepTitles: ["The device is staged", "cou1 | checks out", "cou2 checks out"])
        r.note("ana", status(0), at: 10)
        r.note("bo", status(0), at: 12)
        r.note("ana", status(1), at: 70)
        r.note("ana", status(2, leaks: 1), at: 190)
        r.note("bo", status(2), at: 192)
        r.note("ana", status(2, leaks: 1, hand: true), at: 200)
        r.note("ana", status(2, leaks: 1, hand: false), at: 230)
        r.note("bo", status(2, hand: true), at: 240)
        r.note("ana", status(3, leaks: 1), at: 250)
        return r.record
    }

    @Test func theRecorderKeepsEachStepsTimeLeaksAndHands() {
        let r = Self.record()
        #expect(r.trainees.map(\.name) == ["ana", "bo"])
        #expect(r.trainees[0].steps == [.init(done: true, seconds: 60), .init(done: true, seconds: 120, leaks: 1),
                                        .init(done: true, seconds: 60, handsRaised: 1)])
        #expect(r.trainees[1].steps == [.init(done: true, seconds: 90), .init(done: true, seconds: 90),
                                        .init(done: false, handsRaised: 1)])
        #expect(r.seconds == 250)
    }

    @Test func aResetTakesTheStepsBack() {
        var r = ClassRecord.Recorder(className: "c", lessonTitle: "L", stepTitles: ["a", "b"])
        r.note("ana", Self.status(0), at: 0)
        r.note("ana", Self.status(2), at: 20)
        r.note("ana", Self.status(0), at: 30)
        #expect(r.record.trainees[0].steps == [.init(), .init()])
        r.note("ana", Self.status(1), at: 45)
        #expect(r.record.trainees[0].steps == [.init(done: true, seconds: 15), .init()])
    }

    @Test func markdownWhole() {
        #expect(ClassReport.markdown(Self.record()) == """
        # Class report: ws1-shift-change

        Lesson: Shift change (3 steps). 2 trainees, 4:10 in all.

        | Trainee | Steps done | Time | Leaks caused | Hands raised |
        |---|---:|---:|---:|---:|
        | ana | 3 of 3 | 4:00 | 1 | 1 |
        | bo | 2 of 3 | 3:00 | 0 | 1 |

        ## ana

        | Step | Done | Time | Leaks caused | Hands raised |
        |---|---|---:|---:|---:|
        | 1. The device is staged | yes | 1:00 | 0 | 0 |
        | 2. cou1 \\| checks out | yes | 2:00 | 1 | 0 |
        | 3. cou2 checks out | yes | 1:00 | 0 | 1 |

        ## bo

        | Step | Done | Time | Leaks caused | Hands raised |
        |---|---|---:|---:|---:|
        | 1. The device is staged | yes | 1:30 | 0 | 0 |
        | 2. cou1 \\| checks out | yes | 1:30 | 0 | 0 |
        | 3. cou2 checks out | no | – | 0 | 1 |

        """)
    }

    @Test func junitWhole() {
        #expect(ClassReport.junit(Self.record()) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="hubsim class ws1-shift-change: Shift change" tests="6" failures="1" errors="0" skipped="0" time="250">
          <testsuite name="ana" tests="3" failures="0" errors="0" skipped="0" time="240">
            <testcase name="ana: step 1: The device is staged" classname="class.ws1-shift-change" time="60">
              <properties>
                <property name="leaks caused" value="0"/>
                <property name="hands raised" value="0"/>
              </properties>
            </testcase>
            <testcase name="ana: step 2: cou1 | checks out" classname="class.ws1-shift-change" time="120">
              <properties>
                <property name="leaks caused" value="1"/>
                <property name="hands raised" value="0"/>
              </properties>
            </testcase>
            <testcase name="ana: step 3: cou2 checks out" classname="class.ws1-shift-change" time="60">
              <properties>
                <property name="leaks caused" value="0"/>
                <property name="hands raised" value="1"/>
              </properties>
            </testcase>
          </testsuite>
          <testsuite name="bo" tests="3" failures="1" errors="0" skipped="0" time="180">
            <testcase name="bo: step 1: The device is staged" classname="class.ws1-shift-change" time="90">
              <properties>
                <property name="leaks caused" value="0"/>
                <property name="hands raised" value="0"/>
              </properties>
            </testcase>
            <testcase name="bo: step 2: cou1 | checks out" classname="class.ws1-shift-change" time="90">
              <properties>
                <property name="leaks caused" value="0"/>
                <property name="hands raised" value="0"/>
              </properties>
            </testcase>
            <testcase name="bo: step 3: cou2 checks out" classname="class.ws1-shift-change" time="0">
              <properties>
                <property name="leaks caused" value="0"/>
                <property name="hands raised" value="1"/>
              </properties>
              <failure message="not done" type="not done">bo did not get past step 3: cou2 checks out</failure>
            </testcase>
          </testsuite>
        </testsuites>

        """)
    }

    @Test func aNameCannotBreakTheTableOrTheXML() {
        var r = ClassRecord.Recorder(className: "c", lessonTitle: "L", stepTitles: ["a"])
        r.note("x|<y>\u{1B}[2J", Self.status(0), at: 0)
        #expect(ClassReport.markdown(r.record).contains("| x\\|<y>\\u{1B}[2J | 0 of 1 |"))
        #expect(ClassReport.junit(r.record).contains("<testsuite name=\"x|&lt;y&gt;\\u{1B}[2J\""))
    }
}
