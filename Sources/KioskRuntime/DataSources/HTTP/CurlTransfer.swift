import CCurl

/// One GET as a libcurl easy handle, owned with everything curl keeps pointers to while it runs:
/// the header list, the error buffer and the body received so far. `CurlMulti` drives it and is
/// the only one to free it, after taking it off the multi handle.
final class CurlTransfer {
    /// The fetcher's number for the request this transfer serves.
    let requestID: UInt64
    let handle: UnsafeMutableRawPointer
    private let url: String
    private let maximumBytes: Int
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var body: [UInt8] = []
    /// Set when the body ran past `maximumBytes` and the write callback stopped the transfer.
    private var exceededLimit = false

    /// Redirects followed before giving up: enough for http → https and a moved endpoint.
    static let maximumRedirects = 5
    private static let userAgent = "kiosk/\(kioskVersion)"

    /// Makes the handle and sets every option; nothing is sent until the multi handle runs it.
    init(requestID: UInt64, url: String, headers: [(name: String, value: String)], timeout: Double,
         maximumBytes: Int) throws(HTTPFetchError) {
        guard let handle = curl_easy_init() else { throw .connection("libcurl cannot make a transfer (out of memory)") }
        self.requestID = requestID
        self.handle = handle
        self.url = url
        self.maximumBytes = maximumBytes
        errorBuffer = .allocate(capacity: Int(kiosk_curl_error_size))
        errorBuffer.initialize(repeating: 0, count: Int(kiosk_curl_error_size))
        for header in headers {
            guard let list = curl_slist_append(headerList, "\(header.name): \(header.value)") else {
                throw .connection("libcurl cannot hold the request's headers (out of memory)")
            }
            headerList = list
        }
        try configure(timeout: timeout)
    }

    private func configure(timeout: Double) throws(HTTPFetchError) {
        let milliseconds = Int((timeout * 1000).rounded(.up))
        let results = [
            kiosk_curl_easy_set_string(handle, CURLOPT_URL, url),
            // Only the web: no file://, no scp://, and no redirect into them either.
            kiosk_curl_easy_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            kiosk_curl_easy_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            kiosk_curl_easy_set_long(handle, CURLOPT_FOLLOWLOCATION, 1),
            kiosk_curl_easy_set_long(handle, CURLOPT_MAXREDIRS, Self.maximumRedirects),
            // Also enforced on the fetcher's scheduler; curl's own clock backs it up.
            kiosk_curl_easy_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds),
            // No SIGALRM around name lookups: the kiosk's signals belong to its loop.
            kiosk_curl_easy_set_long(handle, CURLOPT_NOSIGNAL, 1),
            // A Content-Length over the limit is refused before any of the body is read.
            kiosk_curl_easy_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maximumBytes)),
            // Whatever encodings curl decodes; the limit applies to the decoded body.
            kiosk_curl_easy_set_string(handle, CURLOPT_ACCEPT_ENCODING, ""),
            kiosk_curl_easy_set_string(handle, CURLOPT_USERAGENT, Self.userAgent),
            kiosk_curl_easy_set_headers(handle, headerList),
            kiosk_curl_easy_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer),
            kiosk_curl_easy_set_write_function(handle, curlWriteCallback),
            kiosk_curl_easy_set_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(self).toOpaque()),
        ]
        // Only memory or a libcurl older than 7.85 (no CURLOPT_PROTOCOLS_STR) refuses these.
        if let failure = results.first(where: { $0 != CURLE_OK }) {
            throw .connection("libcurl \(String(cString: curl_version())) cannot set up the request: \(CurlLibrary.describe(failure))")
        }
    }

    // Isolated: the handle and the buffers curl points to are main-actor state, freed where used.
    isolated deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Appends what curl received; false stops the transfer (the body would pass the limit).
    fileprivate func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= maximumBytes else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// What the request gave, once curl finished the transfer with `code`.
    func outcome(of code: CURLcode) -> Result<HTTPResponse, HTTPFetchError> {
        switch code {
        case CURLE_OK:
            var status = 0
            _ = kiosk_curl_easy_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
            guard (200..<300).contains(status) else { return .failure(.status(status)) }
            var contentType: UnsafeMutablePointer<CChar>?
            _ = kiosk_curl_easy_get_string(handle, CURLINFO_CONTENT_TYPE, &contentType)
            return .success(HTTPResponse(status: status, body: body, contentType: contentType.map { String(cString: $0) }))
        case CURLE_OPERATION_TIMEDOUT:
            return .failure(.timedOut)
        case CURLE_FILESIZE_EXCEEDED:
            return .failure(.tooLarge(limit: maximumBytes))
        case CURLE_WRITE_ERROR where exceededLimit:
            return .failure(.tooLarge(limit: maximumBytes))
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .failure(.invalidURL("cannot fetch '\(url)': \(reason(for: code)) (only http:// and https:// URLs are fetched)"))
        default:
            return .failure(.connection(reason(for: code)))
        }
    }

    /// curl's detailed message ("Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't
    /// connect to server") when it wrote one, else the code's general text.
    private func reason(for code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        return detail.isEmpty ? CurlLibrary.describe(code) : detail
    }
}

// curl calls it from inside curl_multi_socket_action, on the main actor, with the transfer as
// userdata. Returning less than it was given makes curl stop the transfer with CURLE_WRITE_ERROR.
private let curlWriteCallback: curl_write_callback = { data, size, count, userdata in
    guard let userdata else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
    let length = size * count
    // Carried across as an address: a pointer is not Sendable, though nothing leaves this thread.
    let address = UInt(bitPattern: data)
    return MainActor.assumeIsolated {
        transfer.receive(UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: address == 0 ? 0 : length))
    } ? length : 0
}
