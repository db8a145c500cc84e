#ifndef KIOSK_CLIBFUZZER_SHIM_H
#define KIOSK_CLIBFUZZER_SHIM_H
/* libFuzzer's driver, linked in by `-sanitize=fuzzer` (compiler-rt has no header for it). */
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif
