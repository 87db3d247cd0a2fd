#ifndef FF_SECURE_HEAP_H
#define FF_SECURE_HEAP_H

// Memory wiped as it is freed (secure_heap.c), linked into the focusflow executable alone: it
// replaces free and realloc, and declares nothing a program calls.

#endif
