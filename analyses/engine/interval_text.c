/* interval_text.c - see interval_text.h. */
#include "analyses/engine/interval_text.h"

#include <string.h>

static const char digit_pairs[] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

void itext_set(struct itext *t, const char *s)
{
	t->s = s;
	t->len = strlen(s);
	t->needs_escape = s[strcspn(s, "\t\n\\")] != '\0';
}

/* x in decimal, without leading zeros, at p; returns the end. 32-bit arithmetic. */
static char *put_u32(char *p, uint32_t x)
{
	char tmp[10], *t = tmp + sizeof(tmp);
	size_t n;

	while (x >= 100) {
		unsigned d = (x % 100) * 2;

		x /= 100;
		*--t = digit_pairs[d + 1];
		*--t = digit_pairs[d];
	}
	if (x >= 10) {
		*--t = digit_pairs[x * 2 + 1];
		*--t = digit_pairs[x * 2];
	} else {
		*--t = (char)('0' + x);
	}
	n = (size_t)(tmp + sizeof(tmp) - t);
	memcpy(p, t, n);
	return p + n;
}

/* x < 10^9 as exactly nine digits (leading zeros) at p. */
static char *put_9_digits(char *p, uint32_t x)
{
	for (int i = 8; i > 0; i -= 2) {
		unsigned d = (x % 100) * 2;

		x /= 100;
		p[i] = digit_pairs[d + 1];
		p[i - 1] = digit_pairs[d];
	}
	p[0] = (char)('0' + x);
	return p + 9;
}

char *interval_text_i64(struct interval_text *t, char *p, int64_t x)
{
	uint64_t u = x < 0 ? -(uint64_t)x : (uint64_t)x, high;

	if (x < 0)
		*p++ = '-';
	if (u < 1000000000)
		return put_u32(p, (uint32_t)u);
	/* the timestamps of a trace share their leading digits: keep their text */
	high = u / 1000000000;
	if (!t->high_len || high != t->high) {
		char *end = high < 1000000000 ? put_u32(t->high_text, (uint32_t)high) :
			    put_9_digits(put_u32(t->high_text, (uint32_t)(high / 1000000000)),
					 (uint32_t)(high % 1000000000));

		t->high = high;
		t->high_len = (size_t)(end - t->high_text);
	}
	memcpy(p, t->high_text, t->high_len);
	return put_9_digits(p + t->high_len, (uint32_t)(u % 1000000000));
}

static char *put(char *p, const char *s, size_t len)
{
	memcpy(p, s, len);
	return p + len;
}

int interval_text_write(struct interval_text *t, FILE *f, const struct itext *id,
			const struct itext *path, const struct ss_interval *iv)
{
	static const struct { const char *s; size_t len; } types[] = {
		{ "null", 4 }, { "int", 3 }, { "long", 4 }, { "double", 6 }, { "string", 6 },
	};
	char line[4096], num[64], *p = line;
	struct itext v;

	if (iv->value.type == HV_STRING) {
		itext_set(&v, iv->value.u.s);
	} else if (iv->value.type == HV_NULL) {
		v = (struct itext){ "null", 4, 0 };
	} else if (iv->value.type == HV_INT || iv->value.type == HV_LONG) {
		v.s = num;
		v.len = (size_t)(interval_text_i64(t, num, iv->value.type == HV_INT ? iv->value.u.i :
						   iv->value.u.l) - num);
		v.needs_escape = 0;
	} else {
		itext_set(&v, hv_to_string(&iv->value, num, sizeof(num)));
	}
	if ((unsigned)iv->value.type >= sizeof(types) / sizeof(types[0]) || id->needs_escape ||
	    path->needs_escape || v.needs_escape || id->len + path->len + v.len + 80 > sizeof(line))
		return -1;
	p = put(p, id->s, id->len);
	*p++ = '\t';
	p = put(p, path->s, path->len);
	*p++ = '\t';
	p = interval_text_i64(t, p, iv->start);
	*p++ = '\t';
	p = interval_text_i64(t, p, iv->end);
	*p++ = '\t';
	p = put(p, types[iv->value.type].s, types[iv->value.type].len);
	*p++ = '\t';
	p = put(p, v.s, v.len);
	*p++ = '\n';
	fwrite_unlocked(line, 1, (size_t)(p - line), f);
	return 0;
}
