#include "deferred_symbol.h"
#include "../CVNCServer/shim.h"

#define VNC_FUNCTION(result, name, parameters, arguments) \
    KIOSK_DEFERRED(KIOSK_LIBRARY_VNCSERVER, result, name, parameters, arguments)
#define VNC_PROCEDURE(name, parameters, arguments) \
    KIOSK_DEFERRED_VOID(KIOSK_LIBRARY_VNCSERVER, name, parameters, arguments)

VNC_FUNCTION(rfbScreenInfoPtr, rfbGetScreen,
             (int *argc, char **argv, int width, int height, int bitsPerSample, int samplesPerPixel, int bytesPerPixel),
             (argc, argv, width, height, bitsPerSample, samplesPerPixel, bytesPerPixel))
VNC_PROCEDURE(rfbInitServerWithPthreadsAndZRLE, (rfbScreenInfoPtr screen), (screen))
VNC_PROCEDURE(rfbRunEventLoop, (rfbScreenInfoPtr screen, long usec, rfbBool runInBackground), (screen, usec, runInBackground))
VNC_PROCEDURE(rfbMarkRectAsModified, (rfbScreenInfoPtr screen, int x1, int y1, int x2, int y2), (screen, x1, y1, x2, y2))
VNC_PROCEDURE(rfbShutdownServer, (rfbScreenInfoPtr screen, rfbBool disconnectClients), (screen, disconnectClients))
VNC_PROCEDURE(rfbScreenCleanup, (rfbScreenInfoPtr screen), (screen))
VNC_FUNCTION(rfbBool, rfbCheckPasswordByList, (rfbClientPtr client, const char *response, int length),
             (client, response, length))

void kiosk_vnc_set_loggers(rfbLogProc log, rfbLogProc err) {
    *(rfbLogProc *)kiosk_deferred_symbol(KIOSK_LIBRARY_VNCSERVER, "rfbLog") = log;
    *(rfbLogProc *)kiosk_deferred_symbol(KIOSK_LIBRARY_VNCSERVER, "rfbErr") = err;
}
