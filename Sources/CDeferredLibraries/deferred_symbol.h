#ifndef KIOSK_DEFERRED_SYMBOL_H
#define KIOSK_DEFERRED_SYMBOL_H
#include "deferred_libraries.h"

/* The address of `name` in `library`, opening it first; ends the process when either is missing. */
void *kiosk_deferred_symbol(enum KioskDeferredLibrary library, const char *name);

/* Looks `symbol` up in `library` the first time, as `type`, into a local `function`. */
#define KIOSK_DEFERRED_LOOKUP(library, type, symbol) \
    static type resolved; \
    type function = __atomic_load_n(&resolved, __ATOMIC_ACQUIRE); \
    if (!function) { \
        function = (type)kiosk_deferred_symbol(library, symbol); \
        __atomic_store_n(&resolved, function, __ATOMIC_RELEASE); \
    }

/* Defines `name` with the library's signature (checked against its header's declaration): the first
 * call looks up the library's own function, every call goes on to it. The definitions are hidden,
 * so the library, once open, still binds its own calls to itself. */
#define KIOSK_DEFERRED(library, result, name, parameters, arguments) \
    __attribute__((visibility("hidden"))) result name parameters { \
        KIOSK_DEFERRED_LOOKUP(library, __typeof__(&name), #name) \
        return function arguments; \
    }

#define KIOSK_DEFERRED_VOID(library, name, parameters, arguments) \
    __attribute__((visibility("hidden"))) void name parameters { \
        KIOSK_DEFERRED_LOOKUP(library, __typeof__(&name), #name) \
        function arguments; \
    }

#endif
