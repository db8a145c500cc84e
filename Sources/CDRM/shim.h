#ifndef KIOSK_CDRM_SHIM_H
#define KIOSK_CDRM_SHIM_H
#include <stdint.h>
#include <string.h>
#include <errno.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

/* fourcc_code() is a function-like macro: re-export the formats KioskKit scans out. */
static const uint32_t kiosk_drm_format_xrgb8888 = DRM_FORMAT_XRGB8888;
static const uint32_t kiosk_drm_format_argb8888 = DRM_FORMAT_ARGB8888;

/* The dumb-buffer ioctl numbers are built by function-like macros (DRM_IOWR), which Swift cannot
   import; these wrappers return 0 or -errno. */
static inline int kiosk_drm_create_dumb(int fd, uint32_t width, uint32_t height, uint32_t bpp,
                                        uint32_t *handle, uint32_t *pitch, uint64_t *size) {
    struct drm_mode_create_dumb req;
    memset(&req, 0, sizeof req);
    req.width = width; req.height = height; req.bpp = bpp;
    if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &req) != 0) return -errno;
    *handle = req.handle; *pitch = req.pitch; *size = req.size;
    return 0;
}

static inline int kiosk_drm_map_dumb(int fd, uint32_t handle, uint64_t *offset) {
    struct drm_mode_map_dumb req;
    memset(&req, 0, sizeof req);
    req.handle = handle;
    if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &req) != 0) return -errno;
    *offset = req.offset;
    return 0;
}

static inline int kiosk_drm_destroy_dumb(int fd, uint32_t handle) {
    struct drm_mode_destroy_dumb req;
    memset(&req, 0, sizeof req);
    req.handle = handle;
    return drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &req) != 0 ? -errno : 0;
}

/* errno is a macro over a thread-local; Swift reads it through this. */
static inline int kiosk_drm_errno(void) { return errno; }
#endif
