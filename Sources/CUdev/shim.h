#ifndef KIOSK_CUDEV_SHIM_H
#define KIOSK_CUDEV_SHIM_H
#include <libudev.h>
#endif
