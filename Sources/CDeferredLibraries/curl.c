#include "deferred_symbol.h"
#include "../CCurl/shim.h"

#define CURL_FUNCTION(result, name, parameters, arguments) \
    KIOSK_DEFERRED(KIOSK_LIBRARY_CURL, result, name, parameters, arguments)

CURL_FUNCTION(CURLcode, curl_global_init, (long flags), (flags))
CURL_FUNCTION(char *, curl_version, (void), ())
CURL_FUNCTION(CURL *, curl_easy_init, (void), ())
KIOSK_DEFERRED_VOID(KIOSK_LIBRARY_CURL, curl_easy_cleanup, (CURL *easy), (easy))
CURL_FUNCTION(const char *, curl_easy_strerror, (CURLcode code), (code))
CURL_FUNCTION(CURLM *, curl_multi_init, (void), ())
CURL_FUNCTION(CURLMcode, curl_multi_cleanup, (CURLM *multi), (multi))
CURL_FUNCTION(CURLMcode, curl_multi_add_handle, (CURLM *multi, CURL *easy), (multi, easy))
CURL_FUNCTION(CURLMcode, curl_multi_remove_handle, (CURLM *multi, CURL *easy), (multi, easy))
CURL_FUNCTION(CURLMsg *, curl_multi_info_read, (CURLM *multi, int *queued), (multi, queued))
CURL_FUNCTION(CURLMcode, curl_multi_socket_action, (CURLM *multi, curl_socket_t socket, int events, int *running),
              (multi, socket, events, running))
CURL_FUNCTION(const char *, curl_multi_strerror, (CURLMcode code), (code))
CURL_FUNCTION(struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *text), (list, text))
KIOSK_DEFERRED_VOID(KIOSK_LIBRARY_CURL, curl_slist_free_all, (struct curl_slist *list), (list))

/* The variadic setters, called through a pointer of their own variadic type (which passes the one
 * argument as a variadic call would), with the kind of argument each option takes. */
typedef CURLcode (*EasySetter)(CURL *, CURLoption, ...);
typedef CURLcode (*EasyGetter)(CURL *, CURLINFO, ...);
typedef CURLMcode (*MultiSetter)(CURLM *, CURLMoption, ...);

static EasySetter easy_setopt(void) {
    KIOSK_DEFERRED_LOOKUP(KIOSK_LIBRARY_CURL, EasySetter, "curl_easy_setopt")
    return function;
}

static EasyGetter easy_getinfo(void) {
    KIOSK_DEFERRED_LOOKUP(KIOSK_LIBRARY_CURL, EasyGetter, "curl_easy_getinfo")
    return function;
}

static MultiSetter multi_setopt(void) {
    KIOSK_DEFERRED_LOOKUP(KIOSK_LIBRARY_CURL, MultiSetter, "curl_multi_setopt")
    return function;
}

CURLcode kiosk_curl_easy_set_long(CURL *easy, CURLoption option, long value) {
    return easy_setopt()(easy, option, value);
}
CURLcode kiosk_curl_easy_set_offset(CURL *easy, CURLoption option, curl_off_t value) {
    return easy_setopt()(easy, option, value);
}
CURLcode kiosk_curl_easy_set_string(CURL *easy, CURLoption option, const char *value) {
    return easy_setopt()(easy, option, value);
}
CURLcode kiosk_curl_easy_set_pointer(CURL *easy, CURLoption option, void *value) {
    return easy_setopt()(easy, option, value);
}
CURLcode kiosk_curl_easy_set_headers(CURL *easy, struct curl_slist *headers) {
    return easy_setopt()(easy, CURLOPT_HTTPHEADER, headers);
}
CURLcode kiosk_curl_easy_set_write_function(CURL *easy, curl_write_callback callback) {
    return easy_setopt()(easy, CURLOPT_WRITEFUNCTION, callback);
}
CURLcode kiosk_curl_easy_get_long(CURL *easy, CURLINFO info, long *value) {
    return easy_getinfo()(easy, info, value);
}
CURLcode kiosk_curl_easy_get_string(CURL *easy, CURLINFO info, char **value) {
    return easy_getinfo()(easy, info, value);
}
CURLMcode kiosk_curl_multi_set_pointer(CURLM *multi, CURLMoption option, void *value) {
    return multi_setopt()(multi, option, value);
}
CURLMcode kiosk_curl_multi_set_socket_function(CURLM *multi, curl_socket_callback callback) {
    return multi_setopt()(multi, CURLMOPT_SOCKETFUNCTION, callback);
}
CURLMcode kiosk_curl_multi_set_timer_function(CURLM *multi, curl_multi_timer_callback callback) {
    return multi_setopt()(multi, CURLMOPT_TIMERFUNCTION, callback);
}
