import HubUI

extension Checks {
    /// A lesson step's narration fits its panel at the lesson's screen size: what a trainer
    /// wrote is what the class reads, never cut off with an ellipsis.
    static func narrationFits(_ panel: LessonPanel, width: Int, height: Int) -> StepFailure? {
        let room = LessonPanel.narrationRoom(width: width, height: height)
        let lines = panel.narrationLines(width: room.width)
        guard lines.count > room.rows else { return nil }
        return StepFailure(message: "the narration of '\(panel.title)' needs \(lines.count) lines of \(room.width) columns; the panel has \(room.rows) at \(width)x\(height): shorten watch or why",
                           expected: "at most \(room.rows) lines", actual: "\(lines.count) lines")
    }
}
