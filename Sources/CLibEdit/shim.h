/* libedit's readline interface for the storebench prompt; only the executable links it. */
#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <editline/readline.h>

/* The thread that reads the prompt. Only clibedit_interrupt_reads_on_sigint sets it and only the
   handler it installs reads it, so both use the same copy of this function's static variable
   (Swift emits a header's static functions into the object file that calls them). */
static inline pthread_t *clibedit_reader(void) {
  static pthread_t reader;
  return &reader;
}

/* SIGINT goes to any thread of the process, and the thread reading the prompt is not always the
   main one (Swift's async main parks the main thread): pass it on to the reader, whose read() in
   readline() is then interrupted. pthread_self, pthread_equal and pthread_kill are
   async-signal-safe. */
static void clibedit_forward_sigint(int signal) {
  if (!pthread_equal(pthread_self(), *clibedit_reader())) {
    pthread_kill(*clibedit_reader(), signal);
  }
}

/* Makes Ctrl-C interrupt readline() on the calling thread: it returns NULL with errno EINTR, and
   the line is abandoned. The handler is installed without SA_RESTART, which signal() would set and
   which would resume the read, and SIGINT is unblocked on this thread (a dispatch worker thread,
   under Swift's async main, blocks it). Returns 0, or -1 with errno set. */
static inline int clibedit_interrupt_reads_on_sigint(void) {
  struct sigaction action;
  sigset_t interrupt;
  *clibedit_reader() = pthread_self();
  memset(&action, 0, sizeof action);
  action.sa_handler = clibedit_forward_sigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  if (sigaction(SIGINT, &action, NULL) != 0) {
    return -1;
  }
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  errno = pthread_sigmask(SIG_UNBLOCK, &interrupt, NULL);
  return errno == 0 ? 0 : -1;
}

#endif
