#ifndef KIOSK_DEFERRED_LIBRARIES_H
#define KIOSK_DEFERRED_LIBRARIES_H

/* The C libraries a kiosk needs only for some features (HTTP sources, MQTT, the remote view, SVG,
 * JPEG and QR images), or only on a display (libinput, udev, libseat), for a keyboard
 * (xkbcommon), or under systemd. The kiosk binary does not name them as needed: the dynamic loader
 * would map and relocate them, and the libraries they pull in (TLS, GIO, Kerberos, libwacom,
 * libgcrypt...), at every start. They are opened on first use instead; their functions are defined
 * here with the libraries' own names and signatures, each looking up the real one once. */

enum KioskDeferredLibrary {
    KIOSK_LIBRARY_CURL,
    KIOSK_LIBRARY_RSVG,
    KIOSK_LIBRARY_VNCSERVER,
    KIOSK_LIBRARY_MOSQUITTO,
    KIOSK_LIBRARY_QRENCODE,
    KIOSK_LIBRARY_TURBOJPEG,
    KIOSK_LIBRARY_INPUT,
    KIOSK_LIBRARY_UDEV,
    KIOSK_LIBRARY_SEAT,
    KIOSK_LIBRARY_XKBCOMMON,
    KIOSK_LIBRARY_SYSTEMD,
};

/* Opens `library` if it is not open yet. Returns NULL when it is open, else why it could not be
 * (the loader's message, kept for the life of the process). Call it before a feature's first call
 * into its library: a function called while its library cannot be opened ends the process with
 * that message, as the dynamic loader would have at start. Safe from any thread. */
const char *kiosk_library_load(enum KioskDeferredLibrary library);

/* Whether `library` is open (a test checks that starting does not open any). */
int kiosk_library_is_loaded(enum KioskDeferredLibrary library);

#endif
