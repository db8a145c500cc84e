/// A finished HTTP GET that the server answered with a 2xx status.
nonisolated public struct HTTPResponse: Equatable, Sendable {
    public var status: Int
    /// The body as received (decoded when the server compressed it), at most the request's
    /// `maximumBytes`. Parsing it is the caller's business.
    public var body: [UInt8]
    /// The `Content-Type` header as sent (`application/json; charset=utf-8`), nil when absent.
    public var contentType: String?

    public init(status: Int, body: [UInt8], contentType: String?) {
        self.status = status
        self.body = body
        self.contentType = contentType
    }
}
