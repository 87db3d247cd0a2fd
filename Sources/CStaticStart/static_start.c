// The entry point of the static, position-independent focusflow (Package.swift links it with
// `-e ff_static_start` there, and only there): the pages the binary is about to relocate are
// made present with one madvise(MADV_POPULATE_WRITE) a run of pages, then glibc's own _start
// runs as it always does. A position-independent static binary writes every pointer in its data
// before `main` (_dl_relocate_static_pie): 142 pages of Swift metadata, tables and keymaps, each
// copied from the file by a page fault of its own; populated in a few calls, the same copies cost
// no trap each (docs/performance.md has the figures).
//
// It runs before anything is set up: nothing here is relocated yet (only addresses relative to
// the code are used), there is no thread pointer (so no stack protector: the canary lives in
// thread-local storage), no errno and no libc call, only the raw system call. A kernel without
// MADV_POPULATE_WRITE (before Linux 5.14) refuses it, and the faults happen as before.
#include "ff_static_start.h"

#include <elf.h>
#include <stddef.h>
#include <stdint.h>

// Defined by the linker, hidden, and reached relative to the code: the ELF header at the load
// address (its virtual address is 0), and the dynamic section, which names the packed relative
// relocations (DT_RELR).
extern const Elf64_Ehdr __ehdr_start __attribute__((visibility("hidden")));
extern const Elf64_Dyn _DYNAMIC[] __attribute__((visibility("hidden")));

#define FF_MADV_POPULATE_WRITE 23

__attribute__((no_stack_protector)) static void ff_populate(uintptr_t first, uintptr_t end) {
    long result;
    __asm__ volatile("syscall"
                     : "=a"(result)
                     : "a"(28 /* madvise */), "D"(first << 12), "S"((end - first) << 12), "d"(FF_MADV_POPULATE_WRITE)
                     : "rcx", "r11", "memory");
    (void)result;
}

/// Populates every page a packed relative relocation will write, a run of neighbouring pages
/// with one call.
__attribute__((no_stack_protector, used, visibility("hidden"))) void ff_populate_relocated(void) {
    uintptr_t base = (uintptr_t)&__ehdr_start;
    const uint64_t *relr = NULL;
    uint64_t size = 0;
    for (const Elf64_Dyn *entry = _DYNAMIC; entry->d_tag != DT_NULL; entry++) {
        if (entry->d_tag == DT_RELR) relr = (const uint64_t *)(base + entry->d_un.d_ptr);
        if (entry->d_tag == DT_RELRSZ) size = entry->d_un.d_val;
    }
    if (relr == NULL) return;
    // Pages [first, end) make the run being gathered.
    uintptr_t first = 0, end = 0, where = 0;
    for (uint64_t index = 0; index < size / sizeof *relr; index++) {
        uint64_t entry = relr[index];
        uintptr_t low, high;
        if ((entry & 1) == 0) {
            // An address: one pointer there, and the bitmaps that follow start after it.
            low = high = base + entry;
            where = base + entry + 8;
        } else {
            // A bitmap of the 63 words from `where`: the pages of its first and last set bit.
            uint64_t bits = entry >> 1;
            if (bits == 0) {
                where += 63 * 8;
                continue;
            }
            low = where + 8 * (uintptr_t)__builtin_ctzll(bits);
            high = where + 8 * (uintptr_t)(63 - __builtin_clzll(bits));
            where += 63 * 8;
        }
        uintptr_t lowPage = low >> 12, highPage = (high + 7) >> 12;
        if (end != 0 && lowPage <= end) {
            if (highPage + 1 > end) end = highPage + 1;
            continue;
        }
        if (end != 0) ff_populate(first, end);
        first = lowPage;
        end = highPage + 1;
    }
    if (end != 0) ff_populate(first, end);
}

// The kernel enters here with the stack as _start expects it (argc on top, 16-byte aligned) and
// %rdx holding a function for atexit: both are kept for _start.
__asm__(".text\n"
        ".globl ff_static_start\n"
        ".type ff_static_start, @function\n"
        "ff_static_start:\n"
        "    push %rdx\n"
        "    sub $8, %rsp\n"
        "    call ff_populate_relocated\n"
        "    add $8, %rsp\n"
        "    pop %rdx\n"
        "    jmp _start\n"
        ".size ff_static_start, .-ff_static_start\n");
