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
/// Readline's editing mode: 1 emacs, 0 vi (an inputrc's `set editing-mode vi`).
static inline int ff_editing_mode(void) { return rl_editing_mode; }
static inline void ff_set_editing_mode(int mode) { rl_editing_mode = mode; }

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
/// A copy of `map` that owns everything `rl_free_keymap` frees with it: each sub-keymap copied in
/// turn, each macro's text duplicated (`rl_copy_keymap` shares both). NULL when memory runs out.
static inline Keymap ff_deep_copy_keymap(Keymap map) {
    Keymap copy = (Keymap)malloc(KEYMAP_SIZE * sizeof(KEYMAP_ENTRY));
    if (copy == NULL) return NULL;
    memcpy(copy, map, KEYMAP_SIZE * sizeof(KEYMAP_ENTRY));
    for (int key = 0; key < KEYMAP_SIZE; key++) {
        void *owned = NULL;
        if (map[key].type == ISKMAP) {
            owned = ff_deep_copy_keymap((Keymap)map[key].function);
        } else if (map[key].type == ISMACR && map[key].function != NULL) {
            owned = strdup((const char *)map[key].function);
        } else {
            continue;
        }
        if (owned == NULL) {
            // What is from here on is still the original's: not this copy's to free.
            for (int rest = key; rest < KEYMAP_SIZE; rest++) { copy[rest].type = ISFUNC; copy[rest].function = NULL; }
            rl_free_keymap(copy);
            return NULL;
        }
        copy[key].function = (rl_command_func_t *)owned;
    }
    return copy;
}
static inline void ff_set_entry_keymap(Keymap map, int key, Keymap sub) {
    map[key].type = ISKMAP;
    map[key].function = (rl_command_func_t *)sub;
}

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

/// Readline's search for one character (`FFIND` 2 forward, `BFIND` -2 backward), which C-] and
/// M-C-] run once they have their character (see CharacterSearch.swift).
extern int _rl_char_search_internal(int count, int direction, char *target, int length);

#endif
