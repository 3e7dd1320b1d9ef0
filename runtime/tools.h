/*
 * tools.h - HSA_TOOLS_LIB tool loading, as ROCr 5.2.3 does it (runtime.cpp LoadTools).
 */
#ifndef HSAT_TOOLS_H
#define HSAT_TOOLS_H

/* At the first hsa_init, after the agents exist: dlopen each tool, call its OnLoad. */
void hsat_tools_load(void);
/* At the last hsa_shut_down: each tool's OnUnload, in reverse load order. */
void hsat_tools_unload(void);
/* Then, after everything else is released: dlclose the tools. */
void hsat_tools_close(void);

#endif /* HSAT_TOOLS_H */
