import Glibc

// A write to a pipe whose reader has gone, or past the file-size limit, fails with EPIPE or
// EFBIG and is reported with exit status 74, instead of killing the process silently.
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)
exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
