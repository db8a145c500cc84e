import Glibc
import KioskInput

exit(InputCheck.main(arguments: CommandLine.arguments))
