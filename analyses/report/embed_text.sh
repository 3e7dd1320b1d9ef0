#!/bin/sh
# embed_text.sh NAME FILE: writes to standard output a C file defining `const char NAME[]`,
# FILE's text, so the page's script and style live in files of their own (report.js,
# report.css) and are built into hsatrace-report. The text goes into the page inside
# <![CDATA[ ... ]]> (script) or <style>, so a "]]>" in it is refused.
set -eu
name=$1
file=$2
if grep -q ']]>' "$file"; then
	echo "embed_text.sh: $file holds ']]>', which would end the page's CDATA section" >&2
	exit 1
fi
printf '/* Generated from %s by analyses/report/embed_text.sh: do not edit. */\n' "$file"
printf 'extern const char %s[];\nconst char %s[] =\n' "$name" "$name"
# Each line a C string literal: backslash, double quote and '?' (no trigraphs) escaped.
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/\t"/' -e 's/$/\\n"/' "$file"
printf '\t"";\n'
