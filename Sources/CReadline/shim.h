#ifndef FOCUSFLOW_CREADLINE_SHIM_H
#define FOCUSFLOW_CREADLINE_SHIM_H

// No feature macro (_GNU_SOURCE and the like) is defined here: this module's system headers
// must read exactly as Swift's Glibc module reads them, or clang sees two definitions of one
// type (fd_set, enum __rusage_who) and a clean build fails.
#include <wchar.h>
// readline.h uses FILE without including stdio.h.
#include <stdio.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <signal.h>
#include <termios.h>
#include <poll.h>
#include <sys/resource.h>
#include <readline/readline.h>
#include <readline/history.h>

// Accessors for readline's globals, so Swift 6 sees functions rather than shared mutable state.
static inline char *ff_line_buffer(void) { return rl_line_buffer; }
static inline int ff_point(void) { return rl_point; }
static inline void ff_set_point(int point) { rl_point = point; }
static inline int ff_end(void) { return rl_end; }
static inline void ff_set_streams(FILE *in, FILE *out) { rl_instream = in; rl_outstream = out; }
static inline FILE *ff_outstream(void) { return rl_outstream; }
static inline void ff_set_redisplay(rl_voidfunc_t *function) { rl_redisplay_function = function; }
/// The session owns the signals (see SignalPipe). Readline installs no handler then, yet in
/// callback mode it would still save the signal mask on every key (rl_set_signals, one
/// sigprocmask a key); with persistent handlers it does that once, when the handler is installed.
static inline void ff_own_signals(void) {
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    rl_change_environment = 0;
    rl_persistent_signal_handlers = 1;
}
static inline void ff_set_name(const char *name) { rl_readline_name = name; }
static inline Keymap ff_emacs_keymap(void) { return emacs_standard_keymap; }

/// A keymap entry's kind: ISFUNC, ISKMAP or ISMACR.
static inline int ff_entry_type(Keymap map, int key) { return map[key].type; }
static inline const void *ff_entry_address(Keymap map, int key) { return (const void *)map[key].function; }
/// A command's address, to compare and to store in a keymap entry.
static inline const void *ff_address(rl_command_func_t *function) { return (const void *)function; }
static inline void ff_set_entry(Keymap map, int key, int type, const void *function) {
    map[key].type = (char)type;
    map[key].function = (rl_command_func_t *)function;
}
static inline Keymap ff_entry_keymap(Keymap map, int key) { return (Keymap)map[key].function; }
static inline void ff_set_entry_keymap(Keymap map, int key, Keymap sub) {
    map[key].type = ISKMAP;
    map[key].function = (rl_command_func_t *)sub;
}

/// The columns a character takes. glibc declares wcwidth only under _XOPEN_SOURCE, which
/// this module leaves alone (see the top): declared here, as glibc exports it.
extern int wcwidth(wchar_t c);
static inline int ff_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

/// The byte ff_getc holds back for the next call, or -1 (see ff_getc).
static inline int *ff_held_byte(void) {
    static int held = -1;
    return &held;
}

/// Whether ff_getc holds a byte back: the session then calls readline again without polling.
static inline int ff_holding_byte(void) { return *ff_held_byte() >= 0; }

/// Reads one byte with one read(2). The session polls before it calls readline, so the byte is
/// there; readline's own rl_getc would add a sigprocmask and a pselect per key.
///
/// An ESC that arrives during an incremental search (Ctrl-R) with more input behind it (Alt-y,
/// Alt-x, a bracketed paste, an arrow key) is the one path where readline 8.2 ends the search
/// by pushing the ESC back and dispatching it from inside rl_callback_read_char, which then
/// reads freed key-sequence state and crashes (stock readline too). So the search is ended
/// here first with C-J, a search terminator that readline does not execute, and the ESC is
/// held back and given on the next call, where it starts its key sequence normally: the found
/// line is kept and the key does what it does outside a search, as readline means it to.
static inline int ff_getc(FILE *stream) {
    int *held = ff_held_byte();
    if (*held >= 0) {
        int c = *held;
        *held = -1;
        return c;
    }
    unsigned char c;
    for (;;) {
        ssize_t n = read(fileno(stream), &c, 1);
        if (n == 1) break;
        if (n == 0) return EOF;
        if (errno != EINTR) return EOF;
    }
    int count = 0;
    if (c == 0x1B && RL_ISSTATE(RL_STATE_ISEARCH) && ioctl(fileno(stream), FIONREAD, &count) == 0 && count > 0) {
        *held = c;
        return '\n';
    }
    return c;
}

/// Whether input was already waiting when the session finished its last key (a burst: keys
/// typed ahead, a paste without bracketed paste); the session's loop says (ff_set_burst).
static inline int *ff_burst(void) {
    static int burst = 0;
    return &burst;
}

static inline void ff_set_burst(int burst) { *ff_burst() = burst; }

// The command readline is running (readline's private state, exported by libreadline).
extern rl_command_func_t *_rl_executing_func;

/// Whether more input is already waiting, asked with one ioctl instead of a select.
///
/// Self-insert (rl_insert) asks after every character it inserts, so that a burst is inserted
/// whole and drawn once. For a key that came while the session was waiting, the answer is no,
/// without asking the terminal: its echo is written right after its read, with no system call
/// between (a person's next key is milliseconds away). The rest of a burst behind it finds
/// ff_burst set, and is asked about and inserted whole. Every other question (an ESC that may
/// start a key sequence) is asked of the terminal: readline leaves _rl_executing_func as it was
/// after a command returns, so only while one runs (RL_STATE_DISPATCHING) does it name the asker.
static inline int ff_input_available(void) {
    if (ff_holding_byte()) return 1;
    if (RL_ISSTATE(RL_STATE_DISPATCHING) && _rl_executing_func == rl_insert && !*ff_burst()) return 0;
    int count = 0;
    return ioctl(fileno(rl_instream), FIONREAD, &count) == 0 && count > 0;
}

/// Reads bytes with ff_getc and asks about typeahead with ff_input_available.
static inline void ff_use_plain_input(void) {
    rl_getc_function = ff_getc;
    rl_input_available_hook = ff_input_available;
}

// Two termcap calls from libtinfo, the terminal library readline itself uses (Debian's
// libreadline-dev depends on libncurses-dev, which provides it). Declared here rather than
// through <term.h>, whose macros (`lines`, `columns`, …) would flood every Swift importer.
int tgetent(char *bp, const char *name);
int tgetnum(const char *id);

/// The number of colours terminfo gives the terminal `term` ("Co"): -1 when the entry has none,
/// -2 when there is no entry.
static inline int ff_terminal_colors(const char *term) {
    char buffer[2048];
    if (tgetent(buffer, term) != 1) return -2;
    return tgetnum("Co");
}

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
};

static inline struct ff_fatal_state *ff_fatal_state(void) {
    static struct ff_fatal_state state = { -1, -1, 0 };
    return &state;
}

/// Writes `text` to the terminal being given back, unless it cannot take it at once. Output
/// stopped by flow control (Ctrl-S) is started again first — it was flowing before the walk —
/// and a terminal that still cannot take bytes within a fifth of a second is not written to,
/// so that ending never blocks on it. Only async-signal-safe calls.
static inline void ff_fatal_write(int output, const char *text) {
    size_t length = strlen(text);
    if (output < 0 || length == 0) return;
    tcflow(output, TCOON);
    struct pollfd ready = { .fd = output, .events = POLLOUT, .revents = 0 };
    if (poll(&ready, 1, 200) != 1 || (ready.revents & POLLOUT) == 0) return;
    ssize_t ignored = write(output, text, length);
    (void)ignored;
}

static void ff_fatal_handler(int signal) {
    struct ff_fatal_state *state = ff_fatal_state();
    if (state->saved) {
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

/// Installs ff_fatal_handler for `signal` on an alternate stack (a stack overflow has no stack
/// left to run a handler on). A signal the parent set to be ignored stays ignored, unless it is a
/// fault (SEGV, BUS, ILL, FPE), which cannot be ignored.
static inline void ff_fatal_install(int signal) {
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
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = ff_fatal_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_ONSTACK | SA_RESETHAND | SA_NODEFER;
    sigaction(signal, &action, NULL);
}

/// Whether `signal` is ignored (SIG_IGN), as a parent may have left it.
static inline int ff_signal_ignored(int signal) {
    struct sigaction old;
    return sigaction(signal, NULL, &old) == 0 && old.sa_handler == SIG_IGN;
}

/// The settings a fatal signal restores on `input`, and where its line goes: `reset` puts the
/// screen back (also written when the watchdog ends the walk), `note` is the fixed line, both
/// with their line ends and cut to their buffers. `settings` NULL forgets them (the terminal is
/// the session's no more).
static inline void ff_fatal_remember(const struct termios *settings, int input, int output, const char *reset, const char *note) {
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

// MARK: - Standard descriptors closed at start

/// Bit N set: descriptor N (0, 1 or 2) was closed when the program started, and holds a
/// placeholder now (see FlowRunner.openMissingStandardStreams).
static inline int *ff_closed_at_start(void) {
    static int mask = 0;
    return &mask;
}

// MARK: - Ending while busy
//
// A signal that ends a walk (SIGINT, SIGTERM, SIGHUP, SIGQUIT) is written to the signal pipe,
// which the input loop reads when it is idle. A program busy elsewhere (a long computation) would
// never read it, so the handler also wakes a watchdog thread: when the loop has not taken the
// signal within a second, the watchdog restores the terminal as the fatal handler does and ends
// the process with 128 + the signal, writing no answers.

#include <pthread.h>
#include <semaphore.h>
#include <time.h>

struct ff_watchdog_state {
    sem_t wake;
    volatile sig_atomic_t pending;   // the signal not yet taken by the loop, or 0
    int started;
};

static inline struct ff_watchdog_state *ff_watchdog_state(void) {
    static struct ff_watchdog_state state;
    return &state;
}

static void *ff_watchdog_main(void *unused) {
    (void)unused;
    struct ff_watchdog_state *w = ff_watchdog_state();
    for (;;) {
        while (sem_wait(&w->wake) != 0) {}
        struct timespec tick = { 0, 50 * 1000 * 1000 };
        for (int i = 0; i < 20 && w->pending != 0; i++) nanosleep(&tick, NULL);
        int signal = w->pending;
        if (signal == 0) continue;
        struct ff_fatal_state *state = ff_fatal_state();
        if (state->saved) {
            ff_fatal_write(state->output, state->reset);
            tcsetattr(state->input, TCSANOW, &state->settings);
        }
        _exit(128 + signal);
    }
    return NULL;
}

/// Starts the watchdog once per process.
static inline void ff_watchdog_start(void) {
    struct ff_watchdog_state *w = ff_watchdog_state();
    if (w->started) return;
    w->started = 1;
    sem_init(&w->wake, 0, 0);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // The watchdog's thread takes no signal: the handlers run on the thread that is busy or idle.
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    pthread_t thread;
    if (pthread_create(&thread, &attributes, ff_watchdog_main, NULL) != 0) w->started = 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&attributes);
}

/// From a signal handler: `signal` ends the walk; the loop has a second to take it.
static inline void ff_watchdog_notice(int signal) {
    struct ff_watchdog_state *w = ff_watchdog_state();
    if (!w->started) return;
    w->pending = signal;
    sem_post(&w->wake);
}

/// The loop took the signal: it ends the walk itself.
static inline void ff_watchdog_taken(void) { ff_watchdog_state()->pending = 0; }

// MARK: - Editing (keys, history, undo)

/// Whether the running command was given a numeric argument (M-3 …).
static inline int ff_explicit_arg(void) { return rl_explicit_arg; }
/// Back to insert mode: overwrite mode (Insert) belongs to the field it was switched on in.
extern int rl_insert_mode;                   // 1 insert, 0 overwrite (readline's RL_IM_*)
static inline void ff_reset_insert_mode(void) { rl_insert_mode = 1; }
static inline int ff_overwriting(void) { return rl_insert_mode == 0; }
static inline void ff_set_mark(int mark) { rl_mark = mark; }

/// Whether readline is in an incremental (Ctrl-R) or non-incremental (M-p) history search: the
/// line buffer then holds a search string or a match, and `ff_display_prompt` the search prompt.
static inline int ff_searching(void) { return RL_ISSTATE(RL_STATE_ISEARCH | RL_STATE_NSEARCH) != 0; }
static inline const char *ff_display_prompt(void) { return rl_display_prompt; }

// Readline internals (exported by libreadline, declared in its private headers).
extern int _rl_doing_an_undo;
extern int _rl_free_saved_history_line(void);

/// Forgets the line readline stashed when Up or a search left it (`_rl_saved_line_for_history`),
/// so Down in another field can never bring it back.
static inline void ff_forget_saved_line(void) { _rl_free_saved_history_line(); }

/// Frees the whole history: its entries (clear_history) and the array add_history allocated
/// for them, which clear_history keeps. History starts afresh on the next add_history.
static inline void ff_free_history(void) {
    clear_history();
    HISTORY_STATE *state = history_get_history_state();
    free(state->entries);
    state->entries = NULL;
    state->offset = state->length = state->size = 0;
    history_set_history_state(state);
    free(state);
}

/// Takes back the insertion of `line[start, end)` that the last command made, keeping only
/// `keep` (what the field's keyboard accepts), and leaves undo as if the refused characters had
/// never been typed: the insertion's undo record shrinks to the kept text. Returns 0 when the
/// last undo record is not that insertion; nothing is changed then.
static inline int ff_refuse_inserted(int start, int end, const char *keep) {
    UNDO_LIST *head = rl_undo_list;
    if (head == NULL || head->what != UNDO_INSERT || head->end != end || head->start > start) return 0;
    int kept = (int)strlen(keep);
    int was = _rl_doing_an_undo;
    _rl_doing_an_undo = 1;                   // neither edit below is recorded
    rl_delete_text(start, end);
    int point = rl_point;
    rl_point = start;
    if (kept > 0) rl_insert_text(keep);
    rl_point = point;
    _rl_doing_an_undo = was;
    head->end = end - ((end - start) - kept);
    if (head->start == head->end) {
        rl_undo_list = head->next;
        free(head->text);
        free(head);
    }
    return 1;
}

/// Undoes the last command when it was one undo group (overwrite mode's typing, say), so that
/// nothing of a refused edit stays in the undo list. Returns 0 when it was not a group.
static inline int ff_undo_last_group(void) {
    if (rl_undo_list == NULL || rl_undo_list->what != UNDO_END) return 0;
    rl_do_undo();
    return 1;
}

static char *ff_no_completion(const char *text, int state) { (void)text; (void)state; return NULL; }
/// Completion finds nothing: a form field is not a file name (M-=, M-* would list or insert files).
static inline void ff_disable_completion(void) {
    rl_completion_entry_function = ff_no_completion;
    rl_attempted_completion_function = NULL;
}

/// Readline's search for one character (`FFIND` 2 forward, `BFIND` -2 backward), which C-] and
/// M-C-] run once they have their character (see CharacterSearch.swift).
extern int _rl_char_search_internal(int count, int direction, char *target, int length);

#endif
