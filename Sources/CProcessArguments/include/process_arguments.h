#ifndef KIOSK_PROCESS_ARGUMENTS_H
#define KIOSK_PROCESS_ARGUMENTS_H

/* The program's arguments, as the C library handed them to the program's initializers before
 * `main`: the count, and the vector (NULL before the initializers ran). */
int kiosk_argument_count(void);
char **kiosk_argument_vector(void);

#endif
