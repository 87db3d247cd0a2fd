// RE2's regular expressions (libre2-dev), behind a C interface Swift can import. RE2 matches in
// time linear in the text (an automaton, no backtracking), so no pattern needs a time limit; it
// has no back references and no look-around, which the flow loader refuses before compiling.
#include <re2/re2.h>
#include <new>
#include <string>
#include "ff_regex.h"

struct ff_regex {
    re2::RE2 pattern;
    ff_regex(const re2::StringPiece &text, const re2::RE2::Options &options) : pattern(text, options) {}
};

static int ff_problem(re2::RE2::ErrorCode code) {
    switch (code) {
    case re2::RE2::ErrorBadEscape: return FF_REGEX_ESCAPE;
    case re2::RE2::ErrorBadCharClass: return FF_REGEX_CLASS;
    case re2::RE2::ErrorBadCharRange: return FF_REGEX_RANGE;
    case re2::RE2::ErrorMissingBracket: return FF_REGEX_BRACKET;
    case re2::RE2::ErrorMissingParen: return FF_REGEX_PAREN;
    case re2::RE2::ErrorUnexpectedParen: return FF_REGEX_UNEXPECTED_PAREN;
    case re2::RE2::ErrorTrailingBackslash: return FF_REGEX_TRAILING_BACKSLASH;
    case re2::RE2::ErrorRepeatArgument: return FF_REGEX_REPEAT_ARGUMENT;
    case re2::RE2::ErrorRepeatSize: return FF_REGEX_REPEAT_SIZE;
    case re2::RE2::ErrorRepeatOp: return FF_REGEX_REPEAT_OP;
    case re2::RE2::ErrorBadPerlOp: return FF_REGEX_PERL_OP;
    case re2::RE2::ErrorBadUTF8: return FF_REGEX_UTF8;
    case re2::RE2::ErrorBadNamedCapture: return FF_REGEX_NAMED_GROUP;
    case re2::RE2::ErrorPatternTooLarge: return FF_REGEX_TOO_LARGE;
    default: return FF_REGEX_OTHER;
    }
}

ff_regex *ff_regex_open(const char *pattern, size_t length, int *problem, ptrdiff_t *offset) {
    *problem = FF_REGEX_OTHER;
    *offset = -1;
    re2::RE2::Options options;
    options.set_encoding(re2::RE2::Options::EncodingUTF8);
    // Errors are told to the caller, never written to stderr; groups only group.
    options.set_log_errors(false);
    options.set_never_capture(true);
    ff_regex *regex = new (std::nothrow) ff_regex(re2::StringPiece(pattern, length), options);
    if (regex == nullptr) return nullptr;
    if (regex->pattern.ok()) return regex;
    *problem = ff_problem(regex->pattern.error_code());
    const std::string &part = regex->pattern.error_arg();
    if (!part.empty()) {
        std::string::size_type at = std::string(pattern, length).find(part);
        if (at != std::string::npos) *offset = (ptrdiff_t)at;
    }
    delete regex;
    return nullptr;
}

void ff_regex_close(ff_regex *regex) { delete regex; }

int ff_regex_match(const ff_regex *regex, const char *text, size_t length, int whole) {
    re2::StringPiece piece(text, length);
    re2::RE2::Anchor anchor = whole ? re2::RE2::ANCHOR_BOTH : re2::RE2::UNANCHORED;
    return regex->pattern.Match(piece, 0, length, anchor, nullptr, 0) ? 1 : 0;
}
