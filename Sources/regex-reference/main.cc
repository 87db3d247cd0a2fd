// The bench's patterns reference: the sign-up's patterns in ICU (loaded as focusflow loads it,
// dlopen when the first pattern is compiled, a step limit on every match) and in RE2 (linked, as
// a program using it would be), built by the bench with the system's C++ compiler:
//
//   c++ -O2 main.cc -o regex-icu -ldl
//   c++ -O2 -DFF_RE2 main.cc -o regex-re2 -lre2
//
// `regex-… start`: compile the patterns, match one value against each, exit (the bench times the
// process and reads its peak RSS; `regex-icu none` is the same program that compiles nothing).
// `regex-… figures`: in process, one line each: `match NS` (a value against each pattern, median
// per match), `backtrack MS OUTCOME` (`^(a+)+$` on thirty `a`s and a `!`).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

static const char *patterns[] = {"^[^@ ]+@[^@ ]+\\.[^@ ]+$", "[0-9]", "[0-9]{6}"};
static const char *values[] = {"ada@example.com", "correct horse 1", "123456"};
static const int count = 3;

#ifdef FF_RE2
#include <re2/re2.h>

struct Engine {
    std::vector<RE2 *> compiled;
    bool compile(const char *pattern) {
        RE2::Options options;
        options.set_log_errors(false);
        auto *regex = new RE2(pattern, options);
        if (!regex->ok()) return false;
        compiled.push_back(regex);
        return true;
    }
    // 1 found, 0 not; RE2 runs in time linear in the text and never gives up.
    int find(int index, const char *text) { return RE2::PartialMatch(text, *compiled[index]) ? 1 : 0; }
};
#else
#include <dlfcn.h>
#include <unicode/uregex.h>
#include <unicode/ustring.h>
#define FF_TEXT(x) #x
#define FF_NAME(x) FF_TEXT(x)

struct Engine {
    decltype(&uregex_open) open = nullptr;
    decltype(&uregex_setTimeLimit) setTimeLimit = nullptr;
    decltype(&uregex_setText) setText = nullptr;
    decltype(&uregex_find) find_ = nullptr;
    std::vector<URegularExpression *> compiled;
    bool load() {
        void *library = dlopen("libicui18n.so." FF_NAME(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
        if (!library) return false;
        open = (decltype(open))dlsym(library, FF_NAME(uregex_open));
        setTimeLimit = (decltype(setTimeLimit))dlsym(library, FF_NAME(uregex_setTimeLimit));
        setText = (decltype(setText))dlsym(library, FF_NAME(uregex_setText));
        find_ = (decltype(find_))dlsym(library, FF_NAME(uregex_find));
        return open && setTimeLimit && setText && find_;
    }
    static std::u16string utf16(const char *text) { return std::u16string(text, text + strlen(text)); }
    bool compile(const char *pattern) {
        if (!open && !load()) return false;
        std::u16string units = utf16(pattern);
        UErrorCode code = U_ZERO_ERROR;
        UParseError place;
        URegularExpression *regex = open((const UChar *)units.data(), (int32_t)units.size(), 0, &place, &code);
        if (U_FAILURE(code)) return false;
        compiled.push_back(regex);
        return true;
    }
    // 1 found, 0 not, -1 gave up after focusflow's step limit (200).
    int find(int index, const char *text) {
        std::u16string units = utf16(text);
        UErrorCode code = U_ZERO_ERROR;
        setTimeLimit(compiled[index], 200, &code);
        setText(compiled[index], (const UChar *)units.data(), (int32_t)units.size(), &code);
        UBool found = find_(compiled[index], 0, &code);
        if (code == U_REGEX_TIME_OUT) return -1;
        return found ? 1 : 0;
    }
};
#endif

static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "start";
    Engine engine;
    if (strcmp(mode, "none") == 0) return 0;
    for (int i = 0; i < count; i++) {
        if (!engine.compile(patterns[i])) {
            fprintf(stderr, "the pattern %s does not compile\n", patterns[i]);
            return 1;
        }
    }
    int found = 0;
    for (int i = 0; i < count; i++) found += engine.find(i, values[i]);
    if (found != count) {
        fprintf(stderr, "a value does not match its pattern\n");
        return 1;
    }
    if (strcmp(mode, "figures") != 0) return 0;
    std::vector<double> rounds;
    for (int round = 0; round < 7; round++) {
        double start = now();
        const int n = 20000;
        for (int k = 0; k < n; k++) found += engine.find(k % count, values[k % count]);
        rounds.push_back((now() - start) * 1e9 / n);
    }
    std::sort(rounds.begin(), rounds.end());
    printf("match %.1f\n", rounds[rounds.size() / 2]);
    if (!engine.compile("^(a+)+$")) return 1;
    std::string evil(30, 'a');
    evil += "!";
    double start = now();
    int outcome = engine.find(count, evil.c_str());
    printf("backtrack %.3f %s\n", (now() - start) * 1e3, outcome == 1 ? "matched" : outcome == 0 ? "no-match" : "gave-up");
    return found > 0 ? 0 : 1;
}
