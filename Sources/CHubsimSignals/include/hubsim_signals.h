// Signal and crash handling for the curses front end. Real C because handlers must be
// async-signal-safe and must run before Swift's runtime gets a chance to do anything.
#ifndef HUBSIM_SIGNALS_H
#define HUBSIM_SIGNALS_H

/// Installs handlers for every catchable signal whose default action ends the process
/// (SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1/2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
/// SIGXFSZ, SIGSYS, SIGIO, SIGPWR, SIGSTKFLT, the real-time signals; not the crash signals)
/// and for SIGTSTP and SIGCONT, with sigaction and no SA_RESTART, so a blocked read returns;
/// the handlers only record the signal. SIGPIPE is ignored until the handlers are restored.
void hubsim_install_quit_handlers(void);

/// How many signals `hubsim_install_quit_handlers` records as quit signals.
int hubsim_quit_signal_count(void);

/// The quit signal at `index` (0 ..< count), or 0.
int hubsim_quit_signal_at(int index);

/// Whether a SIGCONT arrived since the last call (the process was stopped and continued,
/// e.g. by SIGSTOP, and the screen may have been drawn over), cleared by reading it.
int hubsim_take_redraw_request(void);

/// Whether `sig`'s default action also writes a core dump (SIGQUIT, SIGXCPU, SIGXFSZ, SIGSYS).
int hubsim_default_action_dumps_core(int sig);

/// Ends the process by `sig` with its default action (unblocked), so the parent sees that
/// signal as the cause. Returns only if the process survives it.
void hubsim_die_of_signal(int sig);

/// The quit signal received since the last call (0 if none), cleared by reading it.
int hubsim_take_quit_signal(void);

/// Whether a quit signal is waiting to be taken (`hubsim_take_quit_signal`), without taking it.
int hubsim_quit_signal_pending(void);

/// Whether a SIGTSTP (Ctrl-Z) arrived since the last call, cleared by reading it.
int hubsim_take_suspend_request(void);

/// Stops the process as the default SIGTSTP would, after the caller left curses mode; returns
/// once the process is continued (SIGCONT), with the handler reinstalled.
void hubsim_suspend_self(void);

/// Installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE and SIGABRT that leave curses
/// mode, restore the previous handler and re-raise, so a crash leaves a sane terminal and the
/// runtime's backtrace is readable.
void hubsim_install_crash_handlers(void);

/// Turns off every mouse report mode (SGR 1006, urxvt 1015, UTF-8 1005, and the tracking
/// modes 1000, 1002, 1003) with one write(2) to standard output; async-signal-safe.
void hubsim_write_mouse_reset(void);

/// Blocks SIGTTOU, so that changing the terminal's modes or writing to it from a background
/// process group is done instead of stopping the process. Returns whether it was already
/// blocked, for `hubsim_release_terminal_stops`.
int hubsim_hold_terminal_stops(void);

/// Undoes `hubsim_hold_terminal_stops` (unblocks SIGTTOU unless it was blocked before).
void hubsim_release_terminal_stops(int was_held);

/// From now on the crash handlers also end every process hubsim started, directly or not, that
/// is still running (its descendants, hubsim being their subreaper, and every process marked
/// `HUBSIM_BRIDGE_PROCESS=<hubsim's pid>.…`), before the crash goes on.
void hubsim_guard_programs(void);

/// The sweep the crash handlers do (`hubsim_guard_programs`), with system calls only.
void hubsim_end_descendants(void);

/// Tells the crash handler whether curses mode is on (it calls endwin only then).
void hubsim_set_curses_active(int active);

/// Restores the handlers that were in place before the install calls.
void hubsim_restore_handlers(void);

/// The loop is over but the quit handlers stay: a quit signal is recorded (for
/// `hubsim_take_quit_signal`), with no wake-up of a loop and no `alarm`.
void hubsim_detach_loop(void);

/// Quit signals recorded (`hubsim_quit_signal_pending`, `hubsim_take_quit_signal`) instead of
/// ending the process, for a headless command that must clean up first; no loop is woken and
/// job control is left alone.
void hubsim_install_quit_recorders(void);

#endif
