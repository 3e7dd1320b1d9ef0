/* value.c - see value.h. */
#include "analyses/engine/value.h"
#include "analyses/engine/strmap.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hv_equals(const struct hv *a, const struct hv *b)
{
	if (a->type != b->type)
		return 0;
	switch (a->type) {
	case HV_NULL:
		return 1;
	case HV_INT:
		return a->u.i == b->u.i;
	case HV_LONG:
		return a->u.l == b->u.l;
	case HV_DOUBLE:
		/* Double.equals compares bit patterns: NaN equals NaN, 0.0 differs from -0.0 */
		return !memcmp(&a->u.d, &b->u.d, sizeof(double));
	case HV_STRING:
		return a->u.s == b->u.s || !strcmp(a->u.s, b->u.s);
	}
	return 0;
}

void hv_format_double(double d, char *buf, size_t size)
{
	char tmp[64];
	int prec;

	if (isnan(d)) {
		snprintf(buf, size, "NaN");
		return;
	}
	if (isinf(d)) {
		snprintf(buf, size, d > 0 ? "Infinity" : "-Infinity");
		return;
	}
	/* shortest representation that reads back to the same double, like Java */
	for (prec = 1; prec < 17; prec++) {
		snprintf(tmp, sizeof(tmp), "%.*g", prec, d);
		if (strtod(tmp, NULL) == d)
			break;
	}
	if (fabs(d) >= 1e-3 && fabs(d) < 1e7) {
		snprintf(tmp, sizeof(tmp), "%.*g", prec, d);
		if (!strchr(tmp, '.') && !strchr(tmp, 'e'))
			strcat(tmp, ".0");
		if (strchr(tmp, 'e')) /* %g chose exponent form for e.g. 1e+06: print plainly */
			snprintf(tmp, sizeof(tmp), "%.1f", d);
		snprintf(buf, size, "%s", tmp);
		return;
	}
	if (d == 0) {
		snprintf(buf, size, signbit(d) ? "-0.0" : "0.0");
		return;
	}
	{
		/* Java's computerized scientific notation: 1.0E10, 1.5E-5 */
		char mant[72];
		int exp10;

		snprintf(tmp, sizeof(tmp), "%.*e", prec > 1 ? prec - 1 : 0, d);
		exp10 = atoi(strchr(tmp, 'e') + 1);
		*strchr(tmp, 'e') = '\0';
		snprintf(mant, sizeof(mant), "%s%s", tmp, strchr(tmp, '.') ? "" : ".0");
		snprintf(buf, size, "%sE%d", mant, exp10);
	}
}

/* Decimal digits of x into buf (size >= 21). */
static const char *format_i64(int64_t x, char *buf, size_t size)
{
	char tmp[24], *p = tmp + sizeof(tmp);
	uint64_t u = x < 0 ? -(uint64_t)x : (uint64_t)x;

	*--p = '\0';
	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (x < 0)
		*--p = '-';
	snprintf(buf, size, "%s", p);
	return buf;
}

const char *hv_to_string(const struct hv *v, char *buf, size_t size)
{
	if ((v->type == HV_INT || v->type == HV_LONG) && size >= 24) {
		/* the common case in paths (pids, tids): no printf */
		char tmp[24], *p = tmp + sizeof(tmp);
		int64_t x = v->type == HV_INT ? v->u.i : v->u.l;
		uint64_t u = x < 0 ? -(uint64_t)x : (uint64_t)x;

		*--p = '\0';
		do {
			*--p = (char)('0' + u % 10);
			u /= 10;
		} while (u);
		if (x < 0)
			*--p = '-';
		memcpy(buf, p, (size_t)(tmp + sizeof(tmp) - p));
		return buf;
	}
	if ((v->type == HV_NULL || v->type == HV_STRING) && size) {
		/* conditions compare null with null on every event (Trace Compass's isTidValid) */
		const char *s = v->type == HV_NULL ? "null" : v->u.s;
		size_t n = strnlen(s, size - 1);

		memcpy(buf, s, n);
		buf[n] = '\0';
		return buf;
	}
	switch (v->type) {
	case HV_INT:
		format_i64(v->u.i, buf, size);
		break;
	case HV_LONG:
		format_i64(v->u.l, buf, size);
		break;
	case HV_DOUBLE:
		hv_format_double(v->u.d, buf, size);
		break;
	default:	/* null and strings above: nothing fits in size 0 */
		break;
	}
	return buf;
}

const char *hv_type_name(enum hv_type t)
{
	static const char *const names[] = { "null", "int", "long", "double", "string" };

	return t <= HV_STRING ? names[t] : "?";
}

int hv_is_number(const struct hv *v)
{
	return v->type == HV_INT || v->type == HV_LONG || v->type == HV_DOUBLE;
}

int64_t hv_as_long(const struct hv *v)
{
	switch (v->type) {
	case HV_INT:
		return v->u.i;
	case HV_LONG:
		return v->u.l;
	case HV_DOUBLE:
		/* Java's (long) cast saturates and maps NaN to 0 */
		if (isnan(v->u.d))
			return 0;
		if (v->u.d >= 9.2233720368547758e18)
			return INT64_MAX;
		if (v->u.d <= -9.2233720368547758e18)
			return INT64_MIN;
		return (int64_t)v->u.d;
	default:
		return 0;
	}
}

double hv_as_double(const struct hv *v)
{
	switch (v->type) {
	case HV_INT:
		return v->u.i;
	case HV_LONG:
		return (double)v->u.l;
	case HV_DOUBLE:
		return v->u.d;
	default:
		return 0;
	}
}

struct scratch_block {
	struct scratch_block *next;
	char data[];
};

void scratch_init(struct scratch *s)
{
	s->buf = NULL;
	s->used = 0;
	s->size = 0;
	s->older = NULL;
}

static void free_older(struct scratch *s)
{
	while (s->older) {
		struct scratch_block *b = s->older;

		s->older = b->next;
		free(b);
	}
}

void scratch_release(struct scratch *s)
{
	free_older(s);
	if (s->buf)
		free(s->buf - offsetof(struct scratch_block, data));
	scratch_init(s);
}

void scratch_reset(struct scratch *s)
{
	free_older(s);
	s->used = 0;
}

static char *scratch_alloc(struct scratch *s, size_t n)
{
	char *p;

	if (s->used + n > s->size) {
		size_t size = s->size ? s->size * 2 : 4096;
		struct scratch_block *b;

		while (size < n)
			size *= 2;
		b = malloc(sizeof(*b) + size);
		if (!b)
			abort();
		if (s->buf) {
			/* strings handed out earlier stay valid until the next reset */
			struct scratch_block *old = (struct scratch_block *)(s->buf -
						offsetof(struct scratch_block, data));
			old->next = s->older;
			s->older = old;
		}
		s->buf = b->data;
		s->size = size;
		s->used = 0;
	}
	p = s->buf + s->used;
	s->used += n;
	return p;
}

char *scratch_strdup(struct scratch *s, const char *str)
{
	size_t n = strlen(str) + 1;

	return memcpy(scratch_alloc(s, n), str, n);
}

char *scratch_printf(struct scratch *s, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *p;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	p = scratch_alloc(s, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

const char *hv_intern(struct strmap *pool, const char *s)
{
	const char *k = strmap_get(pool, s);

	if (k)
		return k;
	k = strmap_put(pool, s, NULL);
	/* the value points at the owned key so that a lookup returns the interned copy */
	strmap_put(pool, k, (void *)k);
	return k;
}

int hv_parse_java_long(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
	char *end;
	long long v;

	if (!*s || (s[0] != '-' && s[0] != '+' && (s[0] < '0' || s[0] > '9')))
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

int hv_parse_java_double(const char *s, double *out)
{
	char *end;
	const char *p = s;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p)
		return -1;
	*out = strtod(p, &end);
	while (*end == ' ' || *end == '\t' || *end == 'd' || *end == 'D' || *end == 'f' ||
	       *end == 'F')
		end++;
	return *end ? -1 : 0;
}
