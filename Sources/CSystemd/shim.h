#ifndef KIOSK_CSYSTEMD_SHIM_H
#define KIOSK_CSYSTEMD_SHIM_H
#include <systemd/sd-daemon.h>
#include <systemd/sd-bus.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* sd_bus_message_append is variadic, which Swift cannot call: starts logind's
 * Session.SetBrightness(subsystem, name, value) without waiting for it. `callback` hears the reply,
 * or the error sd-bus makes once `timeout_usec` has passed or the bus has closed, from inside
 * sd_bus_process. Returns 0 or a negative errno. */
int kiosk_logind_set_brightness_async(sd_bus *bus, const char *session_path, const char *subsystem, const char *name,
                                      uint32_t brightness, uint64_t timeout_usec, sd_bus_message_handler_t callback,
                                      void *userdata);
#endif
