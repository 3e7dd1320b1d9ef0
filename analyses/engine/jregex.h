/*
 * jregex.h - Trace Compass's patterns (event names, view entry path segments): java.util.regex
 * with Matcher.matches() (the whole subject), run by PCRE2, whose dialect is close to Java's (\d,
 * \w, (?i), lazy and possessive quantifiers, lookaround). What still differs is listed in
 * docs/analyze.md. The schema check (schema_check.c) uses it for its content expressions.
 */
#ifndef HSAT_ENGINE_JREGEX_H
#define HSAT_ENGINE_JREGEX_H

#include <stddef.h>

struct jregex {
	void *code;		/* pcre2_code_8 */
	void *prefix_code;	/* the same without the end anchor, for jregex_prefix (partial matching) */
	void *match_data;	/* pcre2_match_data_8, reused by every match */
};

/* 0, or -1 with the reason in err (as Pattern.compile would throw). */
int jregex_compile(struct jregex *re, const char *pattern, char *err, size_t errsz);
/* 1 when the whole subject matches, else 0. */
int jregex_matches(const struct jregex *re, const char *subject);
/*
 * On a whole-subject match, groups 1, 2, ... (up to max, and up to the first unset one) copied
 * into groups (malloc'ed, the caller frees them); their count, or -1 when there is no match.
 */
int jregex_groups(const struct jregex *re, const char *subject, char **groups, int max);
/* 1 when the subject matches, or is the beginning of a subject that could match. */
int jregex_prefix(const struct jregex *re, const char *subject);
void jregex_free(struct jregex *re);

#endif
