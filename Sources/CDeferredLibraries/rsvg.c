#include "deferred_symbol.h"
#include <librsvg/rsvg.h>

#define RSVG_FUNCTION(result, name, parameters, arguments) \
    KIOSK_DEFERRED(KIOSK_LIBRARY_RSVG, result, name, parameters, arguments)

RSVG_FUNCTION(RsvgHandle *, rsvg_handle_new_from_data, (const guint8 *data, gsize length, GError **error),
              (data, length, error))
RSVG_FUNCTION(gboolean, rsvg_handle_get_intrinsic_size_in_pixels, (RsvgHandle *handle, gdouble *width, gdouble *height),
              (handle, width, height))
KIOSK_DEFERRED_VOID(KIOSK_LIBRARY_RSVG, rsvg_handle_get_intrinsic_dimensions,
                    (RsvgHandle *handle, gboolean *hasWidth, RsvgLength *width, gboolean *hasHeight, RsvgLength *height,
                     gboolean *hasViewBox, RsvgRectangle *viewBox),
                    (handle, hasWidth, width, hasHeight, height, hasViewBox, viewBox))
RSVG_FUNCTION(gboolean, rsvg_handle_render_document,
              (RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error), (handle, cr, viewport, error))
