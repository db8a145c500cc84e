#ifndef KIOSK_CSYSTEMD_SHIM_H
#define KIOSK_CSYSTEMD_SHIM_H
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>

/* sd_journal_print is variadic, which Swift cannot call: log one preformatted message. */
static inline int kiosk_journal_print(int priority, const char *message) {
    return sd_journal_print(priority, "%s", message);
}
#endif
