/*
 * json_writer - the JSON writer of the analyses (stats, analyze): streams objects and arrays to
 * a FILE, putting the commas, the key separators and the line breaks itself, and refuses wrong
 * nesting (json_writer_finish says so).
 *
 *   struct json_writer w;
 *   json_writer_init(&w, out, 2);            // 2 spaces per level in JSON_LINES containers
 *   json_object_begin(&w, JSON_LINES);       // {\n  "trace": "t",\n  "rows": [...]\n}
 *   json_key(&w, "trace"); json_string(&w, "t");
 *   json_key(&w, "rows"); json_array_begin(&w, JSON_LINES);
 *   json_object_begin(&w, JSON_SPACED);      // {"a": 1, "b": null}
 *   ...
 *   json_array_end(&w); json_object_end(&w);
 *   json_writer_finish(&w);                  // the final newline; -1 on wrong nesting
 *
 * Layouts: JSON_COMPACT {"a":1,"b":2}; JSON_SPACED {"a": 1, "b": 2}; JSON_LINES one member per
 * line, indented by depth. An empty container is {} or [] in every layout. Strings go through
 * json_string_write (valid UTF-8 whatever the bytes).
 */
#ifndef HSAT_COMMON_JSON_WRITER_H
#define HSAT_COMMON_JSON_WRITER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_WRITER_MAX_DEPTH 16

enum json_layout { JSON_COMPACT, JSON_SPACED, JSON_LINES };

struct json_container {
	char close;		/* '}' or ']' */
	enum json_layout layout;
	size_t count;		/* members written */
};

struct json_writer {
	FILE *out;
	int indent;		/* spaces per level in JSON_LINES containers */
	int depth;
	int after_key;		/* a key was written: its value comes next */
	int misnested;		/* a call out of place: a key in an array, an end too many... */
	struct json_container stack[JSON_WRITER_MAX_DEPTH];
};

void json_writer_init(struct json_writer *w, FILE *out, int indent);
void json_object_begin(struct json_writer *w, enum json_layout layout);
void json_object_end(struct json_writer *w);
void json_array_begin(struct json_writer *w, enum json_layout layout);
void json_array_end(struct json_writer *w);
/* In an object: the next member's name. */
void json_key(struct json_writer *w, const char *name);
/* The same for a name spelled in the program as a string literal of printable ASCII without
 * quote or backslash: written as it is, without json_key's look at each byte (a Perfetto
 * export writes a dozen keys per event). */
#define JSON_KEY(w, literal) json_key_plain((w), "\"" literal "\"", sizeof(literal) + 1)
/* quoted: the name between its quotes, len bytes. */
void json_key_plain(struct json_writer *w, const char *quoted, size_t len);
/* Values: a string (NULL writes null), null, an integer, or text already in JSON form (a
 * number formatted by the caller, true, false). */
void json_string(struct json_writer *w, const char *s);
void json_null(struct json_writer *w);
void json_int(struct json_writer *w, int64_t value);
void json_uint(struct json_writer *w, uint64_t value);
void json_raw(struct json_writer *w, const char *text, size_t len);
/* Ends the document with a newline: 0, or -1 when the nesting was wrong or a write failed. */
int json_writer_finish(struct json_writer *w);

#endif
