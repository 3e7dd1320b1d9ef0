#include "analyses/common/utf8.h"

static int continuation(unsigned char c)
{
	return (c & 0xC0) == 0x80;
}

size_t utf8_sequence_length(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xC2 && p[0] <= 0xDF)
		return continuation(p[1]) ? 2 : 0;
	if (p[0] >= 0xE0 && p[0] <= 0xEF) {
		if (!continuation(p[1]) || !continuation(p[2]))
			return 0;
		if ((p[0] == 0xE0 && p[1] < 0xA0) || (p[0] == 0xED && p[1] > 0x9F))
			return 0; /* overlong, or a surrogate */
		return 3;
	}
	if (p[0] >= 0xF0 && p[0] <= 0xF4) {
		if (!continuation(p[1]) || !continuation(p[2]) || !continuation(p[3]))
			return 0;
		if ((p[0] == 0xF0 && p[1] < 0x90) || (p[0] == 0xF4 && p[1] > 0x8F))
			return 0; /* overlong, or above U+10FFFF */
		return 4;
	}
	return 0;
}
