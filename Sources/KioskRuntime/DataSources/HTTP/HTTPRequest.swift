/// A GET in flight, as `HTTPFetcher.get` returned it. Letting go of it does not stop the request;
/// `cancel()` does.
public final class HTTPRequest {
    private weak var fetcher: HTTPFetcher?
    let id: UInt64

    init(id: UInt64, fetcher: HTTPFetcher) {
        self.id = id
        self.fetcher = fetcher
    }

    /// Stops the request; its completion is never called. Nothing happens once it has completed.
    public func cancel() {
        fetcher?.cancel(id)
    }

    /// Whether the completion is still to come.
    public var isInFlight: Bool { fetcher?.isInFlight(id) ?? false }
}
