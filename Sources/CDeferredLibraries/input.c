#include "deferred_symbol.h"
#include "../CInput/shim.h"

/* Touchscreens, pointers, pens and keyboards, on a display only: the headless kiosk never opens libinput. */
#define INPUT_FUNCTION(result, name, parameters, arguments) \
    KIOSK_DEFERRED(KIOSK_LIBRARY_INPUT, result, name, parameters, arguments)
#define INPUT_PROCEDURE(name, parameters, arguments) \
    KIOSK_DEFERRED_VOID(KIOSK_LIBRARY_INPUT, name, parameters, arguments)

INPUT_FUNCTION(const char *, libinput_device_get_name, (struct libinput_device *device), (device))
INPUT_FUNCTION(const char *, libinput_device_get_sysname, (struct libinput_device *device), (device))
INPUT_FUNCTION(int, libinput_device_has_capability,
               (struct libinput_device *device, enum libinput_device_capability capability),
               (device, capability))
INPUT_FUNCTION(int, libinput_device_keyboard_has_key, (struct libinput_device *device, uint32_t code), (device, code))
INPUT_FUNCTION(int, libinput_dispatch, (struct libinput *libinput), (libinput))
INPUT_PROCEDURE(libinput_event_destroy, (struct libinput_event *event), (event))
INPUT_FUNCTION(struct libinput_device *, libinput_event_get_device, (struct libinput_event *event), (event))
INPUT_FUNCTION(struct libinput_event_keyboard *, libinput_event_get_keyboard_event,
               (struct libinput_event *event),
               (event))
INPUT_FUNCTION(struct libinput_event_pointer *, libinput_event_get_pointer_event,
               (struct libinput_event *event),
               (event))
INPUT_FUNCTION(struct libinput_event_tablet_tool *, libinput_event_get_tablet_tool_event,
               (struct libinput_event *event),
               (event))
INPUT_FUNCTION(struct libinput_event_touch *, libinput_event_get_touch_event, (struct libinput_event *event), (event))
INPUT_FUNCTION(enum libinput_event_type, libinput_event_get_type, (struct libinput_event *event), (event))
INPUT_FUNCTION(uint32_t, libinput_event_keyboard_get_key, (struct libinput_event_keyboard *event), (event))
INPUT_FUNCTION(enum libinput_key_state, libinput_event_keyboard_get_key_state,
               (struct libinput_event_keyboard *event),
               (event))
INPUT_FUNCTION(uint64_t, libinput_event_keyboard_get_time_usec, (struct libinput_event_keyboard *event), (event))
INPUT_FUNCTION(double, libinput_event_pointer_get_absolute_x_transformed,
               (struct libinput_event_pointer *event, uint32_t width),
               (event, width))
INPUT_FUNCTION(double, libinput_event_pointer_get_absolute_y_transformed,
               (struct libinput_event_pointer *event, uint32_t height),
               (event, height))
INPUT_FUNCTION(uint32_t, libinput_event_pointer_get_button, (struct libinput_event_pointer *event), (event))
INPUT_FUNCTION(enum libinput_button_state, libinput_event_pointer_get_button_state,
               (struct libinput_event_pointer *event),
               (event))
INPUT_FUNCTION(double, libinput_event_pointer_get_dx, (struct libinput_event_pointer *event), (event))
INPUT_FUNCTION(double, libinput_event_pointer_get_dy, (struct libinput_event_pointer *event), (event))
INPUT_FUNCTION(uint64_t, libinput_event_pointer_get_time_usec, (struct libinput_event_pointer *event), (event))
INPUT_FUNCTION(uint64_t, libinput_event_tablet_tool_get_time_usec, (struct libinput_event_tablet_tool *event), (event))
INPUT_FUNCTION(enum libinput_tablet_tool_tip_state, libinput_event_tablet_tool_get_tip_state,
               (struct libinput_event_tablet_tool *event),
               (event))
INPUT_FUNCTION(double, libinput_event_tablet_tool_get_x_transformed,
               (struct libinput_event_tablet_tool *event, uint32_t width),
               (event, width))
INPUT_FUNCTION(double, libinput_event_tablet_tool_get_y_transformed,
               (struct libinput_event_tablet_tool *event, uint32_t height),
               (event, height))
INPUT_FUNCTION(int32_t, libinput_event_touch_get_seat_slot, (struct libinput_event_touch *event), (event))
INPUT_FUNCTION(uint64_t, libinput_event_touch_get_time_usec, (struct libinput_event_touch *event), (event))
INPUT_FUNCTION(double, libinput_event_touch_get_x_transformed,
               (struct libinput_event_touch *event, uint32_t width),
               (event, width))
INPUT_FUNCTION(double, libinput_event_touch_get_y_transformed,
               (struct libinput_event_touch *event, uint32_t height),
               (event, height))
INPUT_FUNCTION(struct libinput_event *, libinput_get_event, (struct libinput *libinput), (libinput))
INPUT_FUNCTION(int, libinput_get_fd, (struct libinput *libinput), (libinput))
INPUT_FUNCTION(struct libinput_device *, libinput_path_add_device,
               (struct libinput *libinput, const char *path),
               (libinput, path))
INPUT_FUNCTION(struct libinput *, libinput_path_create_context,
               (const struct libinput_interface *interface, void *user_data),
               (interface, user_data))
INPUT_FUNCTION(int, libinput_resume, (struct libinput *libinput), (libinput))
INPUT_PROCEDURE(libinput_suspend, (struct libinput *libinput), (libinput))
INPUT_FUNCTION(int, libinput_udev_assign_seat, (struct libinput *libinput, const char *seat_id), (libinput, seat_id))
INPUT_FUNCTION(struct libinput *, libinput_udev_create_context,
               (const struct libinput_interface *interface, void *user_data, struct udev *udev),
               (interface, user_data, udev))
INPUT_FUNCTION(struct libinput *, libinput_unref, (struct libinput *libinput), (libinput))
