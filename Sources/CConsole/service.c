// The program that performs a check or a send (ff_console.h): spawned with the calls glibc has
// only under _GNU_SOURCE (pipe2, posix_spawn_file_actions_addclosefrom_np).
#define _GNU_SOURCE
#include "ff_console.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <unistd.h>

extern char **environ;

int ff_spawn_service(const char *command, int errors, int *input, int *output) {
    int in[2], out[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0) return -1;
    if (pipe2(out, O_CLOEXEC) != 0) {
        int saved = errno;
        close(in[0]);
        close(in[1]);
        errno = saved;
        return -1;
    }
    // The program reads its input to the end; nothing comes back through it.
    shutdown(in[1], SHUT_WR);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[1], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    if (errors >= 0) posix_spawn_file_actions_adddup2(&actions, errors, 2);
    else posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    // The terminal, the signal pipe, a draft: nothing else of the walk's is the program's.
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setpgroup(&attributes, 0);
    sigset_t mask;
    sigemptyset(&mask);
    posix_spawnattr_setsigmask(&attributes, &mask);
    // What the walk ignores (SIGPIPE) or handles is the program's default again.
    sigset_t defaults;
    sigfillset(&defaults);
    sigdelset(&defaults, SIGKILL);
    sigdelset(&defaults, SIGSTOP);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    char *argv[] = {"/bin/sh", "-c", (char *)command, NULL};
    pid_t pid;
    int failed = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(in[1]);
    close(out[1]);
    if (failed) {
        close(in[0]);
        close(out[0]);
        errno = failed;
        return -1;
    }
    fcntl(in[0], F_SETFL, fcntl(in[0], F_GETFL) | O_NONBLOCK);
    fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
    *input = in[0];
    *output = out[0];
    return pid;
}
