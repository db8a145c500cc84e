import CCurl
import CDeferredLibraries

/// libcurl's process-wide state. `curl_global_init` must run once, before any other curl call and
/// while no other thread uses curl: the first fetcher made (on the main thread) does it, opening
/// libcurl first (the kiosk opens it on first use).
enum CurlLibrary {
    private static let initialization: String? = {
        if let failure = kiosk_library_load(KIOSK_LIBRARY_CURL) { return "libcurl cannot be opened: \(String(cString: failure))" }
        let code = curl_global_init(kiosk_curl_global_default)
        return code == CURLE_OK ? nil : "libcurl cannot start: \(CurlLibrary.describe(code))"
    }()

    /// Nil once curl is ready, else what went wrong (then every request fails with it).
    static func initialize() -> String? { initialization }

    static func describe(_ code: CURLcode) -> String {
        String(cString: curl_easy_strerror(code))
    }

    static func describe(_ code: CURLMcode) -> String {
        String(cString: curl_multi_strerror(code))
    }
}
