// Signal handlers for hubsim's curses front end. Quit signals are only recorded (in a
// lock-free atomic) so the Swift loop can save state and leave curses mode itself; crash
// signals leave curses mode on the spot and hand the signal to whoever handled it before
// (Swift's backtracer), so the trace prints on a sane terminal.
#include "hubsim_signals.h"
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <ncursesw/curses.h>

static atomic_int pending_quit = 0;
static atomic_int pending_suspend = 0;
static atomic_int pending_redraw = 0;
static atomic_int curses_active = 0;

// Every signal whose default action ends the process and that can be caught, except the
// crash signals below (a fault, handled on the spot): "Term" and "Core" in signal(7).
// SIGPIPE is not among them: it is ignored while curses runs (`hubsim_install_quit_handlers`).
static const int quit_signals[] = {
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
    SIGXCPU, SIGXFSZ, SIGSYS,
#ifdef SIGIO
    SIGIO,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
};
#define QUIT_COUNT (sizeof quit_signals / sizeof quit_signals[0])
static struct sigaction previous_quit[QUIT_COUNT];
#ifdef SIGRTMIN
// Real-time signals end the process too; SIGRTMIN is a function call on glibc.
#define RT_MAX_COUNT 64
static struct sigaction previous_rt[RT_MAX_COUNT];
static int rt_count = 0;
#endif
static struct sigaction previous_tstp, previous_cont, previous_pipe;
static int quit_installed = 0;

static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT };
#define CRASH_COUNT (sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction previous_crash[CRASH_COUNT];
static int crash_installed = 0;

// The thread that runs the curses loop. A signal sent to the process goes to any thread that
// does not block it (signal(7), "Signal mask and pending signals"), and the Swift runtime and
// Foundation start threads of their own: when one of them takes the signal, the loop's
// `wget_wch` is not interrupted and would sleep until its timeout (up to a minute) before
// seeing the request. The handler then sends the signal on to the loop's thread
// (pthread_kill, async-signal-safe since POSIX.1-2008 TC1), whose handler records it again and
// interrupts the wait.
static pthread_t loop_thread;
static atomic_int loop_thread_known = 0;

static void wake_loop(int sig) {
    if (atomic_load(&loop_thread_known) && !pthread_equal(pthread_self(), loop_thread)) {
        pthread_kill(loop_thread, sig);
    }
}

// The first quit signal decides how hubsim ends. One that lands on the loop's own thread
// after the loop last looked and before its `wget_wch` blocks interrupts nothing, and the
// wait would last until its timeout (up to a minute): `alarm` (async-signal-safe) then sends
// SIGALRM a second later, which interrupts that wait; taking the signal cancels it.
static void on_quit(int sig) {
    int none = 0;
    atomic_compare_exchange_strong(&pending_quit, &none, sig);
    wake_loop(sig);
    if (atomic_load(&loop_thread_known) && pthread_equal(pthread_self(), loop_thread)) alarm(1);
}
static void on_tstp(int sig) { atomic_store(&pending_suspend, 1); wake_loop(sig); }
static void on_cont(int sig) { atomic_store(&pending_redraw, 1); wake_loop(sig); }

static void install(int sig, void (*handler)(int), struct sigaction *previous) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; // no SA_RESTART: the blocked wget_wch must return
    sigaction(sig, &sa, previous);
}

void hubsim_install_quit_handlers(void) {
    loop_thread = pthread_self();
    atomic_store(&loop_thread_known, 1);
    hubsim_install_quit_recorders();
    install(SIGTSTP, on_tstp, &previous_tstp);
    install(SIGCONT, on_cont, &previous_cont);
    // A write to a terminal that went away then fails with EPIPE (or EIO) instead of killing
    // the process mid-frame; the loop sees the hang-up and ends as after SIGHUP.
    install(SIGPIPE, SIG_IGN, &previous_pipe);
    quit_installed = 1;
}

int hubsim_quit_signal_count(void) {
#ifdef SIGRTMIN
    return (int)QUIT_COUNT + (SIGRTMAX - SIGRTMIN + 1);
#else
    return (int)QUIT_COUNT;
#endif
}

int hubsim_quit_signal_at(int index) {
    if (index < 0) return 0;
    if ((unsigned)index < QUIT_COUNT) return quit_signals[index];
#ifdef SIGRTMIN
    int sig = SIGRTMIN + (index - (int)QUIT_COUNT);
    return sig <= SIGRTMAX ? sig : 0;
#else
    return 0;
#endif
}

int hubsim_take_quit_signal(void) {
    int sig = atomic_exchange(&pending_quit, 0);
    if (sig != 0) alarm(0);
    return sig;
}

int hubsim_quit_signal_pending(void) { return atomic_load(&pending_quit) != 0; }

int hubsim_take_suspend_request(void) { return atomic_exchange(&pending_suspend, 0); }

int hubsim_take_redraw_request(void) { return atomic_exchange(&pending_redraw, 0); }

void hubsim_suspend_self(void) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, NULL);
    // Under a wrapper (a script, a Python subprocess call) the wrapper is stopped by the same
    // Ctrl-Z at once, the shell reports the job stopped and `fg` may come before hubsim has
    // restored the terminal. A SIGCONT seen since the caller cleared the request means the job
    // runs again: stopping now would wait for a second SIGCONT that no shell sends.
    if (!atomic_load(&pending_redraw)) raise(SIGTSTP); // stops here until SIGCONT
    install(SIGTSTP, on_tstp, NULL);
}

int hubsim_default_action_dumps_core(int sig) {
    switch (sig) {
    case SIGQUIT: case SIGXCPU: case SIGXFSZ: case SIGSYS: return 1;
    default: return 0;
    }
}

void hubsim_die_of_signal(int sig) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
}

// The private modes hubsim turns on outside curses' knowledge, off again: SGR mouse reports
// (1006), which `CursesSession` asks for itself, and, in case curses is past saving, the
// mouse tracking modes curses enables (1000, 1002, 1003) and the UTF-8 and urxvt report
// encodings (1005, 1015). A terminal ignores a private mode it does not know (ECMA-48 and
// xterm's "Control Sequences"), so the list is safe to send whatever the terminal is.
static const char mouse_reset[] = "\x1b[?1006l\x1b[?1015l\x1b[?1005l\x1b[?1003l\x1b[?1002l\x1b[?1000l";

void hubsim_write_mouse_reset(void) {
    // write(2) is async-signal-safe; a short write to a terminal is not retried (nothing
    // better can be done on the way down).
    ssize_t ignored = write(STDOUT_FILENO, mouse_reset, sizeof mouse_reset - 1);
    (void)ignored;
}

int hubsim_hold_terminal_stops(void) {
    // A process outside the terminal's foreground process group that changes its modes
    // (tcsetattr) or writes with TOSTOP set is sent SIGTTOU, which stops it (POSIX, "General
    // Terminal Interface": "if the process is blocking or ignoring SIGTTOU ... the operation
    // is performed"). Blocked, the teardown runs to its end in the background too: under a
    // wrapper script the shell takes the terminal back as soon as the wrapper stops, before
    // hubsim has left curses mode.
    sigset_t set, previous;
    sigemptyset(&set);
    sigaddset(&set, SIGTTOU);
    sigprocmask(SIG_BLOCK, &set, &previous);
    return sigismember(&previous, SIGTTOU);
}

void hubsim_release_terminal_stops(int was_held) {
    if (was_held) return;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTTOU);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

// ---- What hubsim's programs started, ended on a crash ------------------------------------
// The bridge (AppBridge's `Descendants`) ends everything a program started when the program
// ends and when a command is ended by a quit signal; a crash runs no Swift, so the same sweep
// is done here with system calls only (open, read, getdents64, kill: async-signal-safe or plain
// system calls): every process below hubsim in the tree of parents (hubsim is their subreaper),
// and every process whose environment carries a mark of this hubsim's
// (`HUBSIM_BRIDGE_PROCESS=<hubsim's pid>.<n>`).
static atomic_int guarding_programs = 0;

void hubsim_guard_programs(void) { atomic_store(&guarding_programs, 1); }

#define SWEEP_MAX 8192
static pid_t sweep_pid[SWEEP_MAX], sweep_parent[SWEEP_MAX];
static char sweep_zombie[SWEEP_MAX], sweep_target[SWEEP_MAX];
static char sweep_buffer[1 << 18];

struct hubsim_dirent64 {
    unsigned long long d_ino;
    long long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

static int path_of(char *out, int pid, const char *leaf) {
    char digits[16];
    int n = 0;
    do { digits[n++] = (char)('0' + pid % 10); pid /= 10; } while (pid > 0 && n < 15);
    int at = 0;
    const char *head = "/proc/";
    while (*head) out[at++] = *head++;
    while (n > 0) out[at++] = digits[--n];
    out[at++] = '/';
    while (*leaf) out[at++] = *leaf++;
    out[at] = 0;
    return at;
}

static long read_all(const char *path, char *buffer, long size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    long total = 0;
    while (total < size - 1) {
        ssize_t got = read(fd, buffer + total, (size_t)(size - 1 - total));
        if (got <= 0) break;
        total += got;
    }
    close(fd);
    buffer[total] = 0;
    return total;
}

static long parse_number(const char **cursor) {
    const char *p = *cursor;
    long value = 0;
    while (*p == ' ') p++;
    while (*p >= '0' && *p <= '9') value = value * 10 + (*p++ - '0');
    *cursor = p;
    return value;
}

static int carries_mark(int pid, const char *mark, long mark_length) {
    char path[64];
    path_of(path, pid, "environ");
    long length = read_all(path, sweep_buffer, sizeof sweep_buffer);
    for (long start = 0; start < length;) {
        long end = start;
        while (end < length && sweep_buffer[end] != 0) end++;
        if (end - start >= mark_length && memcmp(sweep_buffer + start, mark, (size_t)mark_length) == 0) return 1;
        start = end + 1;
    }
    return 0;
}

static int sweep_once(pid_t me, const char *mark, long mark_length) {
    int count = 0;
    int dir = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) return 0;
    char entries[8192];
    for (;;) {
        long got = syscall(SYS_getdents64, dir, entries, sizeof entries);
        if (got <= 0) break;
        for (long at = 0; at < got;) {
            struct hubsim_dirent64 *entry = (struct hubsim_dirent64 *)(entries + at);
            at += entry->d_reclen;
            const char *name = entry->d_name;
            if (*name < '0' || *name > '9' || count >= SWEEP_MAX) continue;
            int pid = (int)parse_number(&name);
            char path[64], stat[512];
            path_of(path, pid, "stat");
            if (read_all(path, stat, sizeof stat) <= 0) continue;
            const char *close_paren = NULL;
            for (const char *p = stat; *p; p++) if (*p == ')') close_paren = p;
            if (!close_paren) continue;
            const char *p = close_paren + 1;
            while (*p == ' ') p++;
            char state = *p++;
            sweep_pid[count] = pid;
            sweep_parent[count] = (pid_t)parse_number(&p);
            sweep_zombie[count] = state == 'Z';
            sweep_target[count] = pid != me && carries_mark(pid, mark, mark_length);
            count++;
        }
    }
    close(dir);
    // Everything below hubsim, and below a marked process: until nothing changes.
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < count; i++) {
            if (sweep_target[i] || sweep_pid[i] == me) continue;
            int below = sweep_parent[i] == me;
            for (int j = 0; !below && j < count; j++) below = sweep_target[j] && sweep_pid[j] == sweep_parent[i];
            if (below) { sweep_target[i] = 1; changed = 1; }
        }
    }
    int killed = 0;
    for (int i = 0; i < count; i++) {
        if (sweep_target[i] && !sweep_zombie[i]) { kill(sweep_pid[i], SIGKILL); killed++; }
    }
    return killed;
}

void hubsim_end_descendants(void) {
    pid_t me = getpid();
    char mark[64];
    const char *name = "HUBSIM_BRIDGE_PROCESS=";
    int at = 0;
    while (*name) mark[at++] = *name++;
    char digits[16];
    int n = 0, pid = (int)me;
    do { digits[n++] = (char)('0' + pid % 10); pid /= 10; } while (pid > 0 && n < 15);
    while (n > 0) mark[at++] = digits[--n];
    mark[at++] = '.';
    mark[at] = 0;
    for (int round = 0; round < 5; round++) {
        if (sweep_once(me, mark, at) == 0) break;
    }
}

static void on_crash(int sig) {
    // The modes curses does not know about first, by write(2), then endwin: it is not
    // async-signal-safe, but the process is going down anyway and a raw terminal is the
    // worse outcome; it only writes the reset sequences (alternate screen, keypad, cursor,
    // curses' own mouse mode) and restores termios. SIGTTOU held so that a crash while in
    // the background does not stop the process half-way.
    int held = hubsim_hold_terminal_stops();
    if (atomic_exchange(&curses_active, 0)) {
        hubsim_write_mouse_reset();
        endwin();
    }
    hubsim_release_terminal_stops(held);
    if (atomic_load(&guarding_programs)) hubsim_end_descendants();
    for (unsigned i = 0; i < CRASH_COUNT; i++) {
        if (crash_signals[i] == sig) { sigaction(sig, &previous_crash[i], NULL); break; }
    }
    raise(sig);
    // The previous handler (Swift's backtracer) returned: it relies on the faulting instruction
    // running again, which a signal sent with kill(2) never does. Die of the signal for certain.
    signal(sig, SIG_DFL);
    raise(sig);
}

void hubsim_install_crash_handlers(void) {
    // Once: installed twice, the handler would hand the signal back to itself.
    if (crash_installed) return;
    for (unsigned i = 0; i < CRASH_COUNT; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_crash;
        sigemptyset(&sa.sa_mask);
        // SA_NODEFER so the re-raise inside the handler reaches the previous handler at once;
        // SA_ONSTACK so a stack overflow can still be handled if an alternate stack exists.
        sa.sa_flags = SA_NODEFER | SA_ONSTACK;
        sigaction(crash_signals[i], &sa, &previous_crash[i]);
    }
    crash_installed = 1;
}

void hubsim_set_curses_active(int active) { atomic_store(&curses_active, active); }

void hubsim_install_quit_recorders(void) {
    for (unsigned i = 0; i < QUIT_COUNT; i++) install(quit_signals[i], on_quit, &previous_quit[i]);
#ifdef SIGRTMIN
    rt_count = 0;
    for (int sig = SIGRTMIN; sig <= SIGRTMAX && rt_count < RT_MAX_COUNT; sig++) {
        install(sig, on_quit, &previous_rt[rt_count++]);
    }
#endif
}

void hubsim_detach_loop(void) {
    atomic_store(&loop_thread_known, 0);
    alarm(0); // no loop waits any more: a quit signal is only recorded
}

void hubsim_restore_handlers(void) {
    if (quit_installed) {
        atomic_store(&loop_thread_known, 0);
        alarm(0); // a wake-up `on_quit` armed must not end the process after its handler is gone
        for (unsigned i = 0; i < QUIT_COUNT; i++) sigaction(quit_signals[i], &previous_quit[i], NULL);
#ifdef SIGRTMIN
        for (int i = 0; i < rt_count; i++) sigaction(SIGRTMIN + i, &previous_rt[i], NULL);
#endif
        sigaction(SIGTSTP, &previous_tstp, NULL);
        sigaction(SIGCONT, &previous_cont, NULL);
        sigaction(SIGPIPE, &previous_pipe, NULL);
        quit_installed = 0;
    }
    // While hubsim guards its programs the crash handlers stay: the programs are ended after
    // curses mode, and a crash then must still end what they started.
    if (crash_installed && !atomic_load(&guarding_programs)) {
        for (unsigned i = 0; i < CRASH_COUNT; i++) sigaction(crash_signals[i], &previous_crash[i], NULL);
        crash_installed = 0;
    }
}
