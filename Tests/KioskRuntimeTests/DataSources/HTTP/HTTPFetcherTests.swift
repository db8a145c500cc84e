import Foundation
import KioskPlatform
import Testing
@testable import KioskRuntime

/// GETs against a real server on 127.0.0.1, on the real event loop: what a source sees when the
/// server answers, is slow, fails, sends too much, sends nonsense, hangs, drops the connection,
/// or is not there.
struct HTTPFetcherTests {
    typealias Outcome = Result<HTTPResponse, HTTPFetchError>

    /// One GET on a fresh loop and fetcher, run to its completion.
    static func fetch(_ url: String, headers: [String: String] = [:], timeout: Double = 5,
                      maximumBytes: Int = 1 << 20) throws -> Outcome {
        let loop = try EventLoop()
        let fetcher = HTTPFetcher(scheduler: loop)
        var outcome: Outcome?
        fetcher.get(url, headers: headers, timeout: timeout, maximumBytes: maximumBytes) { outcome = $0 }
        #expect(outcome == nil, "a completion is never called from inside get")
        _ = try loop.run(forAtMost: timeout + 5) { outcome != nil }
        return try #require(outcome, "no completion for \(url)")
    }

    @Test func anAnswerGivesItsStatusBodyAndContentType() throws {
        let server = try LocalHTTPServer()
        let response = try Self.fetch(server.url("/ok")).get()
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"temp": 21.5, "ok": true}"#)
        #expect(response.contentType == "application/json; charset=utf-8")
    }

    @Test func aTextBodyArrivesByteForByte() throws {
        let server = try LocalHTTPServer()
        let response = try Self.fetch(server.url("/text")).get()
        #expect(response.body == Array("Grüße".utf8))
        #expect(response.contentType == "text/plain; charset=utf-8")
    }

    @Test func aMalformedBodyIsReturnedAsItCame() throws {
        let server = try LocalHTTPServer()
        let response = try Self.fetch(server.url("/malformed")).get()
        #expect(response.body == Array(#"{"a":"#.utf8))
    }

    @Test func aServerSlowerThanTheTimeoutTimesOut() throws {
        let server = try LocalHTTPServer()
        #expect(try Self.fetch(server.url("/slow"), timeout: 0.5) == .failure(.timedOut))
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        let server = try LocalHTTPServer()
        #expect(try Self.fetch(server.url("/hang"), timeout: 0.5) == .failure(.timedOut))
    }

    @Test func aServerErrorIsItsStatus() throws {
        let server = try LocalHTTPServer()
        #expect(try Self.fetch(server.url("/fail")) == .failure(.status(500)))
        #expect(try Self.fetch(server.url("/missing")) == .failure(.status(404)))
    }

    @Test func aBodyAnnouncedOverTheLimitIsTooLarge() throws {
        let server = try LocalHTTPServer()
        #expect(try Self.fetch(server.url("/huge"), maximumBytes: 1 << 20) == .failure(.tooLarge(limit: 1 << 20)))
    }

    @Test func aBodyThatRunsPastTheLimitUnannouncedIsTooLarge() throws {
        let server = try LocalHTTPServer()
        #expect(try Self.fetch(server.url("/huge-unannounced"), maximumBytes: 1 << 20)
            == .failure(.tooLarge(limit: 1 << 20)))
    }

    @Test func aBodyWithinTheLimitArrivesWhole() throws {
        let server = try LocalHTTPServer()
        let response = try Self.fetch(server.url("/huge-unannounced"), maximumBytes: 2 << 20).get()
        #expect(response.body.count == 2 << 20)
    }

    @Test func aConnectionClosedMidBodyIsAConnectionError() throws {
        let server = try LocalHTTPServer()
        let outcome = try Self.fetch(server.url("/drop"))
        guard case .failure(.connection(let reason)) = outcome else {
            Issue.record("expected a connection error, got \(outcome)")
            return
        }
        #expect(reason.contains("transfer closed"), "\(reason)")
    }

    @Test func aPortNobodyListensOnIsAConnectionError() throws {
        let port = try closedLocalPort()
        let outcome = try Self.fetch("http://127.0.0.1:\(port)/ok")
        guard case .failure(.connection(let reason)) = outcome else {
            Issue.record("expected a connection error, got \(outcome)")
            return
        }
        #expect(reason.contains("127.0.0.1") && reason.contains("\(port)"), "\(reason)")
    }

    @Test func headersAreSent() throws {
        let server = try LocalHTTPServer()
        let response = try Self.fetch(server.url("/headers"), headers: ["Authorization": "Bearer abc", "X-Kiosk": "lobby"]).get()
        let sent = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String])
        #expect(sent["authorization"] == "Bearer abc")
        #expect(sent["x-kiosk"] == "lobby")
        #expect(sent["user-agent"] == "kiosk/\(kioskVersion)")
    }

    @Test func redirectsAreFollowedAFewTimes() throws {
        let server = try LocalHTTPServer()
        #expect(try Self.fetch(server.url("/redirect")).get().body == Array(#"{"temp": 21.5, "ok": true}"#.utf8))
        let outcome = try Self.fetch(server.url("/redirect-loop"))
        guard case .failure(.connection(let reason)) = outcome else {
            Issue.record("expected a connection error, got \(outcome)")
            return
        }
        #expect(reason.contains("redirects"), "\(reason)")
    }

    @Test func onlyHTTPAndHTTPSAreFetched() throws {
        for url in ["file:///etc/hostname", "ftp://127.0.0.1/x", "gopher://127.0.0.1/"] {
            let outcome = try Self.fetch(url)
            guard case .failure(.invalidURL(let reason)) = outcome else {
                Issue.record("\(url): expected an invalid URL, got \(outcome)")
                continue
            }
            #expect(reason.contains(url))
        }
        guard case .failure(.invalidURL) = try Self.fetch("http://[::1") else {
            Issue.record("a malformed URL is refused")
            return
        }
        guard case .failure(.invalidURL) = try Self.fetch("") else {
            Issue.record("an empty URL is refused")
            return
        }
    }

    @Test func anHTTPSServerWhoseCertificateNoAuthorityVouchesForIsRefused() throws {
        let server = try LocalHTTPServer(tls: true)
        let outcome = try Self.fetch(server.url("/ok"))
        guard case .failure(.connection(let reason)) = outcome else {
            Issue.record("expected a connection error, got \(outcome)")
            return
        }
        #expect(reason.contains("certificate"), "\(reason)")
        #expect(server.waitForRequest("/ok", within: 0) == false, "no request went out")
    }

    @Test func aHeaderThatWouldSplitTheRequestIsRefused() throws {
        let server = try LocalHTTPServer()
        for headers in [["X-Bad": "a\r\nHost: evil"], ["X Bad": "a"], ["X:Bad": "a"], ["": "a"]] {
            guard case .failure(.invalidHeader) = try Self.fetch(server.url("/ok"), headers: headers) else {
                Issue.record("\(headers) should be refused")
                continue
            }
        }
    }

    @Test func localhostIsReachedWithoutDNS() throws {
        let server = try LocalHTTPServer()
        #expect(try Self.fetch("http://localhost:\(server.port)/ok").get().status == 200)
    }

    @Test func afterEachKindOfFailureTheNextRequestSucceeds() throws {
        let server = try LocalHTTPServer()
        let loop = try EventLoop()
        let fetcher = HTTPFetcher(scheduler: loop)
        var outcomes: [Outcome] = []
        for path in ["/fail", "/ok", "/drop", "/ok", "/hang", "/ok", "/huge", "/ok"] {
            var outcome: Outcome?
            fetcher.get(server.url(path), timeout: 0.5, maximumBytes: 1 << 20) { outcome = $0 }
            #expect(try loop.run(forAtMost: 5) { outcome != nil })
            outcomes.append(try #require(outcome))
        }
        for (index, outcome) in outcomes.enumerated() where index % 2 == 1 {
            #expect(try outcome.get().status == 200)
        }
        #expect(outcomes[4] == .failure(.timedOut))
        #expect(outcomes[6] == .failure(.tooLarge(limit: 1 << 20)))
    }

    @Test func onceEveryRequestIsDoneNothingIsWatchedOrArmed() throws {
        let server = try LocalHTTPServer()
        let loop = VirtualLoop()
        let fetcher = HTTPFetcher(scheduler: loop)
        var outcome: Outcome?
        fetcher.get(server.url("/ok"), timeout: 5, maximumBytes: 1024) { outcome = $0 }
        let realDeadline = MonotonicClock.now() + 5
        while outcome == nil, MonotonicClock.now() < realDeadline {
            loop.advance(by: 0.001)
            usleep(1000)
        }
        #expect(try outcome?.get().status == 200)
        // curl may keep the connection for the next request, but asks for no wake-up.
        loop.advance(by: 60)
        #expect(loop.armedTimerCount == 0)
        #expect(fetcher.requestsInFlight == 0)
    }

    @Test func aCancelledRequestNeverCompletesAndOthersGoOn() throws {
        let server = try LocalHTTPServer()
        let loop = try EventLoop()
        let fetcher = HTTPFetcher(scheduler: loop)
        var cancelledOutcome: Outcome?
        var otherOutcome: Outcome?
        let slow = fetcher.get(server.url("/slow"), timeout: 0.3, maximumBytes: 1024) { cancelledOutcome = $0 }
        #expect(slow.isInFlight)
        _ = try loop.run(forAtMost: 0.1) { false }
        slow.cancel()
        #expect(!slow.isInFlight)
        fetcher.get(server.url("/ok"), timeout: 5, maximumBytes: 1024) { otherOutcome = $0 }
        #expect(try loop.run(forAtMost: 5) { otherOutcome != nil })
        // Past the cancelled request's timeout: it stays silent.
        _ = try loop.run(forAtMost: 0.5) { false }
        #expect(cancelledOutcome == nil)
        #expect(fetcher.requestsInFlight == 0)
        #expect(try otherOutcome?.get().status == 200)
    }

    @Test func cancelAllSilencesEveryRequest() throws {
        let server = try LocalHTTPServer()
        let loop = try EventLoop()
        let fetcher = HTTPFetcher(scheduler: loop)
        var completions = 0
        for path in ["/hang", "/slow", "/ok"] {
            fetcher.get(server.url(path), timeout: 0.3, maximumBytes: 1024) { _ in completions += 1 }
        }
        #expect(fetcher.requestsInFlight == 3)
        fetcher.cancelAll()
        #expect(fetcher.requestsInFlight == 0)
        _ = try loop.run(forAtMost: 0.6) { false }
        #expect(completions == 0)
    }

    @Test func manyRequestsRunTogether() throws {
        let server = try LocalHTTPServer()
        let loop = try EventLoop()
        let fetcher = HTTPFetcher(scheduler: loop)
        var outcomes: [Int: Outcome] = [:]
        // One hangs throughout; the others complete around it.
        fetcher.get(server.url("/hang"), timeout: 30, maximumBytes: 1024) { _ in }
        for index in 0..<20 {
            let path = ["/ok", "/fail", "/malformed", "/drop"][index % 4]
            fetcher.get(server.url(path), timeout: 5, maximumBytes: 1024) { outcomes[index] = $0 }
        }
        #expect(try loop.run(forAtMost: 10) { outcomes.count == 20 })
        for (index, outcome) in outcomes {
            switch index % 4 {
            case 0: #expect(try outcome.get().status == 200)
            case 1: #expect(outcome == .failure(.status(500)))
            case 2: #expect(try outcome.get().body == Array(#"{"a":"#.utf8))
            default:
                guard case .failure(.connection) = outcome else {
                    Issue.record("/drop gave \(outcome)")
                    continue
                }
            }
        }
        #expect(fetcher.requestsInFlight == 1)
    }

    @Test func aCompletionMayStartTheNextRequest() throws {
        let server = try LocalHTTPServer()
        let loop = try EventLoop()
        let fetcher = HTTPFetcher(scheduler: loop)
        var statuses: [Int] = []
        func next() {
            fetcher.get(server.url("/ok"), timeout: 5, maximumBytes: 1024) { outcome in
                statuses.append((try? outcome.get().status) ?? 0)
                if statuses.count < 3 { next() }
            }
        }
        next()
        #expect(try loop.run(forAtMost: 5) { statuses.count == 3 })
        #expect(statuses == [200, 200, 200])
    }

    @Test func aFetcherLetGoStopsItsRequestsSilently() throws {
        let server = try LocalHTTPServer()
        let loop = try EventLoop()
        var fetcher: HTTPFetcher? = HTTPFetcher(scheduler: loop)
        var completions = 0
        let request = fetcher?.get(server.url("/hang"), timeout: 1, maximumBytes: 1024) { _ in completions += 1 }
        #expect(try loop.run(forAtMost: 5) { server.waitForRequest("/hang", within: 0) })
        fetcher = nil
        #expect(request?.isInFlight == false)
        #expect(loop.armedTimerCount == 0, "the request's timeout and curl's timer went with the fetcher")
        _ = try loop.run(forAtMost: 1.2) { false }
        #expect(completions == 0)
    }
}
