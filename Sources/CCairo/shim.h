#ifndef KIOSK_CCAIRO_SHIM_H
#define KIOSK_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#endif
