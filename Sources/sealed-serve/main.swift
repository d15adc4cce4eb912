import Foundation

// As in `sealed`: a process started from a thread that blocks signals would never hear Ctrl-C.
var signals = sigset_t()
sigemptyset(&signals)
sigaddset(&signals, SIGINT)
sigaddset(&signals, SIGTERM)
pthread_sigmask(SIG_UNBLOCK, &signals, nil)

exit(await ServeMain.run(Array(CommandLine.arguments.dropFirst())))
