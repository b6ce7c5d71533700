/* libedit's readline interface for the storebench prompt; only the executable links it. */
#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H

#include <stdio.h>
#include <editline/readline.h>

#endif
