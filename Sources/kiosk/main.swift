import FoundationEssentials
import Glibc
import KioskPlatform
import KioskRuntime

ProcessArguments.install()
StandardOutput.makeLineBuffered()

var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.isEmpty ? "help" : arguments.removeFirst()
var syntax: CommandLineSyntax?
do {
    if command == "ctl" {
        exit(ControlClient.runCommandLine(arguments, environment: ProcessInfo.processInfo.environment))
    }
    if ["help", "--help", "-h"].contains(command) {
        print(CommandLineSyntax.overview)
        exit(0)
    }
    if command == "--version" {
        print("kiosk \(kioskVersion)")
        exit(0)
    }
    guard let known = CommandLineSyntax.all.first(where: { $0.name == command }) else {
        throw UsageError("unknown command '\(command)'")
    }
    syntax = known
    let parsed = try known.parse(arguments)
    if parsed.flag("help") {
        print(known.usage)
        exit(0)
    }
    switch command {
    case "run": try RunCommand.run(parsed)
    case "check": exit(try ConfigCommands.check(parsed))
    case "components": ConfigCommands.components(parsed)
    case "snapshot": try SnapshotCommand.run(parsed)
    case "calibrate": exit(try CalibrateCommand.run(parsed))
    default: exit(try TestCommand.run(parsed))
    }
} catch let error as UsageError {
    StandardError.write("kiosk: \(error)\n\(syntax?.usage ?? CommandLineSyntax.overview)\n")
    exit(2)
} catch {
    StandardError.write("kiosk: \(error)\n")
    exit(1)
}
