#ifndef KIOSK_CSEAT_SHIM_H
#define KIOSK_CSEAT_SHIM_H
#include <libseat.h>
#endif
