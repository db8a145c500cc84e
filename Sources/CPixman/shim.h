#ifndef KIOSK_CPIXMAN_SHIM_H
#define KIOSK_CPIXMAN_SHIM_H
#include <pixman.h>
#endif
