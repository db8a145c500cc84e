import KioskConfig
import KioskPlatform

/// An `http:` source: a GET every `interval` through the kiosk's `HTTPFetcher` (libcurl on the
/// scheduler's descriptors and timers, so the UI thread never waits on the network), one request
/// in flight, a status other than 2xx a failure, the body read as JSON or text.
enum HTTPSource {
    static func make(url: String, interval: Double, timeout: Double, headers: [String: String], format: SourceSpec.Format,
                     maximumBytes: Int, fetcher: HTTPFetcher, scheduler: any Scheduler,
                     log: @escaping (String) -> Void) -> DataSource {
        PollingSource(interval: interval, scheduler: scheduler, log: log) { done in
            fetcher.get(url, headers: headers, timeout: timeout, maximumBytes: maximumBytes) { result in
                done(outcome(of: result, url: url, format: format))
            }
        }
    }

    static func outcome(of result: Result<HTTPResponse, HTTPFetchError>, url: String, format: SourceSpec.Format) -> SourceOutcome {
        switch result {
        case .failure(let error):
            return .failure("GET \(url): \(error)")
        case .success(let response) where !(200..<300).contains(response.status):
            return .failure("GET \(url): \(HTTPFetchError.status(response.status))")
        case .success(let response):
            switch PayloadDecoder.decode(response.body, as: format) {
            case .success(let value): return .value(value)
            case .failure(let error): return .failure("GET \(url): the response is \(error.message)")
            }
        }
    }
}

extension HTTPRequest: SourceAttempt {}
