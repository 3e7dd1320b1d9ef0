/*
 * decimal - integers as decimal text without printf, for the writers that print millions of
 * them (csv_field, json_writer, the Perfetto export's times): printf's format parsing cost
 * more than the rest of a CSV export's own work.
 *
 *   char buf[DECIMAL_MAX], *p = decimal_i64(buf + sizeof(buf), -42);
 *   fwrite(p, 1, (size_t)(buf + sizeof(buf) - p), out);     // "-42"
 */
#ifndef HSAT_COMMON_DECIMAL_H
#define HSAT_COMMON_DECIMAL_H

#include <stdint.h>

/* Enough for any int64/uint64 with its sign. */
#define DECIMAL_MAX 24

/* The digits of value, a minus sign first when negative, end at end; returns the start. */
static inline char *decimal_digits(char *end, uint64_t value, int negative)
{
	do {
		*--end = (char)('0' + value % 10);
		value /= 10;
	} while (value);
	if (negative)
		*--end = '-';
	return end;
}

static inline char *decimal_i64(char *end, int64_t value)
{
	return decimal_digits(end, value < 0 ? -(uint64_t)value : (uint64_t)value, value < 0);
}

static inline char *decimal_u64(char *end, uint64_t value)
{
	return decimal_digits(end, value, 0);
}

#endif
