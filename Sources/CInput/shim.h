#ifndef KIOSK_CINPUT_SHIM_H
#define KIOSK_CINPUT_SHIM_H
#include <libinput.h>
#include <linux/input-event-codes.h>
#endif
