#!/bin/sh
# Each command's --help and its man page agree: every option --help lists (long -x-y and short
# -x) is in docs/man/hsatrace-<command>.1, and every command of `hsatrace --help` is named in
# hsatrace(1). Options are taken from --help's text, so a new option without its man entry
# fails here.
. "$(dirname "$0")/../lib/tap.sh"
hsat=$HSATRACE_BUILD/bin/hsatrace
[ -x "$hsat" ] || skip_all "hsatrace not built ($hsat)"
man_dir=$HSATRACE_SRC/docs/man
commands=$(printf '%s\n' "$("$hsat" --help)" | awk '/^Commands:/{f=1;next} f&&NF==0{exit} f{print $1}')
[ -n "$commands" ] || { plan 1; ok 1 "hsatrace --help lists its commands"; exit 1; }
plan $(($(printf '%s\n' "$commands" | wc -l) + 2))

# A man page as plain text: \- is -, font changes (\fB, \fI, \fR, \fP) are dropped.
man_text() { sed 's/\\-/-/g; s/\\f[BIRP]//g' "$1"; }
# The options of a --help text, one a line: --long-name and -x.
help_options() {
	grep -o -- '--[a-z][a-z0-9-]*' | sort -u
}
help_short_options() {
	grep -o -- '\(^\|[] [,|]\)-[a-zA-Z]\($\|[] ,=|]\)' | tr -d '][ ,=|' | sort -u
}
# Whether the option $1 is in the text on standard input (not as part of a longer word).
has_option() {
	grep -Eq -- "(^|[^-a-zA-Z0-9])$1([^-a-zA-Z0-9]|$)"
}

for c in $commands; do
	help=$("$hsat" "$c" --help 2>/dev/null)
	page=$man_dir/hsatrace-$c.1
	missing=""
	if [ -z "$help" ] || [ ! -f "$page" ]; then
		missing="(no --help text or no $page)"
	else
		man=$(man_text "$page")
		for o in $(printf '%s\n' "$help" | help_options) \
			$(printf '%s\n' "$help" | help_short_options); do
			printf '%s\n' "$man" | has_option "$o" || missing="$missing $o"
		done
	fi
	is "$missing" "" "every option of 'hsatrace $c --help' is in hsatrace-$c(1)"
done

man=$(man_text "$man_dir/hsatrace.1")
missing=""
for c in $commands; do
	printf '%s\n' "$man" | grep -q "hsatrace-$c" || missing="$missing $c"
done
is "$missing" "" "hsatrace(1) names every command of 'hsatrace --help'"

# has_option itself: an option inside a longer one does not count.
printf '%s\n' "--max-items-total" | has_option "--max-items"
is $? 1 "an option inside a longer option name is not taken for it"
