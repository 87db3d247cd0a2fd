// Memory is wiped as it is freed, in the focusflow executable alone (never in a library an
// embedder links): a string, an array or a buffer that held a secret — the engine's state, a
// request line, a response, readline's undo list — leaves no copy behind once it is freed, as
// OpenSSH's freezero and pinentry's secure memory leave none. glibc's allocator does the rest.
//
// Two ways in, one for each way focusflow is linked:
// - Linked dynamically (a plain `swift build`: the tests' build), `free` and `realloc` below are
//   the executable's own; the dynamic linker finds them before libc's for every shared library
//   (the Swift runtime, Foundation, readline, libc itself), as a program's own malloc is found.
//   They are weak, so that in a static link libc's own definitions stand.
// - Linked statically (`make install`), every reference to free and realloc in the link is
//   sent to __wrap_free and __wrap_realloc by `--wrap` (Package.swift).
#include "ff_secure_heap.h"

#include <malloc.h>
#include <stdlib.h>
#include <string.h>

// glibc's allocator under its own names, in libc.so and libc.a alike.
extern void __libc_free(void *pointer);
extern void *__libc_malloc(size_t size);

static void ff_wipe_and_free(void *pointer) {
    if (pointer == NULL) return;
    explicit_bzero(pointer, malloc_usable_size(pointer));
    __libc_free(pointer);
}

/// glibc's realloc may move a block and free the old one inside the allocator, out of reach of
/// `free`: a block that must grow is moved here instead, and the old one wiped. A block that
/// shrinks, or grows within what it has, stays where it is, whole, until it is freed.
static void *ff_wipe_and_realloc(void *pointer, size_t size) {
    if (pointer == NULL) return __libc_malloc(size);
    if (size == 0) {
        ff_wipe_and_free(pointer);
        return NULL;
    }
    size_t usable = malloc_usable_size(pointer);
    if (size <= usable) return pointer;
    void *moved = __libc_malloc(size);
    if (moved == NULL) return NULL;
    memcpy(moved, pointer, usable);
    ff_wipe_and_free(pointer);
    return moved;
}

__attribute__((weak)) void free(void *pointer) { ff_wipe_and_free(pointer); }
__attribute__((weak)) void *realloc(void *pointer, size_t size) { return ff_wipe_and_realloc(pointer, size); }

void __wrap_free(void *pointer) { ff_wipe_and_free(pointer); }
void *__wrap_realloc(void *pointer, size_t size) { return ff_wipe_and_realloc(pointer, size); }
