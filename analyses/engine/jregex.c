/* jregex.c - see jregex.h. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "analyses/engine/jregex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pcre2.h>

static pcre2_code *compile(const char *pattern, uint32_t end_anchor, char *err, size_t errsz)
{
	int code;
	PCRE2_SIZE offset;
	pcre2_code *c;

	/* anchored at both ends: Matcher.matches(); UTF, as Java strings are Unicode */
	c = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
			  PCRE2_ANCHORED | end_anchor | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF,
			  &code, &offset, NULL);
	if (!c) {
		PCRE2_UCHAR msg[160];

		pcre2_get_error_message(code, msg, sizeof(msg));
		snprintf(err, errsz, "%s at offset %zu", (const char *)msg, (size_t)offset);
	}
	return c;
}

int jregex_compile(struct jregex *re, const char *pattern, char *err, size_t errsz)
{
	pcre2_code *c;

	memset(re, 0, sizeof(*re));
	c = compile(pattern, PCRE2_ENDANCHORED, err, errsz);
	if (!c)
		return -1;
	pcre2_jit_compile(c, PCRE2_JIT_COMPLETE);	/* faster when available; fine without */
	re->code = c;
	/* partial matching cannot be combined with an end anchor */
	re->prefix_code = compile(pattern, 0, err, errsz);
	re->match_data = pcre2_match_data_create_from_pattern(c, NULL);
	if (!re->prefix_code || !re->match_data) {
		snprintf(err, errsz, "out of memory");
		jregex_free(re);
		return -1;
	}
	return 0;
}

int jregex_matches(const struct jregex *re, const char *subject)
{
	return pcre2_match(re->code, (PCRE2_SPTR)subject, PCRE2_ZERO_TERMINATED, 0, 0,
			   re->match_data, NULL) >= 0;
}

int jregex_groups(const struct jregex *re, const char *subject, char **groups, int max)
{
	int rc = pcre2_match(re->code, (PCRE2_SPTR)subject, PCRE2_ZERO_TERMINATED, 0, 0,
			     re->match_data, NULL);
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(re->match_data);
	int n = 0;

	if (rc < 0)
		return -1;
	for (int g = 1; g < rc && n < max && ov[2 * g] != PCRE2_UNSET; g++) {
		groups[n] = strndup(subject + ov[2 * g], ov[2 * g + 1] - ov[2 * g]);
		if (!groups[n])
			abort();
		n++;
	}
	return n;
}

int jregex_prefix(const struct jregex *re, const char *subject)
{
	int rc = pcre2_match(re->prefix_code, (PCRE2_SPTR)subject, PCRE2_ZERO_TERMINATED, 0,
			     PCRE2_PARTIAL_HARD, re->match_data, NULL);

	/* a complete match must end at the end, else the subject still could be a prefix */
	return rc == PCRE2_ERROR_PARTIAL || jregex_matches(re, subject);
}

void jregex_free(struct jregex *re)
{
	pcre2_match_data_free(re->match_data);
	pcre2_code_free(re->prefix_code);
	pcre2_code_free(re->code);
	memset(re, 0, sizeof(*re));
}
