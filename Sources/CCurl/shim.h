#ifndef KIOSK_CCURL_SHIM_H
#define KIOSK_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot call:
 * one typed wrapper per kind of argument the kiosk passes. They are defined with libcurl's deferred
 * functions (CDeferredLibraries/curl.c), which open libcurl on first use. */
CURLcode kiosk_curl_easy_set_long(CURL *easy, CURLoption option, long value);
CURLcode kiosk_curl_easy_set_offset(CURL *easy, CURLoption option, curl_off_t value);
CURLcode kiosk_curl_easy_set_string(CURL *easy, CURLoption option, const char *value);
CURLcode kiosk_curl_easy_set_pointer(CURL *easy, CURLoption option, void *value);
CURLcode kiosk_curl_easy_set_headers(CURL *easy, struct curl_slist *headers);
CURLcode kiosk_curl_easy_set_write_function(CURL *easy, curl_write_callback callback);
CURLcode kiosk_curl_easy_get_long(CURL *easy, CURLINFO info, long *value);
CURLcode kiosk_curl_easy_get_string(CURL *easy, CURLINFO info, char **value);
CURLMcode kiosk_curl_multi_set_pointer(CURLM *multi, CURLMoption option, void *value);
CURLMcode kiosk_curl_multi_set_socket_function(CURLM *multi, curl_socket_callback callback);
CURLMcode kiosk_curl_multi_set_timer_function(CURLM *multi, curl_multi_timer_callback callback);

/* Macros Swift does not import (they expand to other macros or casts). */
static const curl_socket_t kiosk_curl_socket_timeout = CURL_SOCKET_TIMEOUT;
static const int kiosk_curl_poll_in = CURL_POLL_IN;
static const int kiosk_curl_poll_out = CURL_POLL_OUT;
static const int kiosk_curl_poll_inout = CURL_POLL_INOUT;
static const int kiosk_curl_poll_remove = CURL_POLL_REMOVE;
static const int kiosk_curl_cselect_in = CURL_CSELECT_IN;
static const int kiosk_curl_cselect_out = CURL_CSELECT_OUT;
static const long kiosk_curl_global_default = CURL_GLOBAL_DEFAULT;
static const int kiosk_curl_error_size = CURL_ERROR_SIZE;
#endif
