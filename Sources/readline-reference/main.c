// Stock GNU readline in callback mode, as focusflow drives it: the reference that the
// differential tests (and the bench) compare focusflow's plain fields with. Every accepted line
// goes to stdout followed by a newline; the prompt "> " goes to stderr (the terminal). Run it
// with INPUTRC=/dev/null so that no one's settings change what a key does. With `--secure`,
// nothing changes but the prompt ("* "): it is the reference for what a kill deletes.
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <locale.h>
#include <readline/readline.h>

static int done = 0;

static void accept_line(char *line) {
    if (line == NULL) {
        done = 1;
    } else {
        fputs(line, stdout);
        fputc('\n', stdout);
        fflush(stdout);
        free(line);
    }
}

int main(int argc, char **argv) {
    if (setlocale(LC_CTYPE, "") == NULL) setlocale(LC_CTYPE, "C.UTF-8");
    const char *prompt = (argc > 1 && strcmp(argv[1], "--secure") == 0) ? "* " : "> ";
    rl_readline_name = "readline-reference";
    rl_outstream = stderr;
    rl_callback_handler_install(prompt, accept_line);
    struct pollfd fd = { .fd = 0, .events = POLLIN };
    while (!done) {
        if (poll(&fd, 1, -1) < 0) continue;
        if (fd.revents & POLLIN) rl_callback_read_char();
        else if (fd.revents) break;
    }
    rl_callback_handler_remove();
    return 0;
}
