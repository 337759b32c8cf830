import CHubsimSignals
import CNCurses
import HubUI
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// What the program can know about the terminal before it draws.
public struct TerminalCapabilities: Equatable, Sendable {
    /// Colour, or monochrome (`NO_COLOR`, or a terminal without colour): the program should
    /// then use its monochrome theme.
    public var colorMode: ColorMode
    public var width: Int
    public var height: Int

    /// Whether the program should draw with colour.
    public var hasColor: Bool { colorMode != .monochrome }
}

/// The terminal in curses mode: start-up checks, `newterm`, the event loop and teardown.
/// The only place hubsim talks to the terminal. One per process (curses state is global).
public final class CursesSession {
    /// How often the loop wakes without input to send a `.tick`.
    public static let tickMilliseconds: Int32 = 250

    public let capabilities: TerminalCapabilities
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private var painter: CursesPainter
    private var active = true

    /// Checks the terminal and enters curses mode; throws a one-line problem (exit 2) when
    /// stdin or stdout is not a terminal, `TERM` is unset or `dumb`, or curses refuses it.
    public static func start(environment: [String: String]) throws(StartupProblem) -> CursesSession {
        let env = TerminalEnvironment(stdinIsTerminal: isatty(0) == 1, stdoutIsTerminal: isatty(1) == 1,
                                      term: environment["TERM"], noColor: environment["NO_COLOR"])
        if let problem = env.problem { throw problem }
        useUTF8Locale()
        hubsim_install_crash_handlers()
        guard let screen = newterm(nil, cn_stdout(), cn_stdin()) else {
            hubsim_restore_handlers()
            throw StartupProblem("hubsim: the terminal type '\(env.term ?? "")' is unknown to curses; try TERM=xterm-256color")
        }
        return CursesSession(screen: screen, noColor: env.wantsNoColor)
    }

    private init(screen: OpaquePointer, noColor: Bool) {
        self.screen = screen
        hubsim_set_curses_active(1)
        // After newterm, which installs curses' own SIGINT/SIGTERM handlers that would exit
        // without letting hubsim save.
        hubsim_install_quit_handlers()
        let window = cn_stdscr()!
        self.window = window
        cbreak()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        set_escdelay(25)
        wtimeout(window, Self.tickMilliseconds)
        curs_set(0)
        mousemask(cn_all_mouse_events(), nil)
        // No click resolution: a press is reported at once instead of after 166 ms.
        mouseinterval(0)
        var mode = ColorMode.monochrome
        if !noColor && has_colors() {
            start_color()
            use_default_colors()
            mode = .colors(Int(cn_colors()))
        }
        capabilities = TerminalCapabilities(colorMode: mode, width: Int(cn_width(window)), height: Int(cn_height(window)))
        painter = CursesPainter(window: window, mode: mode)
    }

    deinit { end() }

    /// Runs `program` until it quits, a quit signal arrives or the terminal goes away.
    /// `afterEvent` runs after every event the program handled (e.g. to save the device).
    public func run<P: TerminalProgram>(_ program: inout P, afterEvent: (inout P) -> Void = { _ in }) -> TerminalExit {
        var size = (width: Int(cn_width(window)), height: Int(cn_height(window)))
        painter.paint(program.render(width: size.width, height: size.height))
        var clock = TickClock()
        while true {
            if let exit = pendingSignalExit() { return exit }
            if hubsim_take_suspend_request() != 0 { suspend(); painter.paint(program.render(width: size.width, height: size.height)) }
            var ch: wint_t = 0
            let status = wget_wch(window, &ch)
            var events: [InputEvent] = []
            switch status {
            case ERR:
                if let exit = pendingSignalExit() { return exit }
                switch clock.timedOut() {
                case let .tick(elapsed): events.append(.tick(elapsed))
                case .spurious: continue
                case .hangup: return .hangup
                }
            default:
                let raw: RawInput = status == KEY_CODE_YES ? .keyCode(Int32(ch)) : .character(UInt32(ch))
                switch InputDecoder.decode(raw) {
                case let .event(event): events.append(event)
                case .mouse: if let event = readMouse() { events.append(event) }
                case .resize:
                    size = (Int(cn_width(window)), Int(cn_height(window)))
                    painter.invalidate()
                    events.append(.resize(width: size.width, height: size.height))
                case .ignored: break
                }
                if let elapsed = clock.dueTick() { events.append(.tick(elapsed)) }
            }
            var changed = false
            for event in events {
                let command = program.handle(event)
                if command == .quit { afterEvent(&program); return .quit }
                if command != .unchanged { changed = true }
                afterEvent(&program)
            }
            if changed { painter.paint(program.render(width: size.width, height: size.height)) }
        }
    }

    /// Leaves curses mode and restores the terminal and the signal handlers. Idempotent.
    public func end() {
        guard active else { return }
        active = false
        endwin()
        hubsim_set_curses_active(0)
        delscreen(screen)
        hubsim_restore_handlers()
    }

    private func pendingSignalExit() -> TerminalExit? {
        let signal = hubsim_take_quit_signal()
        return signal == 0 ? nil : .signal(signal)
    }

    private func readMouse() -> InputEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        return InputDecoder.decodeMouse(buttonState: UInt64(event.bstate), x: Int(event.x), y: Int(event.y))
    }

    /// Ctrl-Z: leave curses mode, stop, and on `fg` repaint everything.
    private func suspend() {
        endwin()
        hubsim_set_curses_active(0)
        hubsim_suspend_self()
        hubsim_set_curses_active(1)
        wrefresh(window)
        painter.invalidate()
    }

    /// The character type from the environment, falling back to C.UTF-8 when that is not
    /// UTF-8: without it curses drops non-ASCII text and cannot decode typed "ü". Only
    /// `LC_CTYPE`, which is all curses reads (widths, decoding): every category took twice
    /// as long to load, before the first frame (start-up measures: StartupPath).
    private static func useUTF8Locale() {
        setlocale(LC_CTYPE, "")
        let codeset = String(cString: cn_codeset())
        if codeset.uppercased().filter({ $0 != "-" }) != "UTF8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
