/* bt_error_text_strip: babeltrace2's messages without their internal addresses. */
#include "analyses/common/bt_error_text.h"
#include "tap.h"

static const char *strip(const char *msg)
{
	static char out[512];

	bt_error_text_strip(msg, out, sizeof(out));
	return out;
}

int main(void)
{
	plan(7);
	is_str(strip("BFCR failed to start: msg-it-addr=0x6130000011c0, bfcr-addr=0x6110000034c0, "
		     "status=ERROR"), "BFCR failed to start: status=ERROR",
	       "leading address pairs go, the rest stays");
	is_str(strip("Cannot validate muxer's upstream message iterator wrapper: "
		     "muxer-msg-iter-addr=0x6070000032e0, muxer-upstream-msg-iter-wrap-addr=0x603"),
	       "Cannot validate muxer's upstream message iterator wrapper",
	       "only addresses: the dangling ': ' goes too");
	is_str(strip("Youngest timestamp is less: muxer-msg-iter-addr=0x607000001670, ts=2000, "
		     "last-returned-ts=3000"), "Youngest timestamp is less: ts=2000, last-returned-ts=3000",
	       "values that are not addresses stay");
	is_str(strip("Cannot decode event payload field: msg-it-addr=0x1, event-class-addr=0x2, "
		     "event-class-name=\"x\", event-class-id=0, fc-addr=0x3"),
	       "Cannot decode event payload field: event-class-name=\"x\", event-class-id=0",
	       "addresses between and after other pairs");
	is_str(strip("Failed to index CTF stream file '/t/kernel_channel_0'"),
	       "Failed to index CTF stream file '/t/kernel_channel_0'", "a message without pairs");
	is_str(strip("two\nlines"), "two lines", "newlines become spaces");
	is_str(strip("caddr=0x12 naddr=5 x"), "naddr=5 x", "only hexadecimal addresses");
	return exit_status();
}
