/*
 * tc unit tests: the path mini-language renders the right stateAttribute elements, and the
 * generation refuses what Trace Compass would reject at run time: an event or a field the
 * catalog does not have, and an attribute given values of two types.
 */
#include <string.h>

#include "generator/tc.h"
#include "tests/lib/tap.h"

static void fill_catalog(struct catalog *cat)
{
	struct catalog_event *ev;

	catalog_init(cat);
	ev = catalog_add_event(cat, "p:e", CATALOG_HSA);
	catalog_add_field(ev, "n", "u64", "bytes");
	catalog_add_field(ev, "s", "string", "");
	ev = catalog_add_event(cat, "p:f", CATALOG_HSA);
	catalog_add_field(ev, "n", "string", "");
	ev = catalog_add_event(cat, "sched_switch", CATALOG_KERNEL);
	catalog_add_field(ev, "next_tid", "integer", "");
}

/* Writes with `body` inside <a> and returns tc's error ("" when none). */
#define WRITE(label, body, check) do { \
	struct xml_writer xw; \
	struct tc tc; \
	xml_writer_init(&xw); \
	tc_init(&tc, &xw, &cat); \
	xml_writer_start(&xw, "a"); \
	tc.nr_types = 0; \
	body; \
	xml_writer_end(&xw, "a"); \
	xml_writer_finish(&xw); \
	check; \
	xml_writer_release(&xw); \
} while (0)

static void expect_error(const struct tc *tc, const char *needle, const char *label)
{
	ok(tc_failed(tc) && strstr(tc_error(tc), needle) != NULL, "refused: %s", label);
	if (!strstr(tc_error(tc), needle))
		diag("error was: '%s'", tc_error(tc));
}

int main(void)
{
	struct catalog cat;
	const char *want =
		"<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
		"<a>\n"
		"\t<stateChange>\n"
		"\t\t<stateAttribute type=\"constant\" value=\"T\"/>\n"
		"\t\t<stateAttribute type=\"eventField\" value=\"n\"/>\n"
		"\t\t<stateAttribute type=\"query\">\n"
		"\t\t\t<stateAttribute type=\"constant\" value=\"Q\"/>\n"
		"\t\t\t<stateAttribute type=\"eventField\" value=\"s\"/>\n"
		"\t\t</stateAttribute>\n"
		"\t\t<stateAttribute type=\"constant\" value=\"x\"/>\n"
		"\t\t<stateValue type=\"eventField\" value=\"s\" forcedType=\"string\"/>\n"
		"\t</stateChange>\n"
		"</a>\n";

	plan(14);
	fill_catalog(&cat);

	WRITE("path", (tc_on_event(&tc, "p:e"),
		       tc_change(&tc, "T/$n/?{Q/$s}/x", TC_FIELD_AS("s", "string"))),
	      (ok(!tc_failed(&tc), "a path with a field and a query is accepted"),
	       is_str(xml_writer_content(&xw), want, "and rendered element by element")));
	WRITE("unknown field", (tc_on_event(&tc, "p:e"), tc_change(&tc, "T/$nope", TC_INT("1"))),
	      expect_error(&tc, "event 'p:e' has no field 'nope'", "a field the event lacks"));
	WRITE("unknown event", (tc_on_event(&tc, "p:nope")),
	      expect_error(&tc, "'p:nope' is not in the schema", "an event not in the schema"));
	WRITE("field of one event only", (tc_on_events(&tc, (const char *[]){ "p:e", "sched_switch" }, 2),
				 tc_change(&tc, "T", TC_FIELD("s"))),
	      expect_error(&tc, "event 'sched_switch' has no field 's'",
			   "a field one of the handler's events lacks"));
	WRITE("context", (tc_on_event(&tc, "p:e"), tc_change(&tc, "T/$context._vtid", TC_INT("1")),
			  tc_change(&tc, "C/$cpu", TC_FIELD("timestamp"))),
	      ok(!tc_failed(&tc), "context fields, cpu and timestamp are readable from HSA events"));
	WRITE("kernel context", (tc_on_event(&tc, "sched_switch"),
				 tc_change(&tc, "T/$context._vtid", TC_INT("1"))),
	      expect_error(&tc, "has no field 'context._vtid'",
			   "UST context fields are not readable from kernel events"));
	WRITE("types", (tc_on_event(&tc, "p:e"), tc_change(&tc, "T/$n/x", TC_INT("1")),
			tc_change(&tc, "T/$s/x", TC_FIELD("n"))),
	      expect_error(&tc, "'T/*/x': it gets both Integer and Long",
			   "an attribute given Integer then Long (a CTF integer field)"));
	WRITE("stack", (tc_on_event(&tc, "p:e"),
			tc_change(&tc, "S", &(struct tc_value){ .type = "eventField", .value = "s",
								.stack = "push" }),
			tc_change(&tc, "S", TC_STR("x"))),
	      expect_error(&tc, "'S': it gets both Integer and String",
			   "a stack attribute (Integer depth) given a String"));
	WRITE("field types", (tc_on_events(&tc, (const char *[]){ "p:e", "p:f" }, 2),
			      tc_change(&tc, "T", TC_FIELD("n"))),
	      expect_error(&tc, "its type differs between 'p:e' and 'p:f'",
			   "one field with two types across a handler's events"));
	WRITE("forced", (tc_on_event(&tc, "sched_switch"),
			 tc_change(&tc, "C/$cpu", TC_FIELD_AS("next_tid", "int")),
			 tc_change(&tc, "C/$next_tid", TC_INT("0"))),
	      ok(!tc_failed(&tc), "forcedType int makes an integer field an Integer"));

	WRITE("location", (tc_location(&tc, "t", "T/$context._vtid"), tc_on_event(&tc, "p:e"),
			   tc_change(&tc, "@t/x", TC_INT("1"))),
	      ok(!tc_failed(&tc) && strstr(xml_writer_content(&xw), "<location id=\"t\">") &&
		 strstr(xml_writer_content(&xw), "type=\"location\" value=\"t\""),
		 "a location is declared once and used by name"));
	WRITE("location fields", (tc_location(&tc, "t", "T/$context._vtid"),
				  tc_on_event(&tc, "sched_switch"), tc_change(&tc, "@t/x", TC_INT("1"))),
	      expect_error(&tc, "event 'sched_switch' has no field 'context._vtid'",
			   "a location's fields are checked against the events using it"));
	WRITE("location types", (tc_location(&tc, "t", "T/$n"), tc_on_event(&tc, "p:e"),
				 tc_change(&tc, "@t/x", TC_INT("1")), tc_change(&tc, "T/$s/x", TC_STR("a"))),
	      expect_error(&tc, "'T/*/x': it gets both Integer and String",
			   "types are tracked through locations"));
	catalog_release(&cat);
	return exit_status();
}
