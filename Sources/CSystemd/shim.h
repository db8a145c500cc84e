#ifndef KIOSK_CSYSTEMD_SHIM_H
#define KIOSK_CSYSTEMD_SHIM_H
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>
#include <systemd/sd-bus.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* sd_journal_print is variadic, which Swift cannot call: log one preformatted message. */
static inline int kiosk_journal_print(int priority, const char *message) {
    return sd_journal_print(priority, "%s", message);
}
/* sd_bus_call_method is variadic too: call logind's Session.SetBrightness(subsystem, name, value).
 * Returns 0 or a negative errno; on failure the D-Bus error text is copied into message. */
static inline int kiosk_logind_set_brightness(sd_bus *bus, const char *session_path, const char *subsystem,
                                              const char *name, uint32_t brightness,
                                              char *message, size_t message_size) {
    sd_bus_error error = SD_BUS_ERROR_NULL;
    int r = sd_bus_call_method(bus, "org.freedesktop.login1", session_path, "org.freedesktop.login1.Session",
                               "SetBrightness", &error, NULL, "ssu", subsystem, name, brightness);
    if (r < 0 && message != NULL && message_size > 0)
        snprintf(message, message_size, "%s", error.message != NULL ? error.message : strerror(-r));
    sd_bus_error_free(&error);
    return r < 0 ? r : 0;
}
#endif
