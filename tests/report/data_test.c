/* report_data: strings safe inside the page's <script> block (no `<` or `&`, valid UTF-8),
 * and timeline_fit: the page's item budget, every interval still counted, items in order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/report/report_data.h"
#include "analyses/report/timeline.h"
#include "tap.h"

static char *as_json(const char *s)
{
	static char buf[256];
	char *p = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&p, &n);

	if (!f)
		return NULL;
	report_data_string(s, f);
	fclose(f);
	snprintf(buf, sizeof(buf), "%s", p);
	free(p);
	return buf;
}

/* A lane of n intervals of 10 ns every 100 ns, in begin order. */
static void add_lane(struct timeline *tl, size_t n)
{
	struct timeline_lane *lane;

	tl->lanes = realloc(tl->lanes, (tl->nlanes + 1) * sizeof(*tl->lanes));
	lane = &tl->lanes[tl->nlanes++];
	memset(lane, 0, sizeof(*lane));
	lane->kind = LANE_QUEUE;
	lane->items = calloc(n, sizeof(*lane->items));
	lane->count = lane->alloc = n;
	lane->intervals = n;
	for (size_t i = 0; i < n; i++)
		lane->items[i] = (struct timeline_item){ .begin_ns = 100 * (int64_t)i,
							 .end_ns = 100 * (int64_t)i + 10,
							 .count = 1, .busy_ns = 10 };
}

static uint64_t counted(const struct timeline_lane *lane, uint64_t *busy, int *sorted)
{
	uint64_t n = 0;

	*busy = 0;
	*sorted = 1;
	for (size_t i = 0; i < lane->count; i++) {
		n += lane->items[i].count;
		*busy += lane->items[i].busy_ns;
		if (i && lane->items[i].begin_ns < lane->items[i - 1].begin_ns)
			*sorted = 0;
	}
	return n;
}

int main(void)
{
	struct timeline tl;
	uint64_t busy;
	int sorted;
	size_t total;

	plan(10);
	is_str(as_json("vector_add"), "\"vector_add\"", "a plain name");
	is_str(as_json("f<int>(a&b)"), "\"f\\u003cint>(a\\u0026b)\"",
	       "< and & escaped: the block stays well-formed XML and cannot end early");
	is_str(as_json("q\"b\\s\x01"), "\"q\\\"b\\\\s\\u0001\"", "quote, backslash, control");
	is_str(as_json("bad\xff"), "\"bad\xEF\xBF\xBD\"", "an invalid byte becomes U+FFFD");

	timeline_init(&tl, 1000);
	add_lane(&tl, 1000);
	add_lane(&tl, 10);
	add_lane(&tl, 300);
	timeline_fit(&tl, 256, 200);
	total = tl.lanes[0].count + tl.lanes[1].count + tl.lanes[2].count;
	ok(total <= 200, "timeline_fit: 1310 items fit in a budget of 200 (%zu)", total);
	is_int(tl.lanes[1].count, 10, "the small lane is left alone");
	ok(counted(&tl.lanes[0], &busy, &sorted) == 1000 && busy == 10000 && sorted,
	   "the fullest lane still counts its 1000 intervals and their busy time, in order");
	ok(counted(&tl.lanes[2], &busy, &sorted) == 300 && sorted, "so does the next one");
	ok(tl.merged, "the timeline says it merged");
	timeline_fit(&tl, 256, 1);
	ok(tl.lanes[0].count == 2 && tl.lanes[1].count == 2 && tl.lanes[2].count == 2,
	   "a budget below 2 per lane stops at 2 items per lane");
	timeline_release(&tl);
	return exit_status();
}
