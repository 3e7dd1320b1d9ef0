/* rewrite.c - see rewrite.h. */
#include "kernels/rewrite.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOT_FOUND SIZE_MAX

struct text {
	char *data;
	size_t length, capacity;
	bool failed;
};

static void add(struct text *t, const char *bytes, size_t count)
{
	if (t->failed)
		return;
	if (t->length + count + 1 > t->capacity) {
		size_t wanted = (t->length + count + 1) * 2;
		char *bigger = realloc(t->data, wanted);

		if (!bigger) {
			t->failed = true;
			return;
		}
		t->data = bigger;
		t->capacity = wanted;
	}
	memcpy(t->data + t->length, bytes, count);
	t->length += count;
	t->data[t->length] = '\0';
}

static void add_string(struct text *t, const char *s)
{
	add(t, s, strlen(s));
}

struct rewriter {
	const char *s;
	const char *path;
	struct text out;
	char *error;
	size_t error_size;
	bool failed;
	size_t template_end;          /* just after the last `template <...>` */
	size_t template_open, template_close;
	size_t pending_brace;         /* where a kernel body starts, or NOT_FOUND */
	struct text pending;          /* what goes right after that brace */
};

static unsigned line_of(const struct rewriter *r, size_t at)
{
	unsigned line = 1;

	for (size_t i = 0; i < at && r->s[i]; i++)
		line += r->s[i] == '\n';
	return line;
}

static void fail(struct rewriter *r, size_t at, const char *format, ...)
{
	va_list args;
	int used;

	if (r->failed)
		return;
	r->failed = true;
	used = snprintf(r->error, r->error_size, "%s:%u: ", r->path, line_of(r, at));
	va_start(args, format);
	if (used >= 0 && (size_t)used < r->error_size)
		vsnprintf(r->error + used, r->error_size - (size_t)used, format, args);
	va_end(args);
}

static bool ident_start(char c)
{
	return isalpha((unsigned char)c) || c == '_';
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static size_t word_end(const char *s, size_t i)
{
	while (ident_char(s[i]))
		i++;
	return i;
}

static bool word_is(const char *s, size_t i, size_t end, const char *word)
{
	return end - i == strlen(word) && strncmp(s + i, word, end - i) == 0;
}

/* After a comment starting at i (s[i] == '/'), or i when none starts there. */
static size_t comment_end(const char *s, size_t i)
{
	if (s[i] == '/' && s[i + 1] == '/') {
		while (s[i] && s[i] != '\n')
			i++;
	} else if (s[i] == '/' && s[i + 1] == '*') {
		const char *close = strstr(s + i + 2, "*/");

		i = close ? (size_t)(close - s) + 2 : strlen(s);
	}
	return i;
}

/* After the string or character literal opening at i. */
static size_t literal_end(const char *s, size_t i)
{
	char quote = s[i++];

	while (s[i] && s[i] != quote) {
		if (s[i] == '\\' && s[i + 1])
			i++;
		if (s[i] == '\n')
			break;
		i++;
	}
	return s[i] == quote ? i + 1 : i;
}

/* A quote that opens a literal (not a C++14 digit separator). */
static bool opens_literal(const char *s, size_t i)
{
	return s[i] == '"' || (s[i] == '\'' && !(i > 0 && isalnum((unsigned char)s[i - 1])));
}

static size_t skip_space(const char *s, size_t i)
{
	for (;;) {
		size_t next = comment_end(s, i);

		if (next != i) {
			i = next;
			continue;
		}
		if (!isspace((unsigned char)s[i]))
			return i;
		i++;
	}
}

/* After the bracket matching the one at i (parentheses, brackets and braces nest, and angle
 * brackets when s[i] is one; literals and comments are skipped); NOT_FOUND when it is not
 * closed. */
static size_t close_of(const char *s, size_t i)
{
	const char *openers = s[i] == '<' ? "([{<" : "([{";
	char stack[256];
	size_t depth = 0;

	while (s[i]) {
		size_t next = comment_end(s, i);

		if (next != i) {
			i = next;
			continue;
		}
		if (opens_literal(s, i)) {
			i = literal_end(s, i);
			continue;
		}
		if (strchr(openers, s[i])) {
			if (depth == sizeof(stack))
				return NOT_FOUND;
			stack[depth++] = s[i] == '(' ? ')' : s[i] == '[' ? ']' : s[i] == '{' ? '}' : '>';
		} else if (depth && s[i] == stack[depth - 1]) {
			if (--depth == 0)
				return i + 1;
		} else if (strchr(")]}", s[i]) || (depth && s[i] == ';' && stack[depth - 1] == '>')) {
			return NOT_FOUND;
		}
		i++;
	}
	return NOT_FOUND;
}

/* Copies s[from, to) as one line: newlines and comments become spaces. */
static void add_flat(struct text *t, const char *s, size_t from, size_t to)
{
	for (size_t i = from; i < to;) {
		size_t next = comment_end(s, i);

		if (next != i) {
			add(t, " ", 1);
			i = next > to ? to : next;
			continue;
		}
		add(t, s[i] == '\n' ? " " : s + i, 1);
		i++;
	}
}

/* --- template parameters -------------------------------------------------------------- */

/* The name of one template parameter (`typename T`, `int N = 4`, `class... Ts`), with `...`
 * after a pack's; false when it has none. */
static bool template_parameter_name(struct text *t, const char *s, size_t from, size_t to)
{
	size_t end = to, start, first;
	bool pack = false;

	for (size_t i = from; i < to; i++) {
		if (s[i] == '=') {
			end = i;
			break;
		}
		if (s[i] == '.' && s[i + 1] == '.' && s[i + 2] == '.')
			pack = true;
	}
	while (end > from && isspace((unsigned char)s[end - 1]))
		end--;
	start = end;
	while (start > from && ident_char(s[start - 1]))
		start--;
	first = skip_space(s, from);
	if (start == end || start == first || !ident_start(s[start]))
		return false;
	add(t, s + start, end - start);
	if (pack)
		add_string(t, "...");
	return true;
}

/* `name<P1, P2...>` for the template parameters in s[open + 1, close - 1); false when one has
 * no name. */
static bool template_arguments(struct text *t, const char *s, size_t open, size_t close)
{
	size_t part = open + 1;
	int depth = 0;

	if (skip_space(s, open + 1) >= close - 1) /* template <>: an explicit specialization */
		return false;
	add_string(t, "<");
	for (size_t i = open + 1; i < close; i++) {
		bool last = i == close - 1;

		if (strchr("(<[{", s[i]))
			depth++;
		else if (!last && strchr(")>]}", s[i]))
			depth--;
		if ((s[i] == ',' && depth == 0) || last) {
			if (part != open + 1)
				add_string(t, ", ");
			if (!template_parameter_name(t, s, part, i))
				return false;
			part = i + 1;
		}
	}
	add_string(t, ">");
	return true;
}

/* Whether only words (static, inline, ...) stand between the last template head and at. */
static bool template_applies(const struct rewriter *r, size_t at)
{
	size_t i = r->template_end;

	if (i == NOT_FOUND || i > at)
		return false;
	for (i = skip_space(r->s, i); i < at && ident_start(r->s[i]); i = skip_space(r->s, i))
		i = word_end(r->s, i);
	return i == at;
}

/* --- __global__ definitions ---------------------------------------------------------- */

static bool is_attribute_word(const char *s, size_t i, size_t end)
{
	static const char *const words[] = { "__launch_bounds__", "__attribute__", "alignas",
					     "__declspec", "__align__" };

	for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++)
		if (word_is(s, i, end, words[w]))
			return true;
	return false;
}

struct kernel_head {
	size_t name, name_end;     /* the name, with its template arguments if written */
	bool explicit_arguments;
	size_t open, close;        /* the parameter list's parentheses: s[open] is '(' */
};

/* Reads `void __launch_bounds__(256) name<...>(params)` from i; false when it is no kernel. */
static bool read_kernel_head(const char *s, size_t i, struct kernel_head *k)
{
	for (i = skip_space(s, i); s[i] && !strchr(";{}", s[i]); i = skip_space(s, i)) {
		size_t end, next;

		if (!ident_start(s[i])) {
			i++;
			continue;
		}
		end = word_end(s, i);
		next = skip_space(s, end);
		if (s[next] == '(' && is_attribute_word(s, i, end)) {
			i = close_of(s, next);
			if (i == NOT_FOUND)
				return false;
			continue;
		}
		k->name = i;
		k->name_end = end;
		k->explicit_arguments = false;
		if (s[next] == '<') { /* template<> void name<float>(...) */
			size_t close = close_of(s, next);

			if (close == NOT_FOUND)
				return false;
			k->name_end = close;
			k->explicit_arguments = true;
			next = skip_space(s, close);
		}
		if (s[next] == '(') {
			k->open = next;
			k->close = close_of(s, next);
			return k->close != NOT_FOUND;
		}
		i = end;
	}
	return false;
}

/* Where the body of the kernel starts, or NOT_FOUND for a declaration. */
static size_t body_brace(const char *s, size_t i)
{
	for (i = skip_space(s, i); ident_start(s[i]); i = skip_space(s, i)) {
		size_t end = word_end(s, i), next = skip_space(s, end);

		if (!is_attribute_word(s, i, end) || s[next] != '(')
			return NOT_FOUND;
		i = close_of(s, next);
		if (i == NOT_FOUND)
			return NOT_FOUND;
	}
	return s[i] == '{' ? i : NOT_FOUND;
}

/* The kernel whose __global__ is at [at, after): its registration goes after its body's '{'. */
static void kernel_definition(struct rewriter *r, size_t at, size_t after)
{
	struct kernel_head k;
	size_t brace;
	struct text name = { 0 };

	if (!read_kernel_head(r->s, after, &k))
		return;
	brace = body_brace(r->s, k.close);
	if (brace == NOT_FOUND)
		return;
	add(&name, r->s + k.name, k.name_end - k.name);
	if (!k.explicit_arguments && template_applies(r, at) &&
	    !template_arguments(&name, r->s, r->template_open, r->template_close)) {
		name.length = k.name_end - k.name; /* unnamed parameters: let the call deduce */
		name.data[name.length] = '\0';
	}
	r->pending.length = 0;
	add_string(&r->pending, " HSAT_KERNEL_SELF(");
	add_flat(&r->pending, r->s, k.open, k.close);
	add_string(&r->pending, ", (&");
	add_flat(&r->pending, name.data ? name.data : "", 0, name.length);
	add_string(&r->pending, "));");
	r->pending_brace = brace;
	if (name.failed || r->pending.failed)
		fail(r, at, "out of memory");
	free(name.data);
}

/* --- extern __shared__ ---------------------------------------------------------------- */

/* Appends s[from, to) without __align__(...) and alignas(...). */
static void add_without_alignment(struct text *t, const char *s, size_t from, size_t to)
{
	for (size_t i = from; i < to;) {
		size_t end = ident_start(s[i]) ? word_end(s, i) : i + 1;
		size_t next = skip_space(s, end);

		if (ident_start(s[i]) && is_attribute_word(s, i, end) && s[next] == '(') {
			size_t close = close_of(s, next);

			i = close == NOT_FOUND || close > to ? to : close;
			continue;
		}
		add(t, s + i, end - i);
		i = end;
	}
}

/* `extern __shared__ T name[];` (s[from, semicolon)) as a view of the dynamic group segment. */
static bool dynamic_shared(struct rewriter *r, size_t from, size_t semicolon)
{
	const char *s = r->s;
	size_t end = semicolon, bracket, name;

	while (end > from && isspace((unsigned char)s[end - 1]))
		end--;
	if (end == from || s[end - 1] != ']')
		return false;
	for (bracket = end - 1; bracket > from && s[bracket] != '['; bracket--)
		;
	while (bracket > from && isspace((unsigned char)s[bracket - 1]))
		bracket--;
	for (name = bracket; name > from && ident_char(s[name - 1]); name--)
		;
	if (name == bracket || name == from)
		return false;
	add_string(&r->out, "static ::hsat::dynamic_shared<");
	add_without_alignment(&r->out, s, from, name);
	add_string(&r->out, "> ");
	add(&r->out, s + name, bracket - name);
	add_string(&r->out, ";");
	for (size_t i = from; i < semicolon; i++)
		if (s[i] == '\n')
			add_string(&r->out, "\n");
	return true;
}

/* At `extern` (i, end): true when it was an extern __shared__ declaration, now rewritten. */
static bool extern_shared(struct rewriter *r, size_t i, size_t end, size_t *after)
{
	const char *s = r->s;
	size_t next = skip_space(s, end), next_end = word_end(s, next), semicolon;

	if (!word_is(s, next, next_end, "__shared__"))
		return false;
	for (semicolon = next_end; s[semicolon] && s[semicolon] != ';'; semicolon++)
		;
	if (!s[semicolon] || !dynamic_shared(r, next_end, semicolon)) {
		fail(r, i, "extern __shared__ declaration not understood: write it as "
			   "`extern __shared__ TYPE NAME[];`");
		return true;
	}
	*after = semicolon + 1;
	return true;
}

/* --- the pass ------------------------------------------------------------------------- */

static bool is_warp_intrinsic(const char *s, size_t i, size_t end)
{
	static const char *const names[] = {
		"__shfl", "__shfl_up", "__shfl_down", "__shfl_xor", "__shfl_sync",
		"__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__ballot",
		"__ballot_sync", "__any", "__any_sync", "__all", "__all_sync", "__activemask",
	};

	for (size_t n = 0; n < sizeof(names) / sizeof(names[0]); n++)
		if (word_is(s, i, end, names[n]))
			return true;
	return false;
}

/* `<<<...>>>` at i: dropped, its newlines kept; where it ends. */
static size_t launch_configuration(struct rewriter *r, size_t i)
{
	const char *close = strstr(r->s + i + 3, ">>>");

	if (!close) {
		fail(r, i, "`<<<` without `>>>`");
		return strlen(r->s);
	}
	for (const char *c = r->s + i; c < close; c++)
		if (*c == '\n')
			add_string(&r->out, "\n");
	return (size_t)(close - r->s) + 3;
}

/* One identifier at i; where the copy goes on. */
static size_t word(struct rewriter *r, size_t i)
{
	const char *s = r->s;
	size_t end = word_end(s, i), after = end;

	if (is_warp_intrinsic(s, i, end) && s[skip_space(s, end)] == '(') {
		fail(r, i, "warp intrinsic %.*s: CPU builds run the items of a workgroup one at a "
			   "time, with no wavefront to exchange values in; hsatrace kernels does "
			   "not offer __shfl*, __ballot, __any, __all",
		     (int)(end - i), s + i);
		return end;
	}
	if (word_is(s, i, end, "extern") && extern_shared(r, i, end, &after))
		return after;
	if (word_is(s, i, end, "template")) {
		size_t open = skip_space(s, end), close = s[open] == '<' ? close_of(s, open) : NOT_FOUND;

		if (close != NOT_FOUND) {
			r->template_open = open;
			r->template_close = close;
			r->template_end = close;
		}
	}
	if (word_is(s, i, end, "__global__"))
		kernel_definition(r, i, end);
	add(&r->out, s + i, end - i);
	return end;
}

static size_t step(struct rewriter *r, size_t i)
{
	const char *s = r->s;
	size_t next = comment_end(s, i);

	if (i == r->pending_brace) {
		add(&r->out, "{", 1);
		add(&r->out, r->pending.data, r->pending.length);
		r->pending_brace = NOT_FOUND;
		return i + 1;
	}
	if (next == i && opens_literal(s, i))
		next = literal_end(s, i);
	if (next != i) {
		add(&r->out, s + i, next - i);
		return next;
	}
	if (strncmp(s + i, "<<<", 3) == 0)
		return launch_configuration(r, i);
	if (ident_start(s[i]) && !(i > 0 && ident_char(s[i - 1])))
		return word(r, i);
	add(&r->out, s + i, 1);
	return i + 1;
}

char *hsat_kernels_rewrite(const char *source, const char *path, char *error, size_t error_size)
{
	struct rewriter r = { 0 };

	r.s = source;
	r.path = path;
	r.error = error;
	r.error_size = error_size;
	r.template_end = NOT_FOUND;
	r.pending_brace = NOT_FOUND;
	add_string(&r.out, "#line 1 \"");
	for (const char *c = path; *c; c++) {
		if (*c == '"' || *c == '\\')
			add_string(&r.out, "\\");
		add(&r.out, c, 1);
	}
	add_string(&r.out, "\"\n");
	for (size_t i = 0; source[i] && !r.failed;)
		i = step(&r, i);
	free(r.pending.data);
	if (!r.failed && r.out.failed)
		fail(&r, 0, "out of memory");
	if (r.failed) {
		free(r.out.data);
		return NULL;
	}
	return r.out.data;
}
