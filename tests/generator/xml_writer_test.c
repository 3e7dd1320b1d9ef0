/*
 * xml_writer unit tests: exact output of a small document, escaping, and every nesting
 * rule the writer enforces (each refused call names the problem and makes the error sticky).
 */
#include <string.h>

#include "generator/xml_writer.h"
#include "tests/lib/tap.h"

static void test_document(void)
{
	struct xml_writer xw;
	const char *want =
		"<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
		"<!-- made by a test -->\n"
		"<tmfxml a=\"1\">\n"
		"\t<head>\n"
		"\t\t<label value=\"x &lt;&amp;&gt; &quot;y&quot;\"/>\n"
		"\t</head>\n"
		"\t<empty/>\n"
		"</tmfxml>\n";

	ok(xml_writer_init(&xw) == 0, "init");
	xml_writer_comment(&xw, " made by a test ");
	xml_writer_start(&xw, "tmfxml");
	xml_writer_attrf(&xw, "a", "%d", 1);
	xml_writer_start(&xw, "head");
	xml_writer_element(&xw, "label", "value", "x <&> \"y\"", NULL);
	xml_writer_end(&xw, "head");
	xml_writer_element(&xw, "empty", NULL);
	xml_writer_end(&xw, "tmfxml");
	ok(xml_writer_finish(&xw) == 0, "a well-nested document finishes");
	is_str(xml_writer_error(&xw), "", "no error");
	is_str(xml_writer_content(&xw), want, "exact output: declaration, comment, tabs, escaping");
	xml_writer_release(&xw);
}

/* Runs `calls` on a fresh writer and checks that the error mentions `needle`. */
#define REFUSED(needle, name, calls) do { \
	struct xml_writer xw; \
	xml_writer_init(&xw); \
	calls; \
	ok(xml_writer_finish(&xw) < 0 && strstr(xml_writer_error(&xw), needle) != NULL, \
	   "refused: %s", name); \
	if (!strstr(xml_writer_error(&xw), needle)) \
		diag("error was: %s", xml_writer_error(&xw)); \
	ok(xml_writer_content(&xw) == NULL, "no content after: %s", name); \
	xml_writer_release(&xw); \
} while (0)

static void test_refusals(void)
{
	REFUSED("innermost open element is 'b'", "closing the wrong element",
		(xml_writer_start(&xw, "a"), xml_writer_start(&xw, "b"),
		 xml_writer_end(&xw, "a")));
	REFUSED("no element is open", "closing with nothing open",
		(xml_writer_end(&xw, "a")));
	REFUSED("already has content", "an attribute after a child",
		(xml_writer_start(&xw, "a"), xml_writer_element(&xw, "b", NULL),
		 xml_writer_attr(&xw, "x", "1")));
	REFUSED("already has a root element", "a second root element",
		(xml_writer_element(&xw, "a", NULL), xml_writer_start(&xw, "b")));
	REFUSED("'a' is still open", "finishing with an open element",
		(xml_writer_start(&xw, "a")));
	REFUSED("no root element", "an empty document", (void)0);
	REFUSED("invalid name '1a'", "an invalid element name",
		(xml_writer_start(&xw, "1a")));
	REFUSED("invalid name 'x y'", "an invalid attribute name",
		(xml_writer_start(&xw, "a"), xml_writer_attr(&xw, "x y", "1")));
	REFUSED("contains \"--\"", "a comment with --",
		(xml_writer_comment(&xw, "a -- b")));
	REFUSED("no value", "an attribute without value",
		(xml_writer_element(&xw, "a", "x", (const char *)NULL, NULL)));
}

static void test_sticky(void)
{
	struct xml_writer xw;

	xml_writer_init(&xw);
	xml_writer_start(&xw, "a");
	xml_writer_end(&xw, "b");
	ok(xml_writer_end(&xw, "a") < 0, "after an error, a correct call fails too");
	ok(strstr(xml_writer_error(&xw), "'b'") != NULL, "the first error is kept: %s",
	   xml_writer_error(&xw));
	xml_writer_release(&xw);
	xml_writer_release(NULL);
	ok(1, "release is NULL-safe and repeatable");
}

static void test_depth_limit(void)
{
	struct xml_writer xw;
	int rc = 0;

	xml_writer_init(&xw);
	for (int i = 0; i <= XML_WRITER_MAX_DEPTH && rc == 0; i++)
		rc = xml_writer_start(&xw, "n");
	ok(rc < 0 && strstr(xml_writer_error(&xw), "nested") != NULL,
	   "more than %d nested elements are refused", XML_WRITER_MAX_DEPTH);
	xml_writer_release(&xw);
}

int main(void)
{
	plan(28);
	test_document();
	test_refusals();
	test_sticky();
	test_depth_limit();
	return exit_status();
}
