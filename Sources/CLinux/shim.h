#ifndef KIOSK_CLINUX_SHIM_H
#define KIOSK_CLINUX_SHIM_H
/* Linux event interfaces the Swift Glibc module leaves out: the loop is built on them. */
#include <signal.h>
#include <sys/epoll.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <stdio.h>
#include <spawn.h>
#include <sys/pidfd.h>

/* stdout is a C global that Swift 6 will not touch from Swift code (shared mutable state). */
static inline void kiosk_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

/* The user id of the process at the other end of a Unix socket (SO_PEERCRED). struct ucred needs
   _GNU_SOURCE, which the Swift Glibc module leaves undefined; this has the same layout. */
struct kiosk_peer_credentials { int pid; unsigned int uid; unsigned int gid; };
static inline int kiosk_peer_user_id(int fd, unsigned int *uid) {
    struct kiosk_peer_credentials credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *uid = credentials.uid;
    return 0;
}

/* glibc (2.34 and later) has these behind _GNU_SOURCE, which the Swift Glibc module leaves undefined:
   a program a source runs starts in the config's directory and inherits no descriptor but 0, 1, 2. */
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *__restrict actions,
                                                const char *__restrict path);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/* Pseudo-terminals, which glibc declares only for _XOPEN_SOURCE: the writers' tests stand in for a
   terminal on hold with one. */
extern int posix_openpt(int flags);
extern int grantpt(int fd);
extern int unlockpt(int fd);
extern char *ptsname(int fd);

/* The environment a spawned program inherits (`environ` is a C global Swift 6 will not touch). */
static inline char *const *kiosk_environment(void) { extern char **environ; return environ; }
#endif
