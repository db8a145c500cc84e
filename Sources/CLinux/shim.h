#ifndef KIOSK_CLINUX_SHIM_H
#define KIOSK_CLINUX_SHIM_H
/* Linux event interfaces the Swift Glibc module leaves out: the loop is built on them. */
#include <signal.h>
#include <sys/epoll.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#endif
