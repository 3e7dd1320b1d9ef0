#include "analyses/common/bt_error_text.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <babeltrace2/babeltrace.h>

#define MAX_CAUSES 8

/* Length of an address pair ("name-addr=0x1234") at s, or 0. */
static size_t address_pair(const char *s)
{
	const char *p = s;

	while (isalnum((unsigned char)*p) || *p == '-' || *p == '_')
		p++;
	if (p - s < 4 || strncmp(p - 4, "addr", 4) != 0 || strncmp(p, "=0x", 3) != 0)
		return 0;
	p += 3;
	while (isxdigit((unsigned char)*p))
		p++;
	return (size_t)(p - s);
}

static int starts_token(const char *msg, const char *p)
{
	return p == msg || strchr(" ,([", p[-1]) != NULL;
}

/* Drops what an address pair leaves dangling at the end of out: ", " or ": ". */
static size_t trim_separator(char *out, size_t len)
{
	while (len > 0 && (out[len - 1] == ' ' || out[len - 1] == ',' || out[len - 1] == ':'))
		len--;
	out[len] = '\0';
	return len;
}

void bt_error_text_strip(const char *msg, char *out, size_t size)
{
	size_t len = 0;

	if (!size)
		return;
	for (const char *p = msg; *p && len + 1 < size;) {
		size_t skip = starts_token(msg, p) ? address_pair(p) : 0;

		if (skip) {
			p += skip;
			if (p[0] == ',' && p[1] == ' ')
				p += 2;	/* the next pair of the list takes its place */
			else if (p[0] == ' ')
				p++;
			else
				len = trim_separator(out, len);
			continue;
		}
		out[len++] = *p == '\n' ? ' ' : *p;
		p++;
	}
	out[len] = '\0';
	trim_separator(out, len);
}

/*
 * The library's own causes read "What failed: status=ERROR, comp-name=..., comp-class-so-
 * handle-path=...": only "What failed" is for users. Cut at the first ": " that starts a
 * key=value list.
 */
static void drop_context_list(char *msg)
{
	for (char *p = strstr(msg, ": "); p; p = strstr(p + 2, ": ")) {
		const char *k = p + 2;

		while (isalnum((unsigned char)*k) || *k == '-' || *k == '_')
			k++;
		if (k > p + 2 && *k == '=') {
			*p = '\0';
			return;
		}
	}
}

static int from_component(const bt_error_cause *cause)
{
	return bt_error_cause_get_actor_type(cause) != BT_ERROR_CAUSE_ACTOR_TYPE_UNKNOWN;
}

static int any_from_component(const bt_error *error, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		if (from_component(bt_error_borrow_cause_by_index(error, i)))
			return 1;
	return 0;
}

/* The output port of the innermost cause a message iterator wrote, or NULL. */
static const char *failed_port(const bt_error *error, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		const bt_error_cause *cause = bt_error_borrow_cause_by_index(error, i);

		if (bt_error_cause_get_actor_type(cause) ==
		    BT_ERROR_CAUSE_ACTOR_TYPE_MESSAGE_ITERATOR)
			return bt_error_cause_message_iterator_actor_get_component_output_port_name(
				cause);
	}
	return NULL;
}

size_t bt_error_text_take(char *buf, size_t size)
{
	return bt_error_text_take_port(buf, size, NULL, 0);
}

size_t bt_error_text_take_port(char *buf, size_t size, char *port, size_t port_size)
{
	const bt_error *error = bt_current_thread_take_error();
	uint64_t n = error ? bt_error_get_cause_count(error) : 0;
	int components = error && any_from_component(error, n);
	char seen[MAX_CAUSES][512];
	size_t written = 0, len = 0;

	if (size)
		buf[0] = '\0';
	if (port && port_size) {
		const char *name = error ? failed_port(error, n) : NULL;

		snprintf(port, port_size, "%s", name ? name : "");
	}
	for (uint64_t i = 0; i < n && written < MAX_CAUSES; i++) {
		const bt_error_cause *cause = bt_error_borrow_cause_by_index(error, i);
		int repeated = 0;

		if (components && !from_component(cause))
			continue;
		bt_error_text_strip(bt_error_cause_get_message(cause), seen[written],
				    sizeof(seen[written]));
		if (!from_component(cause))
			drop_context_list(seen[written]);
		for (size_t k = 0; k < written; k++)
			repeated |= strcmp(seen[k], seen[written]) == 0;
		if (repeated || !seen[written][0])
			continue;
		if (len < size)
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
						written ? "\n  cause: " : "", seen[written]);
		written++;
	}
	if (error)
		bt_error_release(error);
	return written;
}
