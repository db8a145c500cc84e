#ifndef KIOSK_CDRM_SHIM_H
#define KIOSK_CDRM_SHIM_H
#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

/* fourcc_code() is a function-like macro: re-export the formats KioskKit scans out. */
static const uint32_t kiosk_drm_format_xrgb8888 = DRM_FORMAT_XRGB8888;
static const uint32_t kiosk_drm_format_argb8888 = DRM_FORMAT_ARGB8888;
#endif
