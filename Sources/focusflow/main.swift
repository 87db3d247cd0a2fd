import FocusFlowTerminal
import Glibc

// Before anything opens a file: a descriptor 0, 1 or 2 the parent closed is /dev/null.
FlowRunner.openMissingStandardStreams()

// A write to a pipe whose reader has gone, or past the file-size limit, fails with EPIPE or
// EFBIG and is reported with exit status 74, instead of killing the process silently.
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)
// Every command holds answers in memory, secure ones too: a crash or a fatal signal prints no
// report of registers or memory (the Swift runtime's backtracer) and restores the terminal.
FlowRunner.installCrashGuard()
exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
