/*
 * ctf_clock - the clock of a CTF trace, read from its metadata file (plain text or
 * packetized, as LTTng writes it), to turn the clock values of LTTng's index into times.
 *
 *   ctf_clock_read(metadata_path, &clock)    0, or -1 when no clock block is readable
 *   ctf_clock_ns_from_origin(&clock, cycles) the time, in ns from the clock's origin (the
 *                                            Unix epoch for LTTng)
 */
#ifndef HSATRACE_ANALYSES_CTF_CLOCK_H
#define HSATRACE_ANALYSES_CTF_CLOCK_H

#include <stdint.h>

struct ctf_clock {
	uint64_t freq;		/* Hz */
	int64_t offset_s;	/* origin offset: offset_s seconds plus offset cycles */
	int64_t offset;
};

/* The metadata's TSDL text (packetized metadata unwrapped), NUL-terminated, to free; or
 * NULL when the file cannot be read. */
char *ctf_metadata_read_text(const char *metadata_path);

int ctf_clock_read(const char *metadata_path, struct ctf_clock *clock);
int64_t ctf_clock_ns_from_origin(const struct ctf_clock *clock, uint64_t cycles);

#endif /* HSATRACE_ANALYSES_CTF_CLOCK_H */
