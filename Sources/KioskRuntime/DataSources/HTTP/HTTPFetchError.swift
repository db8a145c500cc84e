/// Why an HTTP GET gave no response.
nonisolated public enum HTTPFetchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No complete answer within the request's timeout (measured on the fetcher's scheduler).
    case timedOut
    /// The body is, or announced itself as, longer than the request's `maximumBytes`.
    case tooLarge(limit: Int)
    /// The server answered with a status other than 2xx (after following redirects).
    case status(Int)
    /// No answer: refused, reset, closed mid-body, unknown host, TLS failure, too many redirects…
    /// The text is curl's, naming host and port where it knows them.
    case connection(String)
    /// The URL cannot be fetched: malformed, or a scheme other than http and https.
    case invalidURL(String)
    /// A header name or value that cannot be sent (empty name, a colon in the name, a line break).
    case invalidHeader(String)

    public var description: String {
        switch self {
        case .timedOut: "no answer within the timeout"
        case .tooLarge(let limit): "the response is larger than the limit of \(limit) bytes"
        case .status(let status): "the server answered with HTTP status \(status)"
        case .connection(let reason): reason
        case .invalidURL(let reason): reason
        case .invalidHeader(let reason): reason
        }
    }
}
