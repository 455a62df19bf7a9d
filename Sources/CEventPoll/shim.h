// epoll(7), which Glibc's Swift module map leaves out. Linux only: on macOS
// the server uses kqueue(2) from Darwin.
#ifndef HABITS_CEVENTPOLL_SHIM_H
#define HABITS_CEVENTPOLL_SHIM_H
#if defined(__linux__)
#include <sys/epoll.h>
#endif
#endif
