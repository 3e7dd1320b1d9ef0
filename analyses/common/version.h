#ifndef HSATRACE_COMMON_VERSION_H
#define HSATRACE_COMMON_VERSION_H
/* The release version of hsatrace (the event schema has its own version, in tracer/). */
#define HSATRACE_VERSION "0.1.0"
#endif
