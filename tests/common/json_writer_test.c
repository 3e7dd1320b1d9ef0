/* json_writer: the three layouts, empty containers, escaping, and refused nesting. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/common/json_writer.h"
#include "tap.h"

struct doc {
	char *text;
	size_t len;
	FILE *f;
	struct json_writer w;
};

static struct json_writer *doc_open(struct doc *d, int indent)
{
	d->f = open_memstream(&d->text, &d->len);
	if (!d->f)
		abort();
	json_writer_init(&d->w, d->f, indent);
	return &d->w;
}

/* Finishes the document: the writer's verdict, the text in d->text (free it). */
static int doc_close(struct doc *d)
{
	int rc = json_writer_finish(&d->w);

	fclose(d->f);
	return rc;
}

static void test_lines_and_spaced(void)
{
	struct doc d;
	struct json_writer *w = doc_open(&d, 2);
	int rc;

	json_object_begin(w, JSON_LINES);
	json_key(w, "trace");
	json_string(w, "a \"b\"\n");
	json_key(w, "no\"ne");
	json_string(w, NULL);
	json_key(w, "rows");
	json_array_begin(w, JSON_LINES);
	json_object_begin(w, JSON_SPACED);
	json_key(w, "n");
	json_int(w, -3);
	json_key(w, "u");
	json_uint(w, 18446744073709551615ull);
	json_object_end(w);
	json_object_begin(w, JSON_SPACED);
	json_object_end(w);
	json_array_end(w);
	json_key(w, "empty");
	json_array_begin(w, JSON_LINES);
	json_array_end(w);
	json_object_end(w);
	rc = doc_close(&d);
	is_int(rc, 0, "a well-nested document finishes");
	is_str(d.text, "{\n"
		       "  \"trace\": \"a \\\"b\\\"\\u000a\",\n"
		       "  \"no\\\"ne\": null,\n"
		       "  \"rows\": [\n"
		       "    {\"n\": -3, \"u\": 18446744073709551615},\n"
		       "    {}\n"
		       "  ],\n"
		       "  \"empty\": []\n"
		       "}\n",
	       "lines and spaced layouts, escaping, null, empty containers");
	free(d.text);
}

static void test_compact(void)
{
	struct doc d;
	struct json_writer *w = doc_open(&d, 0);

	json_array_begin(w, JSON_LINES);
	for (int i = 0; i < 2; i++) {
		json_object_begin(w, JSON_COMPACT);
		json_key(w, "i");
		json_int(w, i);
		json_key(w, "v");
		json_raw(w, "1.5", 3);
		json_key(w, "a");
		json_array_begin(w, JSON_COMPACT);
		json_null(w);
		json_string(w, "x");
		json_array_end(w);
		json_object_end(w);
	}
	json_array_end(w);
	is_int(doc_close(&d), 0, "a compact document finishes");
	is_str(d.text, "[\n{\"i\":0,\"v\":1.5,\"a\":[null,\"x\"]},\n{\"i\":1,\"v\":1.5,\"a\":[null,\"x\"]}\n]\n",
	       "compact objects one a line, with no indentation");
	free(d.text);
}

/* JSON_KEY writes what json_key writes, in each layout. */
static void test_literal_keys(void)
{
	struct doc d;
	struct json_writer *w = doc_open(&d, 2);

	json_object_begin(w, JSON_LINES);
	JSON_KEY(w, "ts");
	json_int(w, 1);
	JSON_KEY(w, "args");
	json_object_begin(w, JSON_SPACED);
	JSON_KEY(w, "a");
	json_null(w);
	json_key(w, "b");
	json_int(w, 2);
	JSON_KEY(w, "c");
	json_object_begin(w, JSON_COMPACT);
	JSON_KEY(w, "d");
	json_string(w, "e");
	JSON_KEY(w, "f");
	json_int(w, 3);
	json_object_end(w);
	json_object_end(w);
	json_object_end(w);
	is_int(doc_close(&d), 0, "a document with literal keys finishes");
	is_str(d.text, "{\n  \"ts\": 1,\n  \"args\": {\"a\": null, \"b\": 2, \"c\": {\"d\":\"e\",\"f\":3}}\n}\n",
	       "literal keys with their commas and colons as json_key's, in each layout");
	free(d.text);
}

/* Each of these misuses makes json_writer_finish fail. */
static int misnested(int which)
{
	struct doc d;
	struct json_writer *w = doc_open(&d, 2);
	int rc;

	switch (which) {
	case 0: /* a key in an array */
		json_array_begin(w, JSON_COMPACT);
		json_key(w, "k");
		json_array_end(w);
		break;
	case 1: /* a value without a key in an object */
		json_object_begin(w, JSON_COMPACT);
		json_int(w, 1);
		json_object_end(w);
		break;
	case 2: /* the wrong end */
		json_object_begin(w, JSON_COMPACT);
		json_array_end(w);
		break;
	case 3: /* left open */
		json_array_begin(w, JSON_COMPACT);
		break;
	case 4: /* a key without its value */
		json_object_begin(w, JSON_COMPACT);
		json_key(w, "k");
		json_object_end(w);
		break;
	case 5: /* a literal key in an array */
		json_array_begin(w, JSON_COMPACT);
		JSON_KEY(w, "k");
		json_array_end(w);
		break;
	case 6: /* an end too many */
		json_array_begin(w, JSON_COMPACT);
		json_array_end(w);
		json_array_end(w);
		break;
	default: /* deeper than the limit */
		for (int i = 0; i <= JSON_WRITER_MAX_DEPTH; i++)
			json_array_begin(w, JSON_COMPACT);
		for (int i = 0; i <= JSON_WRITER_MAX_DEPTH; i++)
			json_array_end(w);
		break;
	}
	rc = doc_close(&d);
	free(d.text);
	return rc;
}

int main(void)
{
	static const char *const what[] = { "a key in an array", "a value without a key",
					    "the wrong end", "a container left open",
					    "a key without a value", "a literal key in an array",
					    "an end too many",
					    "nesting deeper than the limit" };

	plan(14);
	test_lines_and_spaced();
	test_compact();
	test_literal_keys();
	for (int i = 0; i < 8; i++)
		is_int(misnested(i), -1, "refused: %s", what[i]);
	return exit_status();
}
