#include "deferred_symbol.h"
#include "../CUdev/shim.h"

/* Device discovery and hotplug, on a display only. */
#define UDEV_FUNCTION(result, name, parameters, arguments) \
    KIOSK_DEFERRED(KIOSK_LIBRARY_UDEV, result, name, parameters, arguments)

UDEV_FUNCTION(const char *, udev_device_get_action, (struct udev_device *udev_device), (udev_device))
UDEV_FUNCTION(const char *, udev_device_get_devnode, (struct udev_device *udev_device), (udev_device))
UDEV_FUNCTION(struct udev_list_entry *, udev_device_get_properties_list_entry,
              (struct udev_device *udev_device),
              (udev_device))
UDEV_FUNCTION(const char *, udev_device_get_sysattr_value,
              (struct udev_device *udev_device, const char *sysattr),
              (udev_device, sysattr))
UDEV_FUNCTION(const char *, udev_device_get_sysname, (struct udev_device *udev_device), (udev_device))
UDEV_FUNCTION(struct udev_device *, udev_device_new_from_syspath,
              (struct udev *udev, const char *syspath),
              (udev, syspath))
UDEV_FUNCTION(struct udev_device *, udev_device_unref, (struct udev_device *udev_device), (udev_device))
UDEV_FUNCTION(int, udev_enumerate_add_match_subsystem,
              (struct udev_enumerate *udev_enumerate, const char *subsystem),
              (udev_enumerate, subsystem))
UDEV_FUNCTION(struct udev_list_entry *, udev_enumerate_get_list_entry,
              (struct udev_enumerate *udev_enumerate),
              (udev_enumerate))
UDEV_FUNCTION(struct udev_enumerate *, udev_enumerate_new, (struct udev *udev), (udev))
UDEV_FUNCTION(int, udev_enumerate_scan_devices, (struct udev_enumerate *udev_enumerate), (udev_enumerate))
UDEV_FUNCTION(struct udev_enumerate *, udev_enumerate_unref, (struct udev_enumerate *udev_enumerate), (udev_enumerate))
UDEV_FUNCTION(const char *, udev_list_entry_get_name, (struct udev_list_entry *list_entry), (list_entry))
UDEV_FUNCTION(struct udev_list_entry *, udev_list_entry_get_next, (struct udev_list_entry *list_entry), (list_entry))
UDEV_FUNCTION(const char *, udev_list_entry_get_value, (struct udev_list_entry *list_entry), (list_entry))
UDEV_FUNCTION(int, udev_monitor_enable_receiving, (struct udev_monitor *udev_monitor), (udev_monitor))
UDEV_FUNCTION(int, udev_monitor_filter_add_match_subsystem_devtype,
              (struct udev_monitor *udev_monitor, const char *subsystem, const char *devtype),
              (udev_monitor, subsystem, devtype))
UDEV_FUNCTION(int, udev_monitor_get_fd, (struct udev_monitor *udev_monitor), (udev_monitor))
UDEV_FUNCTION(struct udev_monitor *, udev_monitor_new_from_netlink, (struct udev *udev, const char *name), (udev, name))
UDEV_FUNCTION(struct udev_device *, udev_monitor_receive_device, (struct udev_monitor *udev_monitor), (udev_monitor))
UDEV_FUNCTION(struct udev_monitor *, udev_monitor_unref, (struct udev_monitor *udev_monitor), (udev_monitor))
UDEV_FUNCTION(struct udev *, udev_new, (void), ())
UDEV_FUNCTION(struct udev *, udev_unref, (struct udev *udev), (udev))
