#ifndef KIOSK_CRSVG_SHIM_H
#define KIOSK_CRSVG_SHIM_H
/* The part of librsvg's API the kiosk uses, as librsvg.so.2 defines it (CDeferredLibraries/rsvg.c
 * defines these against librsvg's own header and opens the library on first use). Declared here
 * rather than included, so that building needs neither librsvg's include directories nor its
 * pkg-config flags, which would link it. GLib and cairo come with pangocairo. */
#include <cairo.h>
#include <glib-object.h>

typedef struct _RsvgHandle RsvgHandle;

/* librsvg's RsvgRectangle: a viewport or viewBox in user units. */
typedef struct _RsvgRectangle {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, gdouble *out_width, gdouble *out_height);
/* The lengths (RsvgLength) are not read by the kiosk: it passes NULL for them. */
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *out_has_width, void *out_width,
                                          gboolean *out_has_height, void *out_height, gboolean *out_has_viewbox,
                                          RsvgRectangle *out_viewbox);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
#endif
