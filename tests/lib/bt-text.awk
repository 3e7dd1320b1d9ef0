# bt-text.awk - what the tests' awk programs read in babeltrace2's text output; given first:
#
#   awk -f "$HSATRACE_SRC/tests/lib/bt-text.awk" -f CHECK.awk TEXT
#
#   field(name)   the value of the current line's field `name`, "" when it has none: a
#                 string without its quotes (a comma inside it kept), a number as printed
#                 (hexadecimal ones as 0x...). The name is matched whole (after "{" or " ").
function field(name,    r) {
	if (!match($0, "[{ ]" name " = (\"[^\"]*\"|[^,}]*)"))
		return ""
	r = substr($0, RSTART + 1, RLENGTH - 1)
	sub(/^[^=]*= /, "", r)
	gsub(/"/, "", r)
	sub(/ +$/, "", r)
	return r
}
