/* interval_text: numbers as printf writes them whatever the kept prefix holds (sequences that
 * share it, change it, cross 10^9 and the extremes); a line as the general text writer
 * (output.h) writes it; -1, nothing written, when a part has a character to escape. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/engine/interval_text.h"
#include "analyses/engine/output.h"
#include "tap.h"

/* Every number through one interval_text, in order: the first that printf writes otherwise. */
static int numbers_match(const int64_t *xs, int n, char *why, size_t size)
{
	struct interval_text t = { 0 };

	for (int i = 0; i < n; i++) {
		char got[32], want[32];

		*interval_text_i64(&t, got, xs[i]) = '\0';
		snprintf(want, sizeof(want), "%" PRId64, xs[i]);
		if (strcmp(got, want)) {
			snprintf(why, size, "number %d: got %s, want %s", i, got, want);
			return 0;
		}
	}
	return 1;
}

/* The line of interval_text_write and that of the general writer, into two buffers. */
static int both_lines(const char *id, const char *path, struct ss_interval iv, char *fast,
		      char *general, size_t size)
{
	struct interval_text t = { 0 };
	struct itext ti, tp;
	struct out o;
	FILE *f;
	int rc;

	memset(fast, 0, size);	/* fmemopen leaves the buffer as it was when nothing is written */
	f = fmemopen(fast, size, "w");
	itext_set(&ti, id);
	itext_set(&tp, path);
	rc = interval_text_write(&t, f, &ti, &tp, &iv);
	fclose(f);
	f = fmemopen(general, size, "w");
	out_init(&o, f, OUT_TEXT);
	out_begin(&o);
	out_str(&o, "analysis", id);
	out_str(&o, "path", path);
	out_i64(&o, "start", iv.start);
	out_i64(&o, "end", iv.end);
	out_value(&o, "value", &iv.value);
	out_end(&o);
	out_finish(&o);
	fclose(f);
	return rc;
}

int main(void)
{
	static const int64_t edges[] = {
		0, 1, 9, 10, 99, 100, 999999999, 1000000000, 1000000001, 1999999999, -1, -10,
		-999999999, -1000000000, INT64_MAX, INT64_MIN, INT64_MIN + 1, 1000000000000000000,
		999999999999999999,
	};
	int64_t seq[4000];
	char why[128] = "", fast[512], general[512];
	struct ss_interval iv;
	uint64_t r = 88172645463325252ULL;
	int n = 0;

	plan(9);
	ok(numbers_match(edges, (int)(sizeof(edges) / sizeof(edges[0])), why, sizeof(why)),
	   "edges: 0, 10^9 +- 1, extremes, negatives %s", why);
	/* timestamps one after the other (the kept prefix reused), crossing a prefix boundary */
	for (int64_t x = 1764600000999999000; n < 2000; x += 1)
		seq[n++] = x;
	ok(numbers_match(seq, n, why, sizeof(why)), "consecutive timestamps across a prefix change %s",
	   why);
	/* xorshift: prefixes changing on every number, alternating signs and sizes */
	for (n = 0; n < 4000; n++) {
		r ^= r << 13;
		r ^= r >> 7;
		r ^= r << 17;
		seq[n] = (int64_t)(r >> (n % 64));
		if (n % 3 == 0)
			seq[n] = -seq[n];
	}
	ok(numbers_match(seq, n, why, sizeof(why)), "pseudo-random numbers of every size %s", why);

	iv = (struct ss_interval){ 1764600000123456789, 1764600001000000000, hv_str("hsa_init") };
	ok(both_lines("api", "Processes/1/Threads/2/CallStack/1", iv, fast, general, sizeof(fast)) == 0 &&
	   !strcmp(fast, general), "a string value: the general writer's line (%s)", fast);
	iv.value = hv_int(-42);
	both_lines("api", "p", iv, fast, general, sizeof(fast));
	is_str(fast, general, "an int value");
	iv.value = hv_long(INT64_MIN);
	both_lines("api", "p", iv, fast, general, sizeof(fast));
	is_str(fast, general, "a long value");
	iv.value = hv_null();
	both_lines("api", "p", iv, fast, general, sizeof(fast));
	is_str(fast, general, "a null value");
	iv.value = hv_double(2.5);
	both_lines("api", "p", iv, fast, general, sizeof(fast));
	is_str(fast, general, "a double value");
	iv.value = hv_str("a\tb");
	ok(both_lines("api", "p", iv, fast, general, sizeof(fast)) == -1 && fast[0] == '\0' &&
	   both_lines("api", "a\\b", (struct ss_interval){ 1, 2, hv_null() }, fast, general,
		      sizeof(fast)) == -1 && fast[0] == '\0',
	   "a tab in a value, a backslash in a path: -1, nothing written");
	return exit_status();
}
