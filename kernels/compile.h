/*
 * compile - the compiler runs of `hsatrace kernels`: each rewritten source to an object, then
 * the objects and the device library to one shared object. The compiler is $HSATRACE_CXX,
 * else g++; it runs without a shell, its messages go to stderr as they are.
 */
#ifndef HSAT_KERNELS_COMPILE_H
#define HSAT_KERNELS_COMPILE_H

#include <stdbool.h>
#include <stddef.h>

struct compile_options {
	const char *include_dir;   /* the device header's folder */
	const char *device_library;/* libhsat-device.a */
	const char *const *user_flags; /* -I/-D/-O flags given to hsatrace kernels, in order */
	size_t user_flag_count;
	bool verbose;              /* print each command on stderr before running it */
};

/* Compiles the rewritten text of source (a .hip file) into object; false when the compiler
 * failed (it said why). */
bool compile_source(const struct compile_options *o, const char *source, const char *rewritten,
		    const char *object);

/* Links the objects and the device library into output; false when the linker failed. */
bool link_objects(const struct compile_options *o, const char *const *objects, size_t count,
		  const char *output);

#endif
