// The bench's floor: the least a program can do for a key on a terminal. Raw mode, the prompt
// "> " on stderr (the terminal), then one '*' written for every byte read, until Ctrl-C, Ctrl-D
// or the end of input; the terminal's settings are put back. One read(2) and one write(2) a key,
// no library but libc: what any echo costs on this machine, for the bench to compare with.
#include <termios.h>
#include <unistd.h>

int main(void) {
    struct termios saved, raw;
    int terminal = tcgetattr(0, &saved) == 0;
    if (terminal) {
        raw = saved;
        cfmakeraw(&raw);
        tcsetattr(0, TCSANOW, &raw);
    }
    static const char prompt[] = "> ";
    if (write(2, prompt, sizeof prompt - 1) < 0) return 1;
    unsigned char byte;
    static const char star = '*';
    while (read(0, &byte, 1) == 1 && byte != 3 && byte != 4) {
        if (write(2, &star, 1) < 0) break;
    }
    if (terminal) tcsetattr(0, TCSANOW, &saved);
    return 0;
}
