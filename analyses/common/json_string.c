#include "analyses/common/json_string.h"

#include "analyses/common/utf8.h"

/* '<' and '&' as \u00XX too when html_safe: the string can sit in an HTML <script> block. */
static void write_escaped(const char *s, FILE *out, int html_safe)
{
	fputc_unlocked('"', out);
	while (*s) {
		unsigned char c = (unsigned char)*s;
		size_t n = utf8_sequence_length(s);

		if (n == 0) {
			fputs_unlocked(UTF8_REPLACEMENT, out);
			n = 1;
		} else if (c == '"' || c == '\\') {
			fprintf(out, "\\%c", c);
		} else if (c < 0x20 || (html_safe && (c == '<' || c == '&'))) {
			fprintf(out, "\\u%04x", c);
		} else if (n == 1) { /* a run of ASCII needing no escape, in one write */
			size_t run = 1;

			while (s[run] && (unsigned char)s[run] >= 0x20 && (unsigned char)s[run] < 0x80 &&
			       s[run] != '"' && s[run] != '\\' &&
			       !(html_safe && (s[run] == '<' || s[run] == '&')))
				run++;
			n = run;
			json_put(s, n, out);
		} else {
			json_put(s, n, out);
		}
		s += n;
	}
	fputc_unlocked('"', out);
}

void json_string_write(const char *s, FILE *out)
{
	write_escaped(s, out, 0);
}

void json_string_write_html_safe(const char *s, FILE *out)
{
	write_escaped(s, out, 1);
}
