#!/bin/sh
# Every command that reads a trace, on inputs that are not one (a missing path, an empty file,
# folders without a usable metadata file, metadata of random bytes or cut short, a FIFO or a
# folder named metadata): exit status 1 and a first message "hsatrace CMD: ...", never a
# crash, a sanitizer report, a usage error or a hang (each run is bounded by timeout). And an
# output inside the trace read (it would replace or add one of the trace's files): a usage
# error, the trace left as it was.
. "$(dirname "$0")/../lib/tap.sh"
hsat=$HSATRACE_BUILD/bin/hsatrace
sample=$HSATRACE_SRC/traces-samples/traces/matmul_pipeline/trace
[ -x "$hsat" ] || skip_all "hsatrace not built ($hsat)"
[ -f "$sample/metadata" ] || skip_all "no sample trace ($sample)"
command -v timeout >/dev/null || skip_all "timeout (coreutils) not installed"
plan 11
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
suppress_babeltrace_leaks

# The commands that read a trace, each as "NAME ARGS-BEFORE-THE-TRACE" (outputs under $tmp/out).
commands="stats|report -o $tmp/out/report.html|export -f sqlite -o $tmp/out/export.db|unify -o $tmp/out/unified|model|analyze $HSATRACE_SRC/xml-views/hsa-queues.xml|views -o $tmp/out/views"

# The commands that do not exit 1 with their own message on TRACE, as "name(why)".
misbehaving() { # TRACE [COMMAND-TO-LEAVE-OUT]
	_bad=""
	_ifs=$IFS
	IFS='|'
	for _c in $commands; do
		IFS=$_ifs
		_name=${_c%% *}
		[ "$_name" = "${2:-}" ] && continue
		rm -rf "$tmp/out" && mkdir "$tmp/out"
		# shellcheck disable=SC2086
		timeout 60 "$hsat" $_c "$1" </dev/null >"$tmp/stdout" 2>"$tmp/stderr"
		_rc=$?
		_first=$(head -n 1 "$tmp/stderr")
		if [ $_rc -eq 124 ]; then
			_bad="$_bad $_name(hangs)"
		elif grep -q 'Sanitizer\|runtime error:' "$tmp/stderr"; then
			_bad="$_bad $_name(sanitizer)"
			sed 's/^/# /' "$tmp/stderr" | head -n 20 >&2
		elif [ $_rc -ne 1 ]; then
			_bad="$_bad $_name(exit $_rc)"
		else
			case "$_first" in "hsatrace $_name: "*) ;; *) _bad="$_bad $_name($_first)" ;; esac
		fi
		IFS='|'
	done
	IFS=$_ifs
	echo "$_bad"
}

is "$(misbehaving "$tmp/missing")" "" "a path that does not exist: exit 1, said"
: >"$tmp/empty-file"
is "$(misbehaving "$tmp/empty-file")" "" "an empty file: exit 1, said"
mkdir "$tmp/empty"
is "$(misbehaving "$tmp/empty")" "" "an empty folder: exit 1, said"
mkdir "$tmp/no-metadata" && echo data >"$tmp/no-metadata/channel0_0"
is "$(misbehaving "$tmp/no-metadata")" "" "a folder of a stream file without metadata: exit 1, said"
mkdir "$tmp/random" && cp "$sample/hsatrace_0" "$tmp/random/" &&
	perl -e 'srand(7); print map { chr(int(rand(256))) } 1 .. 4096' >"$tmp/random/metadata"
is "$(misbehaving "$tmp/random")" "" "metadata of random bytes: exit 1, said"
mkdir "$tmp/fifo" && mkfifo "$tmp/fifo/metadata"
is "$(misbehaving "$tmp/fifo")" "" "a FIFO named metadata (nobody writes it): exit 1, said, no wait"
mkdir -p "$tmp/dir-metadata/metadata"
is "$(misbehaving "$tmp/dir-metadata")" "" "a folder named metadata: exit 1, said"
# Metadata that starts as CTF and stops: views only needs a trace folder (it reads no event).
mkdir "$tmp/text-cut" && printf '/* CTF 1.8 */\ntrace { major = 1; minor = 8; byte_order = le; };\nstream {' \
	>"$tmp/text-cut/metadata"
is "$(misbehaving "$tmp/text-cut" views)" "" "text metadata cut in a declaration: exit 1, said"
cp -r "$sample" "$tmp/sample-cut" && head -c 700 "$sample/metadata" >"$tmp/sample-cut/metadata"
is "$(misbehaving "$tmp/sample-cut" views)" "" "a recorded sample with its metadata cut at 700 bytes: exit 1, said"

# Outputs inside the trace: the file given is the trace's metadata, a new file beside it, or
# the trace folder itself (export's csv replaces a folder with --force).
cp -r "$sample" "$tmp/kept"
bad=""
for c in "stats -o $tmp/kept/metadata" "report -o $tmp/kept/./metadata" \
	"export -f csv --force -o $tmp/kept" "export -f sqlite -o $tmp/kept/t.db" \
	"model -o $tmp/kept/../kept/m.txt" "model --lqn $tmp/kept/m.lqnx" \
	"analyze -o $tmp/kept/a.txt $HSATRACE_SRC/xml-views/hsa-queues.xml"; do
	# shellcheck disable=SC2086
	timeout 60 "$hsat" $c "$tmp/kept" >/dev/null 2>"$tmp/stderr"
	rc=$?
	[ $rc -eq 2 ] && grep -q "^hsatrace ${c%% *}: the output must not be inside the trace" \
		"$tmp/stderr" || bad="$bad [$c: exit $rc, $(head -n 1 "$tmp/stderr")]"
done
is "$bad" "" "an output inside the trace (stats, report, export, model -o and --lqn, analyze): usage error"
diff -r "$sample" "$tmp/kept" >/dev/null
ok $? "and the trace is left as it was"
