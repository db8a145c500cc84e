#ifndef KIOSK_CYAML_SHIM_H
#define KIOSK_CYAML_SHIM_H
#include <yaml.h>
#endif
