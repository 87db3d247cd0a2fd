#ifndef FOCUSFLOW_FF_REGEX_H
#define FOCUSFLOW_FF_REGEX_H

// RE2's regular expressions (libre2-dev): matching takes time linear in the text, whatever the
// pattern, so a flow's pattern cannot hang the program and needs no time limit.
//
// This header names no RE2 type (RE2's API is C++): the wrapper's C++ stays inside regex.cc.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A compiled pattern (an RE2 object).
typedef struct ff_regex ff_regex;

/// Why a pattern does not compile, from RE2's error code: one of these.
enum {
    FF_REGEX_OTHER = 0,
    FF_REGEX_ESCAPE,
    FF_REGEX_CLASS,
    FF_REGEX_RANGE,
    FF_REGEX_BRACKET,
    FF_REGEX_PAREN,
    FF_REGEX_UNEXPECTED_PAREN,
    FF_REGEX_TRAILING_BACKSLASH,
    FF_REGEX_REPEAT_ARGUMENT,
    FF_REGEX_REPEAT_SIZE,
    FF_REGEX_REPEAT_OP,
    FF_REGEX_PERL_OP,
    FF_REGEX_UTF8,
    FF_REGEX_NAMED_GROUP,
    FF_REGEX_TOO_LARGE,
};

/// Compiles `pattern` (UTF-8, `length` bytes): NULL when it does not compile, with `*problem`
/// one of the codes above and `*offset` the byte offset in `pattern` of the part RE2 names
/// (-1 when that part is not found in it).
ff_regex *ff_regex_open(const char *pattern, size_t length, int *problem, ptrdiff_t *offset);

void ff_regex_close(ff_regex *regex);

/// Whether the whole of `text` (UTF-8, `length` bytes) matches (`whole` nonzero), or the pattern is
/// found anywhere in it: 1 or 0. Safe to call from several threads on one regex at once.
int ff_regex_match(const ff_regex *regex, const char *text, size_t length, int whole);

#ifdef __cplusplus
}
#endif

#endif
