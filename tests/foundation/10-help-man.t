#!/bin/sh
# Each command's --help and its man page agree: every option --help lists (long -x-y and short
# -x) is in docs/man/hsatrace-<command>.1, and every command of `hsatrace --help` is named in
# hsatrace(1). Options are taken from --help's text, so a new option without its man entry
# fails here. And the other way: every option the OPTIONS section of hsatrace-<command>(1)
# names is accepted by the command's parser (getopt does not call it unrecognized or invalid;
# as getopt_long takes a unique prefix of a long option for it, a page naming one would pass).
. "$(dirname "$0")/../lib/tap.sh"
hsat=$HSATRACE_BUILD/bin/hsatrace
[ -x "$hsat" ] || skip_all "hsatrace not built ($hsat)"
man_dir=$HSATRACE_SRC/docs/man
commands=$(printf '%s\n' "$("$hsat" --help)" | awk '/^Commands:/{f=1;next} f&&NF==0{exit} f{print $1}')
[ -n "$commands" ] || { plan 1; ok 1 "hsatrace --help lists its commands"; exit 1; }
plan $(($(printf '%s\n' "$commands" | wc -l) + 5))

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

# The options named in a man page's OPTIONS section, one a line: --long-name and -x.
man_options() {
	awk '/^\.SH/ { in_options = ($2 == "OPTIONS"); next } in_options' "$1" |
		sed 's/\\-/-/g; s/\\f[BIRP]//g' |
		perl -ne 'print "$1\n" while /(?:^|[]\s(,"|=])(--[a-z][a-z0-9-]*|-[a-zA-Z](?![a-zA-Z0-9]))/g' |
		sort -u
}
# The options of $2... that command $1 does not accept: its parser's getopt says so. Run with
# no operand, so that each run ends in a usage error at most, in an empty folder.
not_accepted() {
	_c=$1
	shift
	_refused=""
	for _o in "$@"; do
		_err=$(cd "$run_dir" && timeout 20 "$hsat" "$_c" "$_o" </dev/null 2>&1 >/dev/null)
		_rc=$?
		if [ $_rc -ge 124 ] || printf '%s\n' "$_err" |
			grep -q 'unrecognized option\|invalid option'; then
			_refused="$_refused $_o"
		fi
	done
	echo "$_refused"
}
run_dir=$(mktemp -d)
trap 'rm -rf "$run_dir"' EXIT

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
# hsatrace(1)'s COMMANDS (.TP, .B NAME, then its summary) in the front door's order and words.
man_commands=$(awk '/^\.SH/ { in_commands = ($2 == "COMMANDS"); next }
	in_commands && /^\.B / { name = $2; next }
	in_commands && name != "" { print name, $0; name = "" }' "$man_dir/hsatrace.1" |
	sed 's/\\-/-/g')
help_commands=$("$hsat" --help | awk '/^Commands:/ { f = 1; next } f && NF == 0 { exit }
	f { name = $1; sub(/^ *[^ ]+ +/, ""); print name, $0 }')
is "$man_commands" "$help_commands" "hsatrace(1)'s COMMANDS are 'hsatrace --help''s, in order, same summaries"

refused=""
for c in $commands; do
	[ -f "$man_dir/hsatrace-$c.1" ] || continue
	# shellcheck disable=SC2046 # one option a word
	r=$(not_accepted "$c" $(man_options "$man_dir/hsatrace-$c.1"))
	[ -z "$r" ] || refused="$refused $c:$r"
done
is "$refused" "" "every option of hsatrace-<command>(1)'s OPTIONS is accepted by the command"
is "$(not_accepted stats --no-such-option -Z --help)" " --no-such-option -Z" \
	"an option the parser does not know is found refused (and a known one is not)"
# has_option itself: an option inside a longer one does not count.
printf '%s\n' "--max-items-total" | has_option "--max-items"
is $? 1 "an option inside a longer option name is not taken for it"
