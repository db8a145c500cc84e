import Foundation
import KioskRuntime

let usage = """
usage: kiosk run [--config FILE] [--backend auto|drm|headless] [--out FILE.png] [--once]
                 [--device PATH] [--connector NAME] [--mode WxH[@Hz]] [--rotation 0|90|180|270] [--scale S]
                 [--seat NAME] [--keyboard-layout LAYOUT] [--ring PERCENT] [--demo-animate]
       kiosk snapshot --out FILE.png [--size WxH] [--appearance light|dark]
"""

var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.isEmpty ? "help" : arguments.removeFirst()
do {
    switch command {
    case "run":
        try RunCommand.run(Arguments(arguments, flagNames: ["once", "demo-animate"]))
    case "snapshot":
        try SnapshotCommand.run(Arguments(arguments, flagNames: ["gallery"]))
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
