# expected-rows.sh - the two sides the stats tests compare, table by table (sourced, with
# $stats set to hsatrace-stats):
#
#   expected TRACE SECTION   expect.awk's rows of SECTION, computed from babeltrace2's output
#                            of TRACE, in the order the tables are documented to have
#   got TRACE SECTION        hsatrace stats' CSV rows of SECTION for TRACE
expected() {
	babeltrace2 --clock-cycles "$1" | awk -f "$HSATRACE_SRC/tests/lib/bt-text.awk" \
		-f "$HSATRACE_SRC/tests/stats/expect.awk" |
		grep "^$2," | case $2 in
		api | kernels) sort -t, -k4,4nr -k2,2 ;;
		copies) sort -t, -k5,5nr -k2,2 ;;
		queues) sort -t, -k5,5nr -k2,2n -k3,3n ;;
		waits) sort -t, -k6,6nr -k2,2n -k3,3n ;;
		esac
}

got() {
	"$stats" --format csv --section "$2" "$1" | grep "^$2,"
}
