/*
 * number_option.h - a numeric option's value, parsed strictly: the whole string is decimal
 * digits (no sign, no space, nothing after them) and the number lies in [min, max].
 *
 *	unsigned long passes;
 *	if (cmd_parse_number(optarg, 1, 64, &passes) != 0)
 *		return cmd_usage_error("record", "bad --passes '%s' (1 to 64)", optarg);
 *
 * atoi and unchecked strtol accept "2abc" as 2 and "x" as 0; this refuses both.
 */
#ifndef HSATRACE_CMDLINE_NUMBER_OPTION_H
#define HSATRACE_CMDLINE_NUMBER_OPTION_H

#include <errno.h>
#include <stdlib.h>

/* 0 and *out set, or -1 (*out untouched) when s is not a whole number in [min, max]. */
static inline int cmd_parse_number(const char *s, unsigned long min, unsigned long max,
				   unsigned long *out)
{
	char *end;
	unsigned long v;

	if (*s < '0' || *s > '9')	/* strtoul would skip spaces and take a sign */
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

#endif
