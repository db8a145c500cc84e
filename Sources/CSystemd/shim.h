#ifndef KIOSK_CSYSTEMD_SHIM_H
#define KIOSK_CSYSTEMD_SHIM_H
#include <systemd/sd-daemon.h>
#include <systemd/sd-bus.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* sd_bus_call_method is variadic, which Swift cannot call: call logind's Session.SetBrightness(subsystem, name, value).
 * Returns 0 or a negative errno; on failure the D-Bus error text is copied into message. */
int kiosk_logind_set_brightness(sd_bus *bus, const char *session_path, const char *subsystem, const char *name,
                                uint32_t brightness, char *message, size_t message_size);
#endif
