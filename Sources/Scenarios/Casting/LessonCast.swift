import HubUI

extension ScenarioRunner {
    /// Plays `lesson` headless as the trainer's Next would and renders it into a cast at
    /// `width`×`height`: the ready screen, then the screen after each step, `pace` seconds
    /// apart, the narration panel drawn as the class sees it. Checks run as in `run`; a failed
    /// step ends the cast there (its screen is the last frame).
    public func cast(_ lesson: Lesson, pace: Double, width: Int, height: Int, timestamp: Int? = nil) -> (result: ScenarioResult, cast: Asciicast) {
        let (result, frames) = play(lesson, width: width, height: height)
        let timed = frames.enumerated().map { (frame: $0.element, seconds: Double($0.offset) * pace) }
        let cast = Asciicast(frames: timed, timestamp: timestamp, title: "hubsim lesson: \(lesson.title) (\(lesson.scenario.profile.rawValue))")
        return (result, cast)
    }
}
