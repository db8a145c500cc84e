import Foundation

/// The resident set size of this process, from `/proc/self/statm` (pages, second field).
/// A reading that fails is an error, never 0: a zero would pass every growth check.
enum ProcessMemory {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    static func residentBytes() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else {
            throw Unreadable(description: "/proc/self/statm has no resident page count: \(text)")
        }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
