#ifndef KIOSK_CPANGOCAIRO_SHIM_H
#define KIOSK_CPANGOCAIRO_SHIM_H
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

/* PANGO_PIXELS and friends are function-like macros, which Swift cannot import. */
static inline int kiosk_pango_pixels(int units) { return PANGO_PIXELS(units); }
static inline int kiosk_pango_pixels_ceil(int units) { return PANGO_PIXELS_CEIL(units); }
static inline void kiosk_g_object_unref(void *object) { g_object_unref(object); }
#endif
