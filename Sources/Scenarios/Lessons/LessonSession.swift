import HubUI
import SessionEngine

/// `hubsim lesson` on a terminal: the picker first when no lesson was named, then the
/// lesson playing in the full simulator.
public struct LessonSession: TerminalProgram {
    enum Stage {
        case picking(LessonMenu)
        case playing(LessonPlayer)
    }

    private var stage: Stage
    private let lessons: [Lesson]
    private let dependencies: EngineDependencies
    private let theme: Theme
    private var width: Int
    private var height: Int

    /// The picker over `lessons`; the chosen one plays on a device built with `dependencies`.
    public init(picking lessons: [Lesson], dependencies: EngineDependencies, theme: Theme, width: Int, height: Int,
                wording: LessonMenu.Wording = .lessons) {
        self.lessons = lessons
        self.dependencies = dependencies
        self.theme = theme
        self.width = width
        self.height = height
        stage = .picking(LessonMenu(entries: lessons.map { LessonMenu.Entry(name: $0.name, title: $0.title, description: $0.description) },
                                    theme: theme, wording: wording))
    }

    /// `lesson` playing at once.
    public init(playing lesson: Lesson, dependencies: EngineDependencies, theme: Theme, width: Int, height: Int,
                wording: LessonMenu.Wording = .lessons) {
        self.init(picking: [lesson], dependencies: dependencies, theme: theme, width: width, height: height, wording: wording)
        start(0)
    }

    /// The lesson playing, if one does.
    public var player: LessonPlayer? {
        if case let .playing(p) = stage { p } else { nil }
    }

    public mutating func handle(_ event: InputEvent, shown: Frame?) -> ProgramCommand {
        switch stage {
        case var .playing(player):
            let command = player.handle(event, shown: shown)
            stage = .playing(player)
            return command
        case var .picking(menu):
            var choice = LessonMenu.Choice.none
            switch event {
            case let .resize(w, h): width = w; height = h
            case .tick: return .unchanged
            case let .key(key): choice = menu.handle(key)
            case let .mouse(m) where m.button == .left:
                let frame = shown ?? menu.render(width: width, height: height)
                choice = menu.click(frame.hitMap.target(x: m.x, y: m.y))
            case .mouse: return .unchanged
            }
            stage = .picking(menu)
            switch choice {
            case .none: return .none
            case .quit: return .quit
            case let .start(i): start(i); return .none
            }
        }
    }

    private mutating func start(_ index: Int) {
        var player = LessonPlayer(lesson: lessons[index], dependencies: dependencies, theme: theme)
        _ = player.handle(.resize(width: width, height: height), shown: nil)
        // A race preset: its set-up played at once, then the person has the keys.
        if let setUp = player.lesson.handOver { player.go(to: setUp) }
        stage = .playing(player)
    }

    /// The playing lesson's timing; the picker changes only on input.
    public func secondsUntilTimedChange(shown: Frame?) -> Double? {
        switch stage {
        case let .playing(player): player.secondsUntilTimedChange(shown: shown)
        case .picking: nil
        }
    }

    public func render(width: Int, height: Int) -> Frame {
        switch stage {
        case let .playing(player): player.render(width: width, height: height)
        case let .picking(menu): menu.render(width: width, height: height)
        }
    }
}
