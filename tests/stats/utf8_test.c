/* utf8_sequence_length: accepts well-formed UTF-8, refuses what HTML/JSON writers must replace. */
#include "analyses/common/utf8.h"
#include "tap.h"

int main(void)
{
	plan(12);
	is_int(utf8_sequence_length("a"), 1, "ASCII");
	is_int(utf8_sequence_length("\xC3\xA9"), 2, "U+00E9 (2 bytes)");
	is_int(utf8_sequence_length("\xE2\x82\xAC"), 3, "U+20AC (3 bytes)");
	is_int(utf8_sequence_length("\xF0\x9F\x98\x80"), 4, "U+1F600 (4 bytes)");
	is_int(utf8_sequence_length("\xC4" "e"), 0, "a lead byte without its continuation");
	is_int(utf8_sequence_length("\x80"), 0, "a lone continuation byte");
	is_int(utf8_sequence_length("\xC0\xAF"), 0, "an overlong 2-byte form");
	is_int(utf8_sequence_length("\xE0\x80\xAF"), 0, "an overlong 3-byte form");
	is_int(utf8_sequence_length("\xED\xA0\x80"), 0, "a surrogate");
	is_int(utf8_sequence_length("\xF4\x90\x80\x80"), 0, "above U+10FFFF");
	is_int(utf8_sequence_length("\xE2\x82"), 0, "a sequence cut by the end of the string");
	is_int(utf8_sequence_length("\xFF"), 0, "0xFF");
	return exit_status();
}
