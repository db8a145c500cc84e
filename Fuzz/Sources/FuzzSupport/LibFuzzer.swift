import CLibFuzzer
import Glibc

/// One fuzz input: the bytes libFuzzer made up. Returns 0 (the only value libFuzzer accepts).
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Runs libFuzzer's command line (`-max_total_time`, `-dict`, corpus directories…) on `target`.
///
/// SwiftPM links every executable with `main` aliased to the module's own entry point, so an
/// executable cannot take libFuzzer's `main` as it is. Each fuzzer therefore has a `@main` that
/// hands its target to libFuzzer's driver, which is what libFuzzer's `main` does too.
public func runLibFuzzer(_ target: FuzzTarget) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, target))
}

/// AddressSanitizer's defaults for every fuzzer (`ASAN_OPTIONS` still overrides them).
///
/// Leak checking is off: Swift keeps some references with spare bits set (enum payloads, lazily
/// initialised globals), which LeakSanitizer does not recognise as pointers, so it reports the
/// component schemas as leaked on the first input. Runaway memory is caught by `-rss_limit_mb`.
@_cdecl("__asan_default_options")
public func addressSanitizerDefaultOptions() -> UnsafePointer<CChar> {
    UnsafeRawPointer(addressSanitizerOptions.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// A literal: stored NUL-terminated in the binary, so its pointer outlives every caller.
private let addressSanitizerOptions: StaticString = "detect_leaks=0"
