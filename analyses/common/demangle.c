#include "analyses/common/demangle.h"

#include <libiberty/demangle.h>
#include <string.h>

char *demangle_symbol(const char *name)
{
	if (!name || strncmp(name, "_Z", 2) != 0)
		return NULL;
	return cplus_demangle(name, DMGL_PARAMS | DMGL_ANSI);
}
