import Testing
import KioskConfig
import KioskExpression
@testable import KioskRuntime

/// How an HTTP result becomes a source's outcome: 2xx bodies parsed per `format`, every other
/// status and every transfer failure a failure that names the URL.
@Suite struct HTTPSourceOutcomeTests {
    let url = "http://127.0.0.1:8080/weather.json"

    func response(_ status: Int, _ body: String) -> Result<HTTPResponse, HTTPFetchError> {
        .success(HTTPResponse(status: status, body: Array(body.utf8), contentType: "application/json"))
    }

    @Test func aSuccessfulResponseIsParsedPerFormat() {
        #expect(HTTPSource.outcome(of: response(200, #"{"temp": 21}"#), url: url, format: .json)
            == .value(.record(["temp": .number(21)])))
        #expect(HTTPSource.outcome(of: response(204, " sunny \n"), url: url, format: .text) == .value(.text("sunny")))
    }

    @Test func malformedJSONIsAFailure() {
        guard case .failure(let message) = HTTPSource.outcome(of: response(200, "<html>"), url: url, format: .json) else {
            Issue.record("malformed JSON was accepted")
            return
        }
        #expect(message.hasPrefix("GET \(url): the response is not valid JSON"))
    }

    @Test func aStatusOtherThan2xxIsAFailure() {
        #expect(HTTPSource.outcome(of: response(503, "{}"), url: url, format: .json)
            == .failure("GET \(url): \(HTTPFetchError.status(503))"))
    }

    @Test func aTransferFailureNamesTheURL() {
        #expect(HTTPSource.outcome(of: .failure(.timedOut), url: url, format: .json)
            == .failure("GET \(url): \(HTTPFetchError.timedOut)"))
        #expect(HTTPSource.outcome(of: .failure(.tooLarge(limit: 1024)), url: url, format: .json)
            == .failure("GET \(url): \(HTTPFetchError.tooLarge(limit: 1024))"))
    }
}
