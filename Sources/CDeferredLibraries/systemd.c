#include "deferred_symbol.h"
#include "../CSystemd/shim.h"

/* logind's D-Bus API: only under systemd. (Readiness and the watchdog are datagrams the kiosk sends
   itself: Sources/KioskRuntime/Service/NotifySocket.swift; the log goes to the journal's stream on
   stderr: Sources/KioskRuntime/Service/Logger.swift.) */
#define SYSTEMD_FUNCTION(result, name, parameters, arguments) \
    KIOSK_DEFERRED(KIOSK_LIBRARY_SYSTEMD, result, name, parameters, arguments)
#define SYSTEMD_PROCEDURE(name, parameters, arguments) \
    KIOSK_DEFERRED_VOID(KIOSK_LIBRARY_SYSTEMD, name, parameters, arguments)

SYSTEMD_PROCEDURE(sd_bus_error_free, (sd_bus_error *e), (e))
SYSTEMD_FUNCTION(sd_bus *, sd_bus_flush_close_unref, (sd_bus *bus), (bus))
SYSTEMD_FUNCTION(int, sd_bus_open_system, (sd_bus **ret), (ret))

/* The variadic function, called through a pointer of its own variadic type. */
int kiosk_logind_set_brightness(sd_bus *bus, const char *session_path, const char *subsystem, const char *name,
                                uint32_t brightness, char *message, size_t message_size) {
    KIOSK_DEFERRED_LOOKUP(KIOSK_LIBRARY_SYSTEMD, __typeof__(&sd_bus_call_method), "sd_bus_call_method")
    sd_bus_error error = SD_BUS_ERROR_NULL;
    int r = function(bus, "org.freedesktop.login1", session_path, "org.freedesktop.login1.Session", "SetBrightness",
                     &error, NULL, "ssu", subsystem, name, brightness);
    if (r < 0 && message != NULL && message_size > 0)
        snprintf(message, message_size, "%s", error.message != NULL ? error.message : strerror(-r));
    sd_bus_error_free(&error);
    return r < 0 ? r : 0;
}
