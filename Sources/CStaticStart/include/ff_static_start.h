#ifndef FF_STATIC_START_H
#define FF_STATIC_START_H

// The entry point of the static, position-independent focusflow (static_start.c): it populates
// the pages the binary relocates, then jumps to glibc's _start. Declares nothing a program calls.

#endif
