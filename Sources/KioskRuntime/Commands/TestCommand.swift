import Foundation
import KioskConfig

/// `kiosk test SCRIPT.yaml… [--update]`: plays headless scripts; exit status 1 when a step fails.
public enum TestCommand {
    public static func run(_ arguments: Arguments, adapters: AdapterTable = .standard) throws -> Int32 {
        guard !arguments.positional.isEmpty else { throw UsageError("test needs a script file") }
        var allPassed = true
        for path in arguments.positional {
            let script: PanelScript
            do {
                script = try PanelScriptParser.parse(path: path)
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                allPassed = false
                continue
            }
            let runner = try PanelScriptRunner(script: script, adapters: adapters)
            runner.updateGoldens = arguments.flag("update")
            if !runner.run(report: { print($0) }) { allPassed = false }
        }
        return allPassed ? 0 : 1
    }
}
