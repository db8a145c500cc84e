import CCurl

/// libcurl's process-wide state. `curl_global_init` must run once, before any other curl call and
/// while no other thread uses curl: the first fetcher made (on the main thread) does it.
enum CurlLibrary {
    private static let initialization = curl_global_init(kiosk_curl_global_default)

    /// Nil once curl is ready, else what went wrong (then every request fails with it).
    static func initialize() -> String? {
        initialization == CURLE_OK ? nil : "libcurl cannot start: \(CurlLibrary.describe(initialization))"
    }

    static func describe(_ code: CURLcode) -> String {
        String(cString: curl_easy_strerror(code))
    }

    static func describe(_ code: CURLMcode) -> String {
        String(cString: curl_multi_strerror(code))
    }
}
