import Foundation
import Glibc
import KioskConfig
import KioskExpression
import KioskPlatform
@testable import KioskRuntime

/// A `SourceSet` on a virtual clock with real files and programs: descriptors (inotify, pipes,
/// pidfds) are polled while the clock stands still, so a timeout fires only when a test moves it.
final class SourceProbe {
    static let epoch = 1_700_000_000.0

    let loop = VirtualLoop()
    let directory = TemporaryDirectory()
    private(set) var set: SourceSet!
    private(set) var changes: [(name: String, value: SourceValue)] = []
    private(set) var logged: [String] = []

    init(_ specs: [SourceSpec]) {
        set = SourceSet(specs: specs, scheduler: loop, baseDirectory: directory.path, log: { [unowned self] in logged.append($0) },
                        wallTime: { [loop] in Self.epoch + loop.now })
        set.onChange = { [unowned self] name, value in changes.append((name, value)) }
    }

    func value(_ name: String) -> SourceValue { set.value(of: name) ?? .initial }

    /// Runs what is due now and what the descriptors have, without moving the clock, until
    /// `condition` holds. Bounded (a few seconds of waiting for a program), never assumed fast.
    @discardableResult
    func settle(attempts: Int = 5000, until condition: () -> Bool) -> Bool {
        for _ in 0..<attempts {
            loop.advance(by: 0)
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    /// Moves the clock, then lets descriptors answer until `condition` holds.
    @discardableResult
    func advance(by seconds: Double, until condition: () -> Bool) -> Bool {
        loop.advance(by: seconds)
        return settle(until: condition)
    }

    func path(_ name: String) -> String { "\(directory.path)/\(name)" }

    func write(_ text: String, to name: String) {
        _ = FileManager.default.createFile(atPath: path(name), contents: Data(text.utf8))
    }

    /// Writes a temporary file and renames it over `name`, as editors and deploy tools save.
    func replace(_ name: String, with text: String) {
        write(text, to: name + ".tmp")
        rename(path(name + ".tmp"), path(name))
    }

    func remove(_ name: String) { unlink(path(name)) }
}
