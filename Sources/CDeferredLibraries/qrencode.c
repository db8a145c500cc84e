#include "deferred_symbol.h"
#include "../CQREncode/shim.h"

KIOSK_DEFERRED(KIOSK_LIBRARY_QRENCODE, QRcode *, QRcode_encodeString,
               (const char *text, int version, QRecLevel level, QRencodeMode mode, int caseSensitive),
               (text, version, level, mode, caseSensitive))
KIOSK_DEFERRED(KIOSK_LIBRARY_QRENCODE, QRcode *, QRcode_encodeData,
               (int size, const unsigned char *data, int version, QRecLevel level), (size, data, version, level))
KIOSK_DEFERRED_VOID(KIOSK_LIBRARY_QRENCODE, QRcode_free, (QRcode *symbol), (symbol))
