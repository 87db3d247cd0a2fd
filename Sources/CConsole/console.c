// The console's C (ff_console.h): the fatal-signal handler, the watchdog that ends a walk whose
// loop is busy, and which standard descriptors were closed at start. Async-signal-safe code that
// must not touch the Swift runtime; no readline, so line mode and the answer targets use it
// without linking readline.
#include "ff_console.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

// MARK: - Fatal signals
//
// A fatal signal (a crash, or a terminating signal the program does not otherwise own) runs
// ff_fatal_handler: it puts the terminal's saved settings back with tcsetattr, writes one fixed
// line, turns core dumps off (a core file would hold the typed secrets) and re-raises the signal
// with its default action, so the exit status is 128 + the signal. It replaces the Swift
// runtime's backtracer, whose report holds registers and memory. Only async-signal-safe calls.

struct ff_fatal_state {
    int input;           // the terminal whose settings are restored, or -1
    int output;          // where the fixed line goes, or -1
    int saved;           // whether `settings` holds the settings to restore
    struct termios settings;
    char reset[64];      // what puts the screen back (a new line, bracketed paste off)
    char note[512];      // the fixed line, in the session's language, with its line end
    // What erases a secure text shown in clear, from where the cursor is (empty when none is
    // shown): two buffers, the one `eraser` names complete while the other is written, so that a
    // handler interrupting an update reads a whole one.
    char erasers[2][8192];
    volatile sig_atomic_t eraser;
};

static struct ff_fatal_state *ff_fatal_state(void) {
    static struct ff_fatal_state state = { -1, -1, 0 };
    return &state;
}

/// What erases a revealed secret now (ff_fatal_eraser).
static const char *ff_fatal_current_eraser(struct ff_fatal_state *state) { return state->erasers[state->eraser & 1]; }

/// Starts the output of the terminal `fd` again, stopped by flow control. `tcflow(TCOON)` starts
/// only what `tcflow(TCOOFF)` stopped; output stopped by the STOP character (Ctrl-S, with IXON)
/// starts again when IXON is cleared (Linux's n_tty does so, to keep such a terminal from
/// hanging), so IXON is cleared and set back. Async-signal-safe; nothing happens to a descriptor
/// that is no terminal.
void ff_start_output(int fd) {
    if (fd < 0) return;
    tcflow(fd, TCOON);
    struct termios settings;
    if (tcgetattr(fd, &settings) != 0 || (settings.c_iflag & IXON) == 0) return;
    struct termios off = settings;
    off.c_iflag &= ~(tcflag_t)IXON;
    tcsetattr(fd, TCSANOW, &off);
    tcsetattr(fd, TCSANOW, &settings);
}

/// Writes `text` to the terminal being given back, unless it cannot take it at once. Output
/// stopped by flow control (Ctrl-S) is started again first — it was flowing before the walk —
/// and a terminal that still cannot take bytes within a fifth of a second is not written to,
/// so that ending never blocks on it. Only async-signal-safe calls.
static void ff_fatal_write(int output, const char *text) {
    size_t length = strlen(text);
    if (output < 0 || length == 0) return;
    ff_start_output(output);
    struct pollfd ready = { .fd = output, .events = POLLOUT, .revents = 0 };
    if (poll(&ready, 1, 200) != 1 || (ready.revents & POLLOUT) == 0) return;
    ssize_t ignored = write(output, text, length);
    (void)ignored;
}

static void ff_fatal_handler(int signal) {
    struct ff_fatal_state *state = ff_fatal_state();
    if (state->saved) {
        ff_fatal_write(state->output, ff_fatal_current_eraser(state));
        ff_fatal_write(state->output, state->reset);
        ff_fatal_write(state->output, state->note);
        tcsetattr(state->input, TCSANOW, &state->settings);
    }
    struct rlimit none = { 0, 0 };
    setrlimit(RLIMIT_CORE, &none);
    // SA_RESETHAND made the action the default one and SA_NODEFER left the signal unblocked.
    raise(signal);
    // A signal whose default action is to ignore it would come back here: end as it would have.
    _exit(128 + signal);
}

/// Takes `signal` with `handler`, on the alternate stack, reset to the default action as it runs
/// and not blocked meanwhile: a handler that raises the signal again ends the process by it.
static void ff_take(int signal, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_ONSTACK | SA_RESETHAND | SA_NODEFER;
    sigaction(signal, &action, NULL);
}

/// Installs ff_fatal_handler for `signal` on an alternate stack (a stack overflow has no stack
/// left to run a handler on). A signal the parent set to be ignored stays ignored, unless it is a
/// fault (SEGV, BUS, ILL, FPE), which cannot be ignored.
void ff_fatal_install(int signal) {
    static char stack[65536];
    static int stackReady = 0;
    if (!stackReady) {
        stack_t alternate = { .ss_sp = stack, .ss_size = sizeof stack, .ss_flags = 0 };
        sigaltstack(&alternate, NULL);
        stackReady = 1;
    }
    struct sigaction old;
    if (sigaction(signal, NULL, &old) == 0 && old.sa_handler == SIG_IGN
        && signal != SIGSEGV && signal != SIGBUS && signal != SIGILL && signal != SIGFPE) return;
    ff_take(signal, ff_fatal_handler);
}

/// Whether `signal` is ignored (SIG_IGN), as a parent may have left it.
int ff_signal_ignored(int signal) {
    struct sigaction old;
    return sigaction(signal, NULL, &old) == 0 && old.sa_handler == SIG_IGN;
}

/// The settings a fatal signal restores on `input`, and where its line goes: `reset` puts the
/// screen back (also written when the watchdog ends the walk), `note` is the fixed line, both
/// with their line ends and cut to their buffers. `settings` NULL forgets them (the terminal is
/// the session's no more).
void ff_fatal_remember(const struct termios *settings, int input, int output, const char *reset, const char *note) {
    struct ff_fatal_state *state = ff_fatal_state();
    state->saved = 0;
    if (settings == NULL) return;
    state->settings = *settings;
    state->input = input;
    state->output = output;
    snprintf(state->reset, sizeof state->reset, "%s", reset ? reset : "");
    snprintf(state->note, sizeof state->note, "%s", note ? note : "");
    state->saved = 1;
}

/// What a fatal signal or the watchdog writes first, before `reset`: the bytes that erase a
/// secure text shown in clear, from where the cursor is now; "" when none is shown. Bytes that do
/// not fit whole are not kept (a cut escape sequence would draw garbage): nothing is erased then.
void ff_fatal_eraser(const char *eraser) {
    struct ff_fatal_state *state = ff_fatal_state();
    int next = (state->eraser & 1) ^ 1;
    size_t length = eraser ? strlen(eraser) : 0;
    if (length >= sizeof state->erasers[next]) length = 0;
    memcpy(state->erasers[next], eraser ? eraser : "", length);
    state->erasers[next][length] = 0;
    state->eraser = next;
}

// MARK: - Standard descriptors closed at start

/// Bit N set: descriptor N (0, 1 or 2) was closed when the program started, and holds a
/// placeholder now (see StandardStreams.openMissing).
int *ff_closed_at_start(void) {
    static int mask = 0;
    return &mask;
}

// MARK: - Ending while busy
//
// A signal that ends a walk (SIGINT, SIGTERM, SIGHUP, SIGQUIT) is written to the signal pipe,
// which the input loop reads when it is idle. A program busy elsewhere (a long computation, a
// write to a terminal whose output is stopped) would never read it, so the handler also sets an
// alarm: when the loop has not taken the signal within a second, SIGALRM's handler restores the
// terminal as the fatal handler does and ends the process by the signal's default action (no
// core), as the walk would have, writing no answers. An alarm, not a thread: nothing to start,
// and the handler runs in the thread that is busy.

/// The signal not yet taken by the loop, or 0.
static volatile sig_atomic_t ff_watchdog_pending = 0;
/// Whether the parent left SIGALRM ignored: an alarm nobody here set is ignored then too.
static volatile sig_atomic_t ff_alarm_ignored = 0;

/// Ends the process by `signal` with its default action, from any thread: core dumps off (memory
/// holds the answers), the signal unblocked in this thread and raised; `_exit(128 + signal)` if it
/// does not end the process.
static void ff_end_by(int signal) {
    struct rlimit none = { 0, 0 };
    setrlimit(RLIMIT_CORE, &none);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(signal, &action, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(signal);
    _exit(128 + signal);
}

/// SIGALRM while a signal that ends the walk waits for the loop: the terminal is restored and
/// the process ends by that signal. Only async-signal-safe calls.
static void ff_watchdog_fire(int signal) {
    int pending = ff_watchdog_pending;
    // An alarm nobody set here (`kill -ALRM`) is what it was before: ignored when the parent
    // ignored it, else the fatal signal it always was.
    if (pending == 0) {
        if (ff_alarm_ignored) ff_take(signal, ff_watchdog_fire);
        else ff_fatal_handler(signal);
        return;
    }
    struct ff_fatal_state *state = ff_fatal_state();
    if (state->saved) {
        ff_fatal_write(state->output, ff_fatal_current_eraser(state));
        ff_fatal_write(state->output, state->reset);
        tcsetattr(state->input, TCSANOW, &state->settings);
    }
    ff_end_by(pending);
}

/// Takes SIGALRM for the watchdog, as the fatal handlers take theirs (ff_take).
void ff_watchdog_start(void) {
    if (ff_signal_ignored(SIGALRM)) ff_alarm_ignored = 1;
    ff_take(SIGALRM, ff_watchdog_fire);
}

/// From a signal handler: `signal` ends the walk; the loop has a second to take it.
void ff_watchdog_notice(int signal) {
    ff_watchdog_pending = signal;
    alarm(1);
}

/// The loop took the signal: it ends the walk itself.
void ff_watchdog_taken(void) {
    ff_watchdog_pending = 0;
    alarm(0);
}
