// The session's stateful C that readline's callbacks reach and that cannot be Swift (a C
// function pointer readline calls, readline's undo list). Declared in ff_session.h with plain C
// types only; readline's own types stay in here. What signals share with the process is in
// CProcess, which knows no readline.
#include "ff_session.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <readline/readline.h>

// Readline internals (exported by libreadline, declared in its private headers).
extern int _rl_doing_an_undo;
extern int _rl_eof_char;
extern int rl_line_buffer_len;

// MARK: - Input

/// Bytes read from the terminal and not given to readline yet: one read(2) takes what is there
/// (a key, or the whole of a burst or a paste), and readline takes it a byte at a time. So a
/// burst that arrives while the session waits is seen as one from its first byte, and is
/// inserted (or refused) whole.
struct ff_input {
    unsigned char bytes[512];
    int start, end;
    int regive;          // the next byte was given back once (an ESC ending a search): give it as it is
};

static struct ff_input *ff_input(void) {
    static struct ff_input input = { .start = 0, .end = 0, .regive = 0 };
    return &input;
}

/// Whether bytes read are waiting: the session then calls readline again without polling.
int ff_holding_byte(void) { return ff_input()->start < ff_input()->end; }

static void (**ff_escape_hook(void))(void) {
    static void (*hook)(void) = NULL;
    return &hook;
}

void ff_on_escape(void (*hook)(void)) { *ff_escape_hook() = hook; }

/// `c`, once the escape hook has seen it when it is an ESC.
static int ff_given(unsigned char c) {
    if (c == 0x1B && *ff_escape_hook()) (*ff_escape_hook())();
    return c;
}

/// `c`, the byte just taken from `in`; once the last byte read is taken, the buffer is zeroed:
/// a pasted or typed-ahead secret stays in it no longer than readline takes to read it.
static unsigned char ff_taken(struct ff_input *in, unsigned char c) {
    if (in->start == in->end) {
        explicit_bzero(in->bytes, (size_t)in->end);
        in->start = in->end = 0;
    }
    return c;
}

/// Gives readline one byte, reading what the terminal holds with one read(2) when none is
/// waiting. The session polls before it calls readline, so there are bytes to read; readline's
/// own rl_getc would add a sigprocmask and a pselect per key.
///
/// An ESC that arrives during an incremental search (Ctrl-R) with more input behind it (Alt-y,
/// Alt-x, a bracketed paste, an arrow key) is the one path where readline 8.2 ends the search
/// by pushing the ESC back and dispatching it from inside rl_callback_read_char, which then
/// reads freed key-sequence state and crashes (stock readline too). So the search is ended
/// here first with C-J, a search terminator that readline does not execute, and the ESC is
/// given again on the next call, where it starts its key sequence normally: the found line is
/// kept and the key does what it does outside a search, as readline means it to.
static int ff_getc(FILE *stream) {
    struct ff_input *in = ff_input();
    if (in->start == in->end) {
        ssize_t n;
        do { n = read(fileno(stream), in->bytes, sizeof in->bytes); } while (n < 0 && errno == EINTR);
        if (n <= 0) return EOF;
        in->start = 0;
        in->end = (int)n;
    }
    unsigned char c = in->bytes[in->start++];
    if (in->regive) {
        in->regive = 0;
        return ff_given(ff_taken(in, c));
    }
    int count = 0;
    if (c == 0x1B && RL_ISSTATE(RL_STATE_ISEARCH)
        && (in->start < in->end || (ioctl(fileno(stream), FIONREAD, &count) == 0 && count > 0))) {
        in->start--;
        in->regive = 1;
        return '\n';
    }
    return ff_given(ff_taken(in, c));
}

/// Whether input was already waiting when the session finished its last key (a burst: keys
/// typed ahead, a paste without bracketed paste); the session's loop says (ff_set_burst).
static int *ff_burst(void) {
    static int burst = 0;
    return &burst;
}

void ff_set_burst(int burst) { *ff_burst() = burst; }

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
static int ff_input_available(void) {
    struct ff_input *in = ff_input();
    int inserting = RL_ISSTATE(RL_STATE_DISPATCHING) && _rl_executing_func == rl_insert;
    // Self-insert stops its typeahead before an ESC, which it would only push back to readline
    // (typed ahead of an Escape: "abc" then Esc): left here, the session sees whether it is a
    // lone Esc (ff_lone_escape_next).
    if (ff_holding_byte()) return !(inserting && in->bytes[in->start] == 0x1B);
    if (inserting && !*ff_burst()) return 0;
    int count = 0;
    return ioctl(fileno(rl_instream), FIONREAD, &count) == 0 && count > 0;
}

/// Reads bytes with ff_getc and asks about typeahead with ff_input_available.
void ff_use_plain_input(void) {
    rl_getc_function = ff_getc;
    rl_prep_term_function = ff_prep_terminal;
    rl_input_available_hook = ff_input_available;
}

// MARK: - A lone Esc

// Readline's private state (exported by libreadline): a function waiting in callback mode for
// the next key of a command, and keyseq-timeout in milliseconds.
extern int (*_rl_callback_func)(void *);
extern int _rl_keyseq_timeout;

int ff_fill_input(void) {
    struct ff_input *in = ff_input();
    if (in->start > 0) {
        memmove(in->bytes, in->bytes + in->start, (size_t)(in->end - in->start));
        in->end -= in->start;
        in->start = 0;
        explicit_bzero(in->bytes + in->end, sizeof in->bytes - (size_t)in->end);
    }
    if (in->end == (int)sizeof in->bytes) return 0;
    ssize_t n;
    do { n = read(fileno(rl_instream), in->bytes + in->end, sizeof in->bytes - (size_t)in->end); } while (n < 0 && errno == EINTR);
    if (n <= 0) return 0;
    in->end += (int)n;
    return (int)n;
}

/// Whether readline is at rest, between keys: an ESC given it now begins a key.
static int ff_readline_at_rest(void) {
    // Readline in the middle of something (a key sequence begun, a search, a count, a key read
    // for a command) takes the ESC as its own: it ends a search, it begins a key.
    return !(RL_ISSTATE(RL_STATE_ISEARCH | RL_STATE_NSEARCH | RL_STATE_MULTIKEY | RL_STATE_NUMERICARG | RL_STATE_CHARSEARCH
                        | RL_STATE_MOREINPUT | RL_STATE_MACROINPUT | RL_STATE_VIMOTION | RL_STATE_INPUTPENDING)
             || _rl_callback_func != NULL);
}

/// Whether nothing more waits in the terminal.
static int ff_nothing_waiting(void) {
    int count = 0;
    return !(ioctl(fileno(rl_instream), FIONREAD, &count) == 0 && count > 0);
}

int ff_double_escape_next(void) {
    struct ff_input *in = ff_input();
    if (in->regive || in->end - in->start != 2 || in->bytes[in->start] != 0x1B || in->bytes[in->start + 1] != 0x1B) return 0;
    return ff_readline_at_rest() && ff_nothing_waiting();
}

int ff_lone_escape_next(void) {
    struct ff_input *in = ff_input();
    if (in->regive || in->end - in->start != 1 || in->bytes[in->start] != 0x1B) return 0;
    return ff_readline_at_rest() && ff_nothing_waiting();
}

int ff_drop_alt_chord(void) {
    struct ff_input *in = ff_input();
    int at = in->start;
    if (in->regive || in->end - at < 3 || in->bytes[at] != 0x1B) return 0;
    unsigned char lead = in->bytes[at + 1];
    int length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
    if (length == 0 || in->end - at < 1 + length || !ff_readline_at_rest()) return 0;
    for (int i = 2; i <= length; i++)
        if ((in->bytes[at + i] & 0xC0) != 0x80) return 0;
    for (int i = 0; i <= length; i++) (void)ff_taken(in, in->bytes[in->start++]);
    return 1;
}

void ff_drop_escape(void) {
    struct ff_input *in = ff_input();
    if (in->start < in->end && in->bytes[in->start] == 0x1B) (void)ff_taken(in, in->bytes[in->start++]);
}

int ff_escape_timeout(void) { return _rl_keyseq_timeout; }

/// Zeroes readline's line buffer, all of it, and the bytes read and not given to readline yet:
/// what a secure field held, once it is left or the walk ends.
void ff_wipe_line(void) {
    if (rl_line_buffer != NULL) explicit_bzero(rl_line_buffer, (size_t)rl_line_buffer_len);
    rl_end = rl_point = rl_mark = 0;
}

// MARK: - The terminal's settings

/// The terminal's settings before ff_hold_keys, while it holds them.
static struct {
    struct termios settings;
    int held;
} ff_held;

void ff_hold_keys(void) {
    int fd = fileno(rl_instream != NULL ? rl_instream : stdin);
    struct termios raw;
    if (ff_held.held || tcgetattr(fd, &ff_held.settings) != 0) return;
    raw = ff_held.settings;
    raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    raw.c_iflag &= ~(tcflag_t)(ICRNL | INLCR);   // Enter stays CR, as readline's prep keeps it
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(fd, TCSANOW, &raw) == 0) ff_held.held = 1;
}

void ff_prep_terminal(int meta) {
    if (ff_held.held) {
        // TCSANOW keeps what was typed meanwhile; it is read after readline's prep, in order.
        tcsetattr(fileno(rl_instream != NULL ? rl_instream : stdin), TCSANOW, &ff_held.settings);
        ff_held.held = 0;
    }
    rl_prep_terminal(meta);
    _rl_eof_char = -2;                       // no character read (0–255, or EOF) is this
}

// MARK: - Undo

int ff_refuse_inserted(int start, int end) {
    UNDO_LIST *head = rl_undo_list;
    if (head == NULL || head->what != UNDO_INSERT || head->end != end || head->start > start) return 0;
    int was = _rl_doing_an_undo;
    _rl_doing_an_undo = 1;                   // the deletion below is not recorded
    rl_delete_text(start, end);
    _rl_doing_an_undo = was;
    head->end = start;
    if (head->start == head->end) {
        rl_undo_list = head->next;
        free(head->text);
        free(head);
    }
    return 1;
}

/// Undoes the last command when it was one undo group (overwrite mode's typing, say), so that
/// nothing of a refused edit stays in the undo list. Returns 0 when it was not a group.
int ff_undo_last_group(void) {
    if (rl_undo_list == NULL || rl_undo_list->what != UNDO_END) return 0;
    rl_do_undo();
    return 1;
}

static char *ff_no_completion(const char *text, int state) { (void)text; (void)state; return NULL; }
/// Completion finds nothing: a form field is not a file name (M-=, M-* would list or insert files).
void ff_disable_completion(void) {
    rl_completion_entry_function = ff_no_completion;
    rl_attempted_completion_function = NULL;
}
