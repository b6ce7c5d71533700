/* Ctrl-C for the storebench executable: a SIGINT handler that records the interrupt in one atomic
   flag (defined once, in interrupts.c, so that every caller in every build reads the same flag)
   and passes the signal on to the thread reading the prompt. */
#ifndef CINTERRUPTS_H
#define CINTERRUPTS_H

/* Catches SIGINT instead of ending the process. Returns 0, or -1 with errno set. */
int storebench_catch_sigint(void);

/* Catches SIGINT and makes it interrupt a read (readline) on the calling thread, which then
   returns with EINTR. Returns 0, or -1 with errno set. */
int storebench_interrupt_reads_on_sigint(void);

/* Whether Ctrl-C was pressed since the flag was last cleared. */
int storebench_interrupt_requested(void);

/* Forgets an earlier Ctrl-C. */
void storebench_clear_interrupt(void);

/* Ignores SIGINT while another program (a pager) owns the terminal, keeping what handled it before.
   Returns 0, or -1 with errno set. */
int storebench_ignore_sigint(void);

/* Puts back how SIGINT was handled before storebench_ignore_sigint. Returns 0, or -1 with errno
   set. */
int storebench_restore_sigint(void);

#endif
