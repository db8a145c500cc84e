import Glibc
import KioskDRM

exit(DisplayCheckCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
