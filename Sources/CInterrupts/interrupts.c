#include "cinterrupts.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

/* Set by the handler, read by long commands at their safe points. A lock-free atomic: storing it is
   async-signal-safe, and no optimizer may keep a stale copy in a register. */
static atomic_int interrupt_flag;
/* The thread that reads the prompt, once one does. */
static pthread_t reader;
static atomic_int has_reader;

/* Records the interrupt, then, since SIGINT goes to any thread of the process and the thread
   reading the prompt is not always the main one (Swift's async main parks the main thread),
   passes it on to the reader, whose read() in readline() is then interrupted. pthread_self,
   pthread_equal and pthread_kill are async-signal-safe. */
static void on_sigint(int signal) {
  atomic_store(&interrupt_flag, 1);
  if (atomic_load(&has_reader) && !pthread_equal(pthread_self(), reader)) {
    pthread_kill(reader, signal);
  }
}

/* Installed without SA_RESTART, which signal() would set and which would resume an interrupted
   read. */
int storebench_catch_sigint(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_sigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  return sigaction(SIGINT, &action, NULL);
}

/* SIGINT is unblocked on this thread (a dispatch worker thread, under Swift's async main, blocks
   it). */
int storebench_interrupt_reads_on_sigint(void) {
  sigset_t interrupt;
  reader = pthread_self();
  atomic_store(&has_reader, 1);
  if (storebench_catch_sigint() != 0) {
    return -1;
  }
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  errno = pthread_sigmask(SIG_UNBLOCK, &interrupt, NULL);
  return errno == 0 ? 0 : -1;
}

int storebench_interrupt_requested(void) {
  return atomic_load(&interrupt_flag) != 0;
}

void storebench_clear_interrupt(void) {
  atomic_store(&interrupt_flag, 0);
}

/* What handled SIGINT before storebench_ignore_sigint; only the thread running a pager touches it. */
static struct sigaction before_ignoring;

int storebench_ignore_sigint(void) {
  struct sigaction ignore;
  memset(&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  return sigaction(SIGINT, &ignore, &before_ignoring);
}

int storebench_restore_sigint(void) {
  return sigaction(SIGINT, &before_ignoring, NULL);
}
