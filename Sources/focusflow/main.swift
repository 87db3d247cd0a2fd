import FocusFlowTerminal
import Glibc

// Before anything opens a file: a descriptor 0, 1 or 2 the parent closed is /dev/null.
StandardStreams.openMissing()
// Every command may hold a secret, typed or read, until it ends: no core file, and no debugger or
// /proc/PID/mem of the same user reads it (SecretMemory).
SecretMemory.protectProcess()

// A write to a pipe whose reader has gone, or past the file-size limit, fails with EPIPE or
// EFBIG and is reported with exit status 74, instead of killing the process silently.
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)
// A parent may have left the signals that end a command blocked (a buggy host, a test runner's
// worker thread): they are this program's, so that SIGINT, SIGTERM and SIGHUP end `serve` and
// `check` too, not only a walk (which owns them through its signal pipe).
var endingSignals = sigset_t()
sigemptyset(&endingSignals)
for ending in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&endingSignals, ending) }
pthread_sigmask(SIG_UNBLOCK, &endingSignals, nil)
// Every command holds answers in memory, secure ones too: a crash or a fatal signal prints no
// report of registers or memory (the Swift runtime's backtracer) and restores the terminal.
FlowRunner.installCrashGuard()
// A walk a signal ended ends the process by that signal, once everything is written; one that
// comes after the walk (a closed terminal's second SIGHUP) waits for that too.
SignalPipe.holdsEndsAfterWalk = true
SignalEnding.exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
