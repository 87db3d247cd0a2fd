#ifndef FOCUSFLOW_CICU_SHIM_H
#define FOCUSFLOW_CICU_SHIM_H

// ICU's regular expressions (libicu-dev), for their time limit: a pattern that backtracks without
// end (`^(a+)+$`) stops after a bounded number of steps instead of hanging the program.
// Debian's ICU renames every function with its version (uregex_open_72), so Swift calls these
// wrappers, which compile against whichever version is installed.
#include <unicode/uregex.h>

/// Compiles `pattern` (UTF-16); NULL and a nonzero `*status` when it does not compile.
static inline URegularExpression *ff_regex_open(const UChar *pattern, int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    URegularExpression *regex = uregex_open(pattern, length, 0, NULL, &code);
    *status = (int32_t)code;
    return U_FAILURE(code) ? NULL : regex;
}

/// A copy of `regex` for one thread's matching (a URegularExpression holds its match state).
static inline URegularExpression *ff_regex_clone(const URegularExpression *regex) {
    UErrorCode code = U_ZERO_ERROR;
    URegularExpression *copy = uregex_clone(regex, &code);
    return U_FAILURE(code) ? NULL : copy;
}

static inline void ff_regex_close(URegularExpression *regex) { uregex_close(regex); }

/// Whether the whole of `text` (UTF-16) matches: 1 it does, 0 it does not, -1 the match gave up
/// after `limit` steps of ICU's engine (about a millisecond each, as ICU says), -2 another failure.
static inline int ff_regex_whole_match(URegularExpression *regex, const UChar *text, int32_t length, int32_t limit) {
    UErrorCode code = U_ZERO_ERROR;
    uregex_setTimeLimit(regex, limit, &code);
    uregex_setText(regex, text, length, &code);
    if (U_FAILURE(code)) return -2;
    UBool matched = uregex_matches(regex, 0, &code);
    // Forget the text: it may be a secret, and the caller's buffer is about to go away.
    UErrorCode ignored = U_ZERO_ERROR;
    static const UChar empty[1] = { 0 };
    uregex_setText(regex, empty, 0, &ignored);
    if (code == U_REGEX_TIME_OUT) return -1;
    if (U_FAILURE(code)) return -2;
    return matched ? 1 : 0;
}

#endif
