// Signal and crash handling for the curses front end. Real C because handlers must be
// async-signal-safe and must run before Swift's runtime gets a chance to do anything.
#ifndef HUBSIM_SIGNALS_H
#define HUBSIM_SIGNALS_H

/// Installs handlers for SIGINT, SIGTERM and SIGHUP (and SIGTSTP) with sigaction and no
/// SA_RESTART, so a blocked read returns; the handler only records the signal.
void hubsim_install_quit_handlers(void);

/// The quit signal received since the last call (0 if none), cleared by reading it.
int hubsim_take_quit_signal(void);

/// Whether a SIGTSTP (Ctrl-Z) arrived since the last call, cleared by reading it.
int hubsim_take_suspend_request(void);

/// Stops the process as the default SIGTSTP would, after the caller left curses mode; returns
/// once the process is continued (SIGCONT), with the handler reinstalled.
void hubsim_suspend_self(void);

/// Installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE and SIGABRT that leave curses
/// mode, restore the previous handler and re-raise, so a crash leaves a sane terminal and the
/// runtime's backtrace is readable.
void hubsim_install_crash_handlers(void);

/// Tells the crash handler whether curses mode is on (it calls endwin only then).
void hubsim_set_curses_active(int active);

/// Restores the handlers that were in place before the install calls.
void hubsim_restore_handlers(void);

#endif
