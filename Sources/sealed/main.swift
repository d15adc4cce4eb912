import Foundation
import SealedCLI

exit(SealedMain.run(Array(CommandLine.arguments.dropFirst())))
