import Testing
@testable import KioskRuntime

@Suite struct CommandLineSyntaxTests {
    @Test func unknownOptionsAreRefusedWithTheNearestKnownOne() {
        #expect(throws: UsageError.self) { try CommandLineSyntax.run.parse(["--contrl", "/tmp/x.sock"]) }
        do {
            _ = try CommandLineSyntax.run.parse(["--config", "k.yaml", "--contrl", "/tmp/x.sock"])
        } catch {
            #expect("\(error)" == "unknown option --contrl; did you mean --control?")
        }
        do {
            _ = try CommandLineSyntax.snapshot.parse(["--out=a.png", "--galery"])
        } catch {
            #expect("\(error)" == "unknown option --galery; did you mean --gallery?")
        }
        #expect(throws: UsageError.self) { try CommandLineSyntax.check.parse(["k.yaml", "--strict"]) }
    }

    @Test func everySubcommandTakesHelp() throws {
        for syntax in CommandLineSyntax.all {
            #expect(try syntax.parse(["--help"]).flag("help"), "\(syntax.name)")
            #expect(try syntax.parse(["-h"]).flag("help"), "\(syntax.name)")
            #expect(syntax.usage.hasPrefix("usage: kiosk \(syntax.name)"))
        }
        #expect(try ControlClient.parseCommandLine(["--help"]) == .help(ControlClient.usage))
        #expect(try ControlClient.parseCommandLine(["goto", "--help"]) == .help("usage: kiosk ctl [--socket PATH] goto PANEL"))
    }

    @Test func everyOptionIsInTheHelp() {
        for syntax in CommandLineSyntax.all {
            for option in syntax.valueOptions.union(syntax.flags) {
                #expect(syntax.usage.contains("--\(option)"), "kiosk \(syntax.name) --help omits --\(option)")
            }
        }
        #expect(CommandLineSyntax.run.usage.contains("--control PATH"))
        #expect(CommandLineSyntax.run.usage.contains("--verbose"))
        #expect(CommandLineSyntax.overview.contains("--control PATH"))
    }

    @Test func optionsStillParse() throws {
        let parsed = try CommandLineSyntax.run.parse(["--config", "k.yaml", "--control=/run/k.sock", "--verbose", "extra"])
        #expect(parsed.value("config") == "k.yaml")
        #expect(parsed.value("control") == "/run/k.sock")
        #expect(parsed.flag("verbose"))
        #expect(parsed.positional == ["extra"])
    }

    @Test func ctlRefusesUnknownOptionsAndTakesTheSocketEitherWay() throws {
        #expect(throws: ControlRequestError.self) { try ControlClient.parseCommandLine(["--sokcet", "/x", "back"]) }
        do {
            _ = try ControlClient.parseCommandLine(["--sokcet", "/x", "back"])
        } catch {
            #expect(error.message.hasPrefix("unknown option --sokcet; did you mean --socket?"))
        }
        #expect(try ControlClient.parseCommandLine(["--socket", "/x.sock", "back"]) == .command(["back"], socketPath: "/x.sock"))
        #expect(try ControlClient.parseCommandLine(["--control=/y.sock", "get", "a.b"]) == .command(["get", "a.b"], socketPath: "/y.sock"))
        #expect(try ControlClient.parseCommandLine(["set", "name.text", "--not-an-option"])
            == .command(["set", "name.text", "--not-an-option"], socketPath: nil))
    }
}
