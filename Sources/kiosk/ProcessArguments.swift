import CProcessArguments

/// The standard library's hook for the arguments `CommandLine` gives (the same that a program
/// hosting Swift code uses to set them).
@_silgen_name("_swift_stdlib_overrideUnsafeArgvArgc")
private func overrideUnsafeArgvArgc(_ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ argc: CInt)

/// Gives `CommandLine` the arguments the C library handed the program's initializers.
///
/// The installed binary is linked without the standard library's own initializer that finds them
/// (packaging/link/arguments.ld): it reads the whole of /proc/self/maps at every start, about a
/// line per mapping of every library, to find the stack. Without that initializer, or this,
/// `CommandLine.arguments` is empty. Called first thing in `main`, before anything reads them.
enum ProcessArguments {
    static func install() {
        guard let vector = kiosk_argument_vector() else { return }
        overrideUnsafeArgvArgc(vector, kiosk_argument_count())
    }
}
