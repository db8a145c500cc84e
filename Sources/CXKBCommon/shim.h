#ifndef KIOSK_CXKBCOMMON_SHIM_H
#define KIOSK_CXKBCOMMON_SHIM_H
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-keysyms.h>
#include <xkbcommon/xkbcommon-compose.h>
#endif
