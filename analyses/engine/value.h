/*
 * value.h - a state value with Trace Compass's Java types: null, Integer, Long, Double, String.
 *
 * Integer and Long are distinct (a type clash between them fails an analysis). Strings are
 * borrowed: either interned (stable for the whole run, see hv_intern) or scratch (valid while the
 * current event is handled, see struct scratch).
 */
#ifndef HSAT_ENGINE_VALUE_H
#define HSAT_ENGINE_VALUE_H

#include <stddef.h>
#include <stdint.h>

enum hv_type { HV_NULL = 0, HV_INT, HV_LONG, HV_DOUBLE, HV_STRING };

struct hv {
	enum hv_type type;
	union {
		int32_t i;
		int64_t l;
		double d;
		const char *s;
	} u;
};

static inline struct hv hv_null(void) { struct hv v = { .type = HV_NULL }; return v; }
static inline struct hv hv_int(int32_t i) { struct hv v = { .type = HV_INT, .u.i = i }; return v; }
static inline struct hv hv_long(int64_t l) { struct hv v = { .type = HV_LONG, .u.l = l }; return v; }
static inline struct hv hv_double(double d) { struct hv v = { .type = HV_DOUBLE, .u.d = d }; return v; }
static inline struct hv hv_str(const char *s) { struct hv v = { .type = HV_STRING, .u.s = s }; return v; }

/* Java equals(): same type and same value (strings by content). */
int hv_equals(const struct hv *a, const struct hv *b);

/* Java String.valueOf(): writes into buf (always NUL-terminated), returns buf. null -> "null". */
const char *hv_to_string(const struct hv *v, char *buf, size_t size);

/* The type name used in outputs: null, int, long, double, string. */
const char *hv_type_name(enum hv_type t);

/* Is the value a Number (int, long, double)? As long/double. */
int hv_is_number(const struct hv *v);
int64_t hv_as_long(const struct hv *v);
double hv_as_double(const struct hv *v);

/* Long.parseLong (within [lo, hi]) and Double.parseDouble: 0, or -1 when Java would throw. */
int hv_parse_java_long(const char *s, int64_t lo, int64_t hi, int64_t *out);
int hv_parse_java_double(const char *s, double *out);

/* Java's Double.toString() rendering for d (shortest repr with ".0" for integral values). */
void hv_format_double(double d, char *buf, size_t size);

/* A per-event bump allocator for temporary strings; reset after every event. */
struct scratch {
	char *buf;
	size_t used, size;
	struct scratch_block *older;	/* blocks replaced when buf filled up */
};
void scratch_init(struct scratch *s);
void scratch_release(struct scratch *s);
void scratch_reset(struct scratch *s);
char *scratch_strdup(struct scratch *s, const char *str);
char *scratch_printf(struct scratch *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A set of interned strings: equal content -> same pointer, valid until released. */
struct strmap;
const char *hv_intern(struct strmap *pool, const char *s);

#endif
