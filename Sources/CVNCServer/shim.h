#ifndef KIOSK_CVNCSERVER_SHIM_H
#define KIOSK_CVNCSERVER_SHIM_H
#include <rfb/rfb.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/eventfd.h>
/* rfbScreenInfo::listenInterface is an in_addr_t in network byte order; inet_addr gives one. */
#include <arpa/inet.h>

/* rfbInitServer is a macro naming the variant the library was built as (threads, ZRLE). */
static inline void kiosk_rfb_init_server(rfbScreenInfoPtr screen) {
    rfbInitServer(screen);
}

/* libvncserver logs through two variadic function pointers, which Swift can neither call nor
 * implement: these format each message and hand the line to kiosk_vnc_log_sink, which the kiosk
 * defines (in Swift, with @_cdecl). */
void kiosk_vnc_log_sink(int is_error, const char *line);

static inline void kiosk_vnc_log_line(int is_error, const char *format, va_list arguments) {
    char line[512];
    vsnprintf(line, sizeof line, format, arguments);
    kiosk_vnc_log_sink(is_error, line);
}
static inline void kiosk_vnc_log(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    kiosk_vnc_log_line(0, format, arguments);
    va_end(arguments);
}
static inline void kiosk_vnc_err(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    kiosk_vnc_log_line(1, format, arguments);
    va_end(arguments);
}
/* Points libvncserver's rfbLog and rfbErr at `log` and `err`: variables of the library, which is
 * opened on first use (CDeferredLibraries/vncserver.c). */
void kiosk_vnc_set_loggers(rfbLogProc log, rfbLogProc err);
static inline void kiosk_vnc_route_logs(void) {
    kiosk_vnc_set_loggers(kiosk_vnc_log, kiosk_vnc_err);
}
#endif
