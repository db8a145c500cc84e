#include "deferred_symbol.h"
#include "../CTurboJPEG/shim.h"

#define TURBOJPEG_FUNCTION(result, name, parameters, arguments) \
    KIOSK_DEFERRED(KIOSK_LIBRARY_TURBOJPEG, result, name, parameters, arguments)

TURBOJPEG_FUNCTION(tjhandle, tjInitDecompress, (void), ())
TURBOJPEG_FUNCTION(int, tjDestroy, (tjhandle handle), (handle))
TURBOJPEG_FUNCTION(int, tjDecompressHeader3,
                   (tjhandle handle, const unsigned char *jpeg, unsigned long size, int *width, int *height,
                    int *subsampling, int *colorspace),
                   (handle, jpeg, size, width, height, subsampling, colorspace))
TURBOJPEG_FUNCTION(int, tjDecompress2,
                   (tjhandle handle, const unsigned char *jpeg, unsigned long size, unsigned char *pixels, int width,
                    int pitch, int height, int format, int flags),
                   (handle, jpeg, size, pixels, width, pitch, height, format, flags))
TURBOJPEG_FUNCTION(char *, tjGetErrorStr2, (tjhandle handle), (handle))
