#ifndef KIOSK_CTURBOJPEG_SHIM_H
#define KIOSK_CTURBOJPEG_SHIM_H
/* The TurboJPEG API reports a corrupt file as an error code; libjpeg's default error handler
   would call exit(). */
#include <turbojpeg.h>
#endif
