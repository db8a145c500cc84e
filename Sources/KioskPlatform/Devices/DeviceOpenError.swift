/// A device node that could not be opened, with the errno and the call that failed. The display
/// and input code turn it into their own errors (`DRMError`, `InputError`), which say what to do.
nonisolated public struct DeviceOpenError: Error, Equatable, Sendable {
    public var path: String
    /// The errno the call failed with.
    public var code: Int32
    /// What failed, for messages: "open" for open(2); a seat names its own call and its reason.
    public var call: String

    public init(path: String, code: Int32, call: String = "open") {
        self.path = path
        self.code = code
        self.call = call
    }
}
