nonisolated extension Array where Element == String {
    /// The strings with `separator` between them, as `joined(separator:)` gives them, for the code
    /// every start runs (READY=1, the start-up summary, the journal's lines).
    ///
    /// The standard library's `joined(separator:)` is generic over the collection. Its first call in
    /// a process has the Swift runtime look one of the collection's associated types up by its
    /// mangled name, and checking that type's requirements scans every protocol conformance record
    /// in the binary, the standard library's and Foundation's included: sending READY=1 that way
    /// faulted in 0.4 MiB of the installed binary's read-only data, the last thing a start did.
    /// Here the element type is known and nothing is looked up.
    func concatenated(separator: String = "") -> String {
        var result = first ?? ""
        for string in dropFirst() {
            result += separator
            result += string
        }
        return result
    }
}
