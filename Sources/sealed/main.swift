import Foundation
import SealedCLI

// A process started from a thread that blocks signals inherits the mask (Foundation's Process
// keeps it, and test runners' worker threads block every signal), and would never hear Ctrl-C:
// take SIGINT and SIGTERM out of the mask before anything else.
var signals = sigset_t()
sigemptyset(&signals)
sigaddset(&signals, SIGINT)
sigaddset(&signals, SIGTERM)
pthread_sigmask(SIG_UNBLOCK, &signals, nil)

exit(SealedMain.run(Array(CommandLine.arguments.dropFirst())))
