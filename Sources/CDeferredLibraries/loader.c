#include "deferred_symbol.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The sonames the kiosk is built against (the packages' Depends name the same). */
static const char *const sonames[] = {
    [KIOSK_LIBRARY_CURL] = "libcurl.so.4",
    [KIOSK_LIBRARY_RSVG] = "librsvg-2.so.2",
    [KIOSK_LIBRARY_VNCSERVER] = "libvncserver.so.1",
    [KIOSK_LIBRARY_MOSQUITTO] = "libmosquitto.so.1",
    [KIOSK_LIBRARY_QRENCODE] = "libqrencode.so.4",
    [KIOSK_LIBRARY_TURBOJPEG] = "libturbojpeg.so.0",
    [KIOSK_LIBRARY_INPUT] = "libinput.so.10",
    [KIOSK_LIBRARY_UDEV] = "libudev.so.1",
    [KIOSK_LIBRARY_SEAT] = "libseat.so.1",
    [KIOSK_LIBRARY_XKBCOMMON] = "libxkbcommon.so.0",
    [KIOSK_LIBRARY_SYSTEMD] = "libsystemd.so.0",
};
#define LIBRARY_COUNT (sizeof sonames / sizeof sonames[0])

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *handles[LIBRARY_COUNT];
static char *failures[LIBRARY_COUNT];

const char *kiosk_library_load(enum KioskDeferredLibrary library) {
    if ((unsigned)library >= LIBRARY_COUNT) return "no such library";
    pthread_mutex_lock(&lock);
    if (!handles[library] && !failures[library]) {
        handles[library] = dlopen(sonames[library], RTLD_NOW | RTLD_LOCAL);
        if (!handles[library]) {
            const char *reason = dlerror();
            failures[library] = strdup(reason ? reason : sonames[library]);
            if (!failures[library]) failures[library] = (char *)sonames[library];
        }
    }
    const char *failure = failures[library];
    pthread_mutex_unlock(&lock);
    return failure;
}

int kiosk_library_is_loaded(enum KioskDeferredLibrary library) {
    if ((unsigned)library >= LIBRARY_COUNT) return 0;
    pthread_mutex_lock(&lock);
    int loaded = handles[library] != NULL;
    pthread_mutex_unlock(&lock);
    return loaded;
}

void *kiosk_deferred_symbol(enum KioskDeferredLibrary library, const char *name) {
    const char *failure = kiosk_library_load(library);
    if (failure) {
        fprintf(stderr, "kiosk: %s is needed for %s and cannot be opened: %s\n", sonames[library], name, failure);
        abort();
    }
    pthread_mutex_lock(&lock);
    void *symbol = dlsym(handles[library], name);
    pthread_mutex_unlock(&lock);
    if (!symbol) {
        fprintf(stderr, "kiosk: %s has no %s (a different version than the kiosk was built for?)\n", sonames[library], name);
        abort();
    }
    return symbol;
}
