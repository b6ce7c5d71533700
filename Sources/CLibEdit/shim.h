/* libedit's readline interface for the storebench prompt; only the executable links it. */
#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <editline/readline.h>

/* The thread that reads the prompt. Swift emits a header's static functions into the object file
   that calls them, so every function here must be called from one Swift file
   (Sources/storebench/Interrupts.swift) for all of them to share one copy of each static variable. */
static inline pthread_t *clibedit_reader(void) {
  static pthread_t reader;
  return &reader;
}

/* Set by the SIGINT handler, cleared by clibedit_clear_interrupt: long commands poll it and stop at
   the next safe point. */
static inline volatile sig_atomic_t *clibedit_interrupt_flag(void) {
  static volatile sig_atomic_t flag;
  return &flag;
}

/* Whether a thread reads the prompt (clibedit_interrupt_reads_on_sigint was called). */
static inline volatile sig_atomic_t *clibedit_has_reader(void) {
  static volatile sig_atomic_t has_reader;
  return &has_reader;
}

/* Records the interrupt, then, since SIGINT goes to any thread of the process and the thread
   reading the prompt is not always the main one (Swift's async main parks the main thread),
   passes it on to the reader, whose read() in readline() is then interrupted. pthread_self,
   pthread_equal and pthread_kill are async-signal-safe. */
static void clibedit_on_sigint(int signal) {
  *clibedit_interrupt_flag() = 1;
  if (*clibedit_has_reader() && !pthread_equal(pthread_self(), *clibedit_reader())) {
    pthread_kill(*clibedit_reader(), signal);
  }
}

/* Catches SIGINT with clibedit_on_sigint instead of ending the process. The handler is installed
   without SA_RESTART, which signal() would set and which would resume an interrupted read.
   Returns 0, or -1 with errno set. */
static inline int clibedit_catch_sigint(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = clibedit_on_sigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  return sigaction(SIGINT, &action, NULL);
}

/* Makes Ctrl-C interrupt readline() on the calling thread: it returns NULL with errno EINTR, and
   the line is abandoned. SIGINT is unblocked on this thread (a dispatch worker thread, under
   Swift's async main, blocks it). Returns 0, or -1 with errno set. */
static inline int clibedit_interrupt_reads_on_sigint(void) {
  sigset_t interrupt;
  *clibedit_reader() = pthread_self();
  *clibedit_has_reader() = 1;
  if (clibedit_catch_sigint() != 0) {
    return -1;
  }
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  errno = pthread_sigmask(SIG_UNBLOCK, &interrupt, NULL);
  return errno == 0 ? 0 : -1;
}

/* Whether Ctrl-C was pressed since the flag was last cleared. */
static inline int clibedit_interrupt_requested(void) {
  return *clibedit_interrupt_flag() != 0;
}

/* Forgets an earlier Ctrl-C. */
static inline void clibedit_clear_interrupt(void) {
  *clibedit_interrupt_flag() = 0;
}

#endif
