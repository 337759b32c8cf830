import CHubsimSignals
import CNCurses
import HubUI
#if canImport(Glibc)
// unchecked: libc's `stdin` and `stdout` are C globals Swift sees as mutable; libc sets them before main and nothing here assigns them
@preconcurrency import Glibc
#elseif canImport(Darwin)
// unchecked: as Glibc's, Darwin's `stdin` and `stdout` are set before main and never assigned here
@preconcurrency import Darwin
#endif

/// What the program can know about the terminal before it draws.
public struct TerminalCapabilities: Equatable, Sendable {
    /// Colour, or monochrome (`NO_COLOR`, or a terminal without colour): the program should
    /// then use its monochrome theme.
    public var colorMode: ColorMode
    public var width: Int
    public var height: Int
    /// The person's locale is UTF-8 (hubsim itself runs under C.UTF-8 either way): drawings
    /// with an ASCII form (the state diagram) use it otherwise.
    public var utf8 = true

    /// Whether the program should draw with colour.
    public var hasColor: Bool { colorMode != .monochrome }
}

/// The terminal in curses mode: start-up checks, `newterm`, the event loop and teardown.
/// The only place hubsim talks to the terminal. One per process (curses state is global).
public final class CursesSession {
    /// The longest the loop sleeps without input, whatever the program says (a safety net:
    /// the status line's clock changes every minute anyway).
    static let longestSleepMilliseconds = 60_000

    public private(set) var capabilities: TerminalCapabilities
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private var loop: FrameLoop<CursesPainter>
    private var active = true
    private var reader = InputReader()
    /// Whether the input terminal had XON/XOFF flow control (`ixon`) before hubsim turned it
    /// off: Ctrl-S would otherwise freeze the screen until Ctrl-Q. Put back on leaving.
    private var inputHadFlowControl = false
    /// Called once, when the first frame has been written and before the first key is read:
    /// `HUBSIM_STARTUP_TRACE`'s last mark, and what must not delay the first frame but must be
    /// done before any event (a new device's database). False ends the session at once
    /// (`.quit`); the caller says why once the terminal is restored.
    public var afterFirstFrame: (() -> Bool)?
    /// A descriptor whose input wakes the loop as a key does, handed to the program as a
    /// `.tick` for it to read (a trainee's control pipe: the classroom's orders reach the
    /// screen at once, and an idle device sleeps). Asked before every wait; nil: none (any more).
    public var wakeDescriptor: (() -> Int32?)?
    /// Sees every frame painted, with its size (a recording of the session: `--cast`).
    public var paintObserver: ((Frame) -> Void)? {
        get { loop.observer }
        set { loop.observer = newValue }
    }

    /// Checks the terminal and enters curses mode; throws a one-line problem (exit 2) when
    /// stdin or stdout is not a terminal, `TERM` is unset or `dumb`, or curses refuses it.
    public static func start(environment: [String: String]) throws(StartupProblem) -> CursesSession {
        let env = TerminalEnvironment(stdinIsTerminal: StandardStreams.inputIsTerminal, stdoutIsTerminal: StandardStreams.outputIsTerminal,
                                      term: environment["TERM"], noColor: environment["NO_COLOR"])
        if let problem = env.problem { throw problem }
        let utf8 = useUTF8Locale()
        hubsim_install_crash_handlers()
        // Before newterm: curses takes SIGINT, SIGTERM and SIGTSTP only while they have their
        // default action (ncurses' lib_tstp.c, `_nc_signal_handler`), and when it owns SIGTSTP
        // it ignores it during every screen update. A Ctrl-Z typed during a paint was then
        // lost; under a wrapper the wrapper stopped alone and hubsim went on in the background.
        hubsim_install_quit_handlers()
        guard let screen = newterm(nil, cn_stdout(), cn_stdin()) else {
            hubsim_restore_handlers()
            throw StartupProblem("hubsim: the terminal type '\(env.term ?? "")' is unknown to curses; try TERM=xterm-256color")
        }
        let session = CursesSession(screen: screen, noColor: env.wantsNoColor)
        session.capabilities.utf8 = utf8
        return session
    }

    private init(screen: OpaquePointer, noColor: Bool) {
        self.screen = screen
        hubsim_set_curses_active(1)
        let window = cn_stdscr()!
        self.window = window
        cbreak()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        set_escdelay(Int32(InputReader.escapeDelay))
        wtimeout(window, 0)
        curs_set(0)
        mousemask(cn_all_mouse_events(), nil)
        // No click resolution: a press is reported at once instead of after 166 ms.
        mouseinterval(0)
        Self.bindMousePrefixes()
        Self.requestSGRMouseReports()
        var mode = ColorMode.monochrome
        if !noColor && has_colors() {
            start_color()
            use_default_colors()
            mode = .colors(Int(cn_colors()))
        }
        capabilities = TerminalCapabilities(colorMode: mode, width: Int(cn_width(window)), height: Int(cn_height(window)))
        inputHadFlowControl = Self.setFlowControl(false)
        // Curses' program mode (what it puts back after a suspend) includes ixon off.
        def_prog_mode()
        loop = FrameLoop(painter: CursesPainter(window: window, mode: mode), width: capabilities.width, height: capabilities.height)
    }

    deinit { end() }

    /// Runs `program` until it quits, a quit signal arrives or the terminal goes away.
    /// `afterEvent` runs after every event the program handled (e.g. to save the device).
    public func run<P: TerminalProgram>(_ program: inout P, afterEvent: (inout P) -> Void = { _ in }) -> TerminalExit {
        let (width, height) = (Int(cn_width(window)), Int(cn_height(window)))
        if width != loop.width || height != loop.height { loop.resize(width: width, height: height) }
        loop.paint(program)
        let carryOn = afterFirstFrame?() ?? true
        afterFirstFrame = nil
        guard carryOn else { return .quit }
        var clock = TickClock()
        while true {
            if let exit = pendingSignalExit() { return exit }
            // After a stop, the whole-screen repaint takes a while (a debug build under load:
            // most of a second), and a Ctrl-Z typed meanwhile must not wait for the next key
            // or the clock's next minute: the requests are looked at again before sleeping.
            if hubsim_take_suspend_request() != 0 {
                if suspend() { loop.paint(program) }
                continue
            }
            if hubsim_take_redraw_request() != 0 { resumed(); loop.paint(program); continue }
            // Sleep until the program's next timed change (the clock's next minute, the next
            // enrollment step): no wake-up that would paint nothing. A partial mouse report
            // waits no longer than the escape delay for its next byte.
            let deadline = reader.deadline
            let timeout: Int
            if let deadline {
                timeout = Int(clamping: max(0, deadline - Self.monotonicMilliseconds()))
            } else if let seconds = program.secondsUntilTimedChange(shown: loop.shown) {
                timeout = min(Self.longestSleepMilliseconds, Int((max(0, seconds) * 1000).rounded(.up)))
            } else {
                timeout = Self.longestSleepMilliseconds
            }
            var ch: wint_t = 0
            let (status, woken) = nextInput(&ch, timeout: timeout, wake: deadline == nil ? wakeDescriptor?() : nil)
            var events: [InputEvent] = []
            switch status {
            case ERR:
                if let exit = pendingSignalExit() { return exit }
                if deadline != nil {
                    // The escape delay ran out (or a signal came): not a tick, nor a sign of
                    // a closed terminal.
                    reader.expire(at: Self.monotonicMilliseconds())
                    continue
                }
                if woken {
                    events.append(.tick(clock.input()))
                    break
                }
                switch clock.timedOut(after: Double(timeout) / 1000) {
                case let .tick(elapsed): events.append(.tick(elapsed))
                case .spurious: continue
                case .hangup: return .hangup
                }
            default:
                // The time that passed comes first: the input happens at the simulator time
                // it arrived (the inactivity lock due before a key locks before it).
                events.append(.tick(clock.input()))
                let raw: RawInput = status == KEY_CODE_YES ? .keyCode(Int32(ch)) : .character(UInt32(ch))
                for decoded in reader.read(raw, at: Self.monotonicMilliseconds()) {
                    switch decoded {
                    case let .event(event): events.append(event)
                    case .mouse: if let event = readMouse() { events.append(event) }
                    case .resize:
                        loop.resize(width: Int(cn_width(window)), height: Int(cn_height(window)))
                        events.append(.resize(width: loop.width, height: loop.height))
                    case .mouseReport, .ignored: break
                    }
                }
            }
            // Keys, clicks, ticks and resizes alike: one frame, painted as a diff.
            if loop.feed(events, to: &program, afterEvent: afterEvent) { return .quit }
        }
    }

    /// The next input from curses, waiting at most `timeout` ms: its status (ERR when the time
    /// ran out, a signal came or the terminal is gone), and whether `wake`'s descriptor has input
    /// instead. Without `wake`, curses waits alone, as it always has.
    private func nextInput(_ ch: inout wint_t, timeout: Int, wake: Int32?) -> (status: Int32, woken: Bool) {
        guard let wake, timeout > 0 else {
            wtimeout(window, Int32(timeout))
            return (wget_wch(window, &ch), false)
        }
        // Curses keeps what it read ahead of the last key (the rest of a sequence it did not
        // know) in a queue of its own, which poll cannot see: that first, without waiting.
        wtimeout(window, 0)
        let status = wget_wch(window, &ch)
        if status != ERR { return (status, false) }
        // Then one sleep on both: a signal ends it too (EINTR), as it ends curses' own wait.
        var descriptors = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, 2, Int32(clamping: timeout))
        if ready > 0 && descriptors[1].revents != 0 { return (ERR, true) }
        // Input (or a hang-up, which curses answers with ERR at once, as before).
        if ready > 0 { return (wget_wch(window, &ch), false) }
        return (ERR, false)
    }

    /// Leaves curses mode and restores the terminal and the signal handlers. Idempotent.
    public func end() {
        guard active else { return }
        active = false
        leaveCursesMode()
        delscreen(screen)
        hubsim_restore_handlers()
    }

    /// Restores the terminal but keeps recording quit signals: work that must finish after the
    /// screen is given back (ending developers' programs, which takes up to a few seconds, and
    /// the last save) is not cut short by a hang-up or a Ctrl-C meanwhile. `releaseSignals`
    /// ends it and says what came.
    public func endKeepingSignals() {
        guard active else { return }
        active = false
        leaveCursesMode()
        delscreen(screen)
        hubsim_detach_loop()
    }

    /// After `endKeepingSignals`: the handlers as they were before the session, and the quit
    /// signal that came meanwhile, as the way the process should end (nil: none came).
    public func releaseSignals() -> TerminalExit? {
        let exit = pendingSignalExit()
        hubsim_restore_handlers()
        return exit
    }

    /// Puts the terminal back as the shell had it: every mouse mode off first (one write, the
    /// modes hubsim set itself), then curses' own teardown (alternate screen, keypad, cursor,
    /// its mouse mode, the terminal's modes), then flow control. SIGTTOU is held meanwhile: a
    /// process that is no longer in the terminal's foreground group (a wrapper's child after
    /// Ctrl-Z, a job the shell sent SIGTERM to while stopped) would otherwise be stopped by
    /// the first `tcsetattr`, with the terminal left raw and the mouse reporting.
    private func leaveCursesMode() {
        let held = hubsim_hold_terminal_stops()
        defer { hubsim_release_terminal_stops(held) }
        hubsim_write_mouse_reset()
        endwin()
        _ = Self.setFlowControl(inputHadFlowControl)
        hubsim_set_curses_active(0)
    }

    /// The signals recorded as quit signals while curses runs (`hubsim_install_quit_handlers`).
    public static var quitSignals: [Int32] {
        (0..<hubsim_quit_signal_count()).map { hubsim_quit_signal_at($0) }
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

    /// Ctrl-Z: leave curses mode, stop, and on `fg` repaint everything. Returns false when a
    /// quit signal came while stopped (`kill %1`: the shell sends SIGTERM, then SIGCONT, to a
    /// job that is not in the foreground): curses mode is not entered again, since its
    /// `tcsetattr` from the background would stop hubsim with SIGTTOU before it could quit.
    private func suspend() -> Bool {
        // A SIGCONT from here on means `fg` came before the stop (`hubsim_suspend_self`).
        _ = hubsim_take_redraw_request()
        leaveCursesMode()
        hubsim_suspend_self()
        if hubsim_quit_signal_pending() != 0 { return false }
        hubsim_set_curses_active(1)
        resumed()
        return true
    }

    /// Back from a stop (Ctrl-Z and `fg`, or SIGSTOP and SIGCONT): the terminal's modes may
    /// have been changed and the screen drawn over, so both are set again and the next
    /// paint draws every cell.
    private func resumed() {
        _ = hubsim_take_redraw_request()
        reset_prog_mode()
        _ = Self.setFlowControl(false)
        clearok(window, true)
        wrefresh(window)
        // Curses turns its own mouse-report key back on when it re-enters program mode.
        Self.bindMousePrefixes()
        Self.requestSGRMouseReports()
        reader = InputReader()
        loop.invalidate()
    }

    /// Binds the mouse-report prefixes to `InputDecoder`'s own key codes, in place of
    /// `KEY_MOUSE`, so the report's bytes come through `wget_wch` and `InputReader` gives up
    /// on a partial one after the escape delay (curses would wait for ever).
    private static func bindMousePrefixes() {
        define_key("\u{1B}[<", InputDecoder.sgrMousePrefix)
        define_key("\u{1B}[M", InputDecoder.x10MousePrefix)
    }

    /// Asks the terminal for SGR mouse reports (mode 1006) whatever its terminfo entry says
    /// (`tmux-256color` and `screen` name the X10 encoding, which curses enables): X10 cannot
    /// encode a column past 223, and its bytes past 127 are not valid UTF-8 for `wget_wch`.
    /// A terminal without the mode ignores it and keeps sending X10, which is decoded too.
    /// Reset on leaving (`hubsim_write_mouse_reset`, which the crash handler sends too):
    /// curses resets only the modes it set.
    private static func requestSGRMouseReports() {
        let sequence = Array("\u{1B}[?1006h".utf8)
        _ = sequence.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }

    /// Turns XON/XOFF output flow control on standard input's terminal on or off; returns
    /// whether it was on.
    @discardableResult
    private static func setFlowControl(_ on: Bool) -> Bool {
        var modes = termios()
        guard tcgetattr(0, &modes) == 0 else { return false }
        let wasOn = modes.c_iflag & tcflag_t(IXON) != 0
        guard wasOn != on else { return wasOn }
        if on { modes.c_iflag |= tcflag_t(IXON) } else { modes.c_iflag &= ~tcflag_t(IXON) }
        tcsetattr(0, TCSADRAIN, &modes)
        return wasOn
    }

    private static func monotonicMilliseconds() -> Int64 { Int64(TickClock.monotonicNow() * 1000) }

    /// The character type from the environment, falling back to C.UTF-8 when that is not
    /// UTF-8: without it curses drops non-ASCII text and cannot decode typed "ü". Only
    /// `LC_CTYPE`, which is all curses reads (widths, decoding): every category took twice
    /// as long to load, before the first frame (start-up measures: StartupPath).
    /// Returns whether the environment's own character type was UTF-8.
    private static func useUTF8Locale() -> Bool {
        setlocale(LC_CTYPE, "")
        let codeset = String(cString: cn_codeset())
        if codeset.uppercased().filter({ $0 != "-" }) != "UTF8" {
            setlocale(LC_CTYPE, "C.UTF-8")
            return false
        }
        return true
    }
}
