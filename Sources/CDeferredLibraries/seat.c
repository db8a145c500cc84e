#include "deferred_symbol.h"
#include "../CSeat/shim.h"

/* Seat access through seatd or logind, on a display only. */
#define SEAT_FUNCTION(result, name, parameters, arguments) \
    KIOSK_DEFERRED(KIOSK_LIBRARY_SEAT, result, name, parameters, arguments)
#define SEAT_PROCEDURE(name, parameters, arguments) \
    KIOSK_DEFERRED_VOID(KIOSK_LIBRARY_SEAT, name, parameters, arguments)

SEAT_FUNCTION(int, libseat_close_device, (struct libseat *seat, int device_id), (seat, device_id))
SEAT_FUNCTION(int, libseat_close_seat, (struct libseat *seat), (seat))
SEAT_FUNCTION(int, libseat_disable_seat, (struct libseat *seat), (seat))
SEAT_FUNCTION(int, libseat_dispatch, (struct libseat *seat, int timeout), (seat, timeout))
SEAT_FUNCTION(int, libseat_get_fd, (struct libseat *seat), (seat))
SEAT_FUNCTION(int, libseat_open_device, (struct libseat *seat, const char *path, int *fd), (seat, path, fd))
SEAT_FUNCTION(struct libseat *, libseat_open_seat,
              (const struct libseat_seat_listener *listener, void *userdata),
              (listener, userdata))
SEAT_FUNCTION(const char *, libseat_seat_name, (struct libseat *seat), (seat))
SEAT_PROCEDURE(libseat_set_log_handler, (libseat_log_func handler), (handler))
SEAT_PROCEDURE(libseat_set_log_level, (enum libseat_log_level level), (level))
SEAT_FUNCTION(int, libseat_switch_session, (struct libseat *seat, int session), (seat, session))
