#ifndef KIOSK_CRSVG_SHIM_H
#define KIOSK_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#endif
