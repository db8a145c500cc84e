#include "process_arguments.h"

static int argument_count;
static char **argument_vector;

/* glibc calls each function of .init_array with main's argc, argv and envp. The Swift standard
 * library has no such hook on Linux: it finds argv by reading all of /proc/self/maps, a line for
 * each mapping of the forty-odd libraries, before `main` (a twentieth of a `kiosk ctl`). */
__attribute__((constructor)) static void capture_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    argument_count = argc;
    argument_vector = argv;
}

int kiosk_argument_count(void) { return argument_count; }

char **kiosk_argument_vector(void) { return argument_vector; }
