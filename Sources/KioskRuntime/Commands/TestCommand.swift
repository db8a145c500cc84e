import FoundationEssentials
import Glibc
import KioskPlatform
import KioskConfig

/// `kiosk test SCRIPT.yaml… [--update] [--refresh-rate HZ] [--verbose]`: plays headless scripts;
/// exit status 1 when a step fails.
public enum TestCommand {
    public static func run(_ arguments: Arguments, adapters: AdapterTable = .standard) throws -> Int32 {
        guard !arguments.positional.isEmpty else { throw UsageError("test needs a script file") }
        let refreshRate = try arguments.refreshRate("refresh-rate") ?? HeadlessDisplay.defaultRefreshRate
        var allPassed = true
        for path in arguments.positional {
            let script: PanelScript
            do {
                script = try PanelScriptParser.parse(path: path)
            } catch {
                StandardError.write("\(error)\n")
                allPassed = false
                continue
            }
            let runner = try PanelScriptRunner(script: script, adapters: adapters, refreshRate: refreshRate)
            runner.updateGoldens = arguments.flag("update")
            runner.reportsFrames = arguments.flag("verbose")
            if !runner.run(report: { print($0) }) { allPassed = false }
        }
        return allPassed ? 0 : 1
    }
}
