#ifndef FOCUSFLOW_NO_MKTEMP_H
#define FOCUSFLOW_NO_MKTEMP_H

/// What `focusflow`'s link uses in place of glibc's mktemp (see no_mktemp.c): it makes no name.
char *__wrap_mktemp(char *template_);

#endif
