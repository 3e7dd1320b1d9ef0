/*
 * bt_error_text - babeltrace2's current error as readable text: one line per cause, without
 * the library's internals.
 *
 *   bt_error_text_take(buf, size)
 *       takes (and clears) the current thread's error and writes its causes into buf,
 *       innermost (what was wrong) first, each on a line of its own after the first
 *       ("\n  cause: ..."). Causes a component or message iterator wrote are kept; the
 *       library's own bookkeeping ("component initialization method failed", without its
 *       key=value context list) only when no component spoke. Each message loses the `xxx-addr=0x...` pairs it carries; newlines
 *       become spaces; repeated messages are written once. Returns the number of causes
 *       written (0: buf is "").
 *   bt_error_text_take_port(buf, size, port, port_size)
 *       the same, and copies into port the name of the output port whose message iterator
 *       wrote the innermost cause, if one did (else port is ""): for source.ctf.fs, the
 *       stream that failed (stream_file.h names its file).
 *   bt_error_text_strip(msg, out, size)
 *       one message without its address pairs.
 */
#ifndef HSATRACE_ANALYSES_BT_ERROR_TEXT_H
#define HSATRACE_ANALYSES_BT_ERROR_TEXT_H

#include <stddef.h>

size_t bt_error_text_take(char *buf, size_t size);
size_t bt_error_text_take_port(char *buf, size_t size, char *port, size_t port_size);
void bt_error_text_strip(const char *msg, char *out, size_t size);

#endif /* HSATRACE_ANALYSES_BT_ERROR_TEXT_H */
