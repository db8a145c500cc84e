import CProcessArguments
import Testing

/// The kiosk hands `CommandLine` the arguments its C initializer was called with
/// (Sources/kiosk/ProcessArguments.swift): the installed binary is linked without the Swift
/// runtime's own search for them. This process (the test runner, linked the usual way) has both.
@Suite struct ProcessArgumentsTests {
    @Test func theInitializerGetsTheArgumentsTheRuntimeFinds() throws {
        let vector = try #require(kiosk_argument_vector(), "the initializer did not run")
        let count = Int(kiosk_argument_count())
        let captured = (0..<count).map { index in vector[index].map { String(cString: $0) } }
        #expect(count >= 1)
        #expect(captured == CommandLine.arguments.map { Optional($0) })
        // The vector ends as C's does, with a null pointer.
        #expect(vector[count] == nil)
    }
}
