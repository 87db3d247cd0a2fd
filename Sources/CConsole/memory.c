// What keeps a secret held in memory out of everything that could copy it out (ff_console.h):
// the process made undumpable, and the stack wiped. What is freed is wiped by CSecureHeap, in the
// focusflow executable alone.
#include "ff_console.h"

#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>

int ff_protect_memory(void) {
    int failed = prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0;
    struct rlimit none = { 0, 0 };
    failed |= setrlimit(RLIMIT_CORE, &none) != 0;
    return failed ? -1 : 0;
}

int ff_memory_protected(void) { return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) == 0; }

/// 256 KiB of the stack below the caller's frame, zeroed: every frame a request or a key ran in
/// lies within it (the deepest, a flow's JSON parsed, takes well under half), so what those frames
/// left behind (a short secret held in registers spilled there) is gone. Not inlined, so that the
/// area is below the caller's frame, not beside it.
__attribute__((noinline)) void ff_wipe_stack(void) {
    unsigned char area[256 * 1024];
    explicit_bzero(area, sizeof area);
    __asm__ volatile("" : : "r"(area) : "memory");
}
