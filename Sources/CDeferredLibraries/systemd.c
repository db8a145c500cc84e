#include "deferred_symbol.h"
#include "../CSystemd/shim.h"

/* logind's D-Bus API: only under systemd. (Readiness and the watchdog are datagrams the kiosk sends
   itself: Sources/KioskRuntime/Service/NotifySocket.swift; the log goes to the journal's stream on
   stderr: Sources/KioskRuntime/Service/Logger.swift.) */
#define SYSTEMD_FUNCTION(result, name, parameters, arguments) \
    KIOSK_DEFERRED(KIOSK_LIBRARY_SYSTEMD, result, name, parameters, arguments)

SYSTEMD_FUNCTION(sd_bus *, sd_bus_close_unref, (sd_bus *bus), (bus))
SYSTEMD_FUNCTION(int, sd_bus_new, (sd_bus **ret), (ret))
SYSTEMD_FUNCTION(int, sd_bus_set_address, (sd_bus *bus, const char *address), (bus, address))
SYSTEMD_FUNCTION(int, sd_bus_set_bus_client, (sd_bus *bus, int b), (bus, b))
SYSTEMD_FUNCTION(int, sd_bus_start, (sd_bus *bus), (bus))
SYSTEMD_FUNCTION(int, sd_bus_get_fd, (sd_bus *bus), (bus))
SYSTEMD_FUNCTION(int, sd_bus_get_events, (sd_bus *bus), (bus))
SYSTEMD_FUNCTION(int, sd_bus_get_timeout, (sd_bus *bus, uint64_t *timeout_usec), (bus, timeout_usec))
SYSTEMD_FUNCTION(int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r))
SYSTEMD_FUNCTION(int, sd_bus_message_is_method_error, (sd_bus_message *m, const char *name), (m, name))
SYSTEMD_FUNCTION(const sd_bus_error *, sd_bus_message_get_error, (sd_bus_message *m), (m))
SYSTEMD_FUNCTION(int, sd_bus_message_new_method_call,
                 (sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface,
                  const char *member),
                 (bus, m, destination, path, interface, member))
SYSTEMD_FUNCTION(sd_bus_message *, sd_bus_message_unref, (sd_bus_message *m), (m))
SYSTEMD_FUNCTION(int, sd_bus_call_async,
                 (sd_bus *bus, sd_bus_slot **slot, sd_bus_message *m, sd_bus_message_handler_t callback, void *userdata,
                  uint64_t usec),
                 (bus, slot, m, callback, userdata, usec))

/* The variadic function, called through a pointer of its own variadic type. */
int kiosk_logind_set_brightness_async(sd_bus *bus, const char *session_path, const char *subsystem, const char *name,
                                      uint32_t brightness, uint64_t timeout_usec, sd_bus_message_handler_t callback,
                                      void *userdata) {
    KIOSK_DEFERRED_LOOKUP(KIOSK_LIBRARY_SYSTEMD, __typeof__(&sd_bus_message_append), "sd_bus_message_append")
    sd_bus_message *call = NULL;
    int r = sd_bus_message_new_method_call(bus, &call, "org.freedesktop.login1", session_path,
                                           "org.freedesktop.login1.Session", "SetBrightness");
    if (r >= 0)
        r = function(call, "ssu", subsystem, name, brightness);
    /* No slot: the call is the bus's until its callback has run. */
    if (r >= 0)
        r = sd_bus_call_async(bus, NULL, call, callback, userdata, timeout_usec);
    sd_bus_message_unref(call);
    return r < 0 ? r : 0;
}
