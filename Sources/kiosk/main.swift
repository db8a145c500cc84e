import Foundation
import KioskRuntime

let usage = """
usage: kiosk run [--config FILE] [--backend auto|drm|headless] [--size WxH] [--out FILE.png] [--once]
                 [--device PATH] [--connector NAME] [--mode WxH[@Hz]] [--rotation 0|90|180|270] [--scale S]
                 [--seat NAME] [--device-access auto|seat|direct] [--keyboard-layout LAYOUT] [--ring PERCENT] [--demo-animate]
       kiosk check FILE
       kiosk components
       kiosk snapshot [FILE --panel ID] --out FILE.png [--size WxH] [--appearance light|dark] [--accessibility]
       kiosk snapshot --gallery --out FILE.png [--size WxH] [--appearance light|dark]
       kiosk test SCRIPT.yaml... [--update]
       kiosk ctl [--socket PATH] set WIDGET.PROPERTY VALUE | get WIDGET.PROPERTY | goto PANEL | back | reload
                 | screenshot FILE.png | alert TITLE [MESSAGE] | subscribe
"""

var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.isEmpty ? "help" : arguments.removeFirst()
do {
    switch command {
    case "run":
        try RunCommand.run(Arguments(arguments, flagNames: ["once", "verbose", "demo-animate"]))
    case "check":
        exit(try ConfigCommands.check(Arguments(arguments)))
    case "components":
        ConfigCommands.components()
    case "snapshot":
        try SnapshotCommand.run(Arguments(arguments, flagNames: ["accessibility", "gallery"]))
    case "test":
        exit(try TestCommand.run(Arguments(arguments, flagNames: ["update"])))
    case "ctl":
        exit(ControlClient.runCommandLine(arguments, environment: ProcessInfo.processInfo.environment))
    case "help", "--help", "-h":
        print(usage)
    default:
        throw UsageError("unknown command '\(command)'")
    }
} catch let error as UsageError {
    FileHandle.standardError.write(Data("kiosk: \(error)\n\(usage)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("kiosk: \(error)\n".utf8))
    exit(1)
}
