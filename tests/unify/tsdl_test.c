/*
 * tsdl.t - the pieces of unify's copy path that read TSDL: where packet header and context
 * fields sit (LTTng's and babeltrace2's layouts, named types, alignment), what is refused,
 * renaming identifiers but not strings, and two metadata merged into one (a clock and the
 * types mapped to it renamed, an identical type shared, stream classes renumbered, the
 * environment merged with the kernel trace first).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyses/unify/copy_meta.h"
#include "analyses/unify/tsdl.h"
#include "analyses/unify/tsdl_layout.h"
#include "tap.h"

static int layout(const struct tsdl_decls *d, const char *type, struct tsdl_layout *l)
{
	return tsdl_layout_struct(d, type, type + strlen(type), l);
}

static unsigned offset_of(const struct tsdl_layout *l, const char *name)
{
	const struct tsdl_field *f = tsdl_layout_field(l, name);

	return f ? f->offset : 99999;
}

static void test_layouts(void)
{
	struct tsdl_decls d = { 0 };
	struct tsdl_layout l;

	tsdl_decls_add(&d, TSDL_DECL_ALIAS, "uint8_t", "integer { size = 8 ; align = 8 ; }");
	tsdl_decls_add(&d, TSDL_DECL_ALIAS, "uint32_t", "integer { size = 32 ; align = 8 ; }");
	tsdl_decls_add(&d, TSDL_DECL_ALIAS, "uint64_t", "integer { size = 64 ; align = 8 ; }");
	tsdl_decls_add(&d, TSDL_DECL_ALIAS, "unsigned long", "integer { size = 64 ; align = 8 ; }");
	tsdl_decls_add(&d, TSDL_DECL_ALIAS, "u64_clock",
		       "integer { size = 64 ; align = 8 ; map = clock . monotonic . value ; }");
	tsdl_decls_add(&d, TSDL_DECL_STRUCT, "packet_context",
		       "{ u64_clock timestamp_begin ; u64_clock timestamp_end ; uint64_t "
		       "content_size ; uint64_t packet_size ; unsigned long events_discarded ; "
		       "uint32_t cpu_id ; }");

	ok(layout(&d, "struct { uint32_t magic; uint8_t  uuid[16]; uint32_t stream_id; "
		  "uint64_t stream_instance_id; }", &l) == 0, "LTTng's packet header is understood");
	is_int(offset_of(&l, "stream_id"), 160, "its stream_id after magic and uuid");
	is_int(offset_of(&l, "stream_instance_id"), 192, "its stream_instance_id");
	is_int(l.size, 256, "32 bytes in all");

	ok(layout(&d, "struct { integer { size = 32; align = 8; base = x; } magic; "
		  "integer { size = 8; align = 8; } uuid[16]; integer { size = 64; align = 8; } "
		  "stream_id; integer { size = 64; align = 8; } stream_instance_id; } align(8)",
		  &l) == 0, "babeltrace2's packet header (inline integers) is understood");
	is_int(offset_of(&l, "stream_instance_id"), 224, "its 64-bit stream_id moves the rest");
	is_int(l.size, 288, "36 bytes in all");

	ok(layout(&d, "struct packet_context", &l) == 0, "a named structure is followed");
	is_int(offset_of(&l, "packet_size"), 192, "packet_size after two times and content_size");
	is_int(offset_of(&l, "events_discarded"), 256, "a two-word alias (unsigned long)");

	ok(layout(&d, "struct { uint8_t a; integer { size = 32; align = 32; } b; } align(64)",
		  &l) == 0, "alignments");
	is_int(offset_of(&l, "b"), 32, "a 32-bit aligned field skips padding");
	is_int(l.size, 64, "the structure's size is a multiple of its alignment");

	ok(layout(&d, "struct { enum : uint8_t { a = 0 } e; }", &l) != 0,
	   "an enumeration is not understood (the caller re-encodes)");
	ok(layout(&d, "struct { string s; }", &l) != 0, "nor a string");
	ok(layout(&d, "struct { no_such_t x; }", &l) != 0, "nor an undeclared type");
	tsdl_decls_release(&d);
}

static void test_rewrite(void)
{
	const char *text = "map = clock.monotonic.value; /* monotonic */ name = \"monotonic\";";
	struct tsdl_renames r = { 0 };
	struct tsdl_buf b = { 0 };
	const char *stmt = "struct s { int a; struct { int b; } c; } align(8); next";

	tsdl_renames_add(&r, "monotonic", 9, "monotonic_1");
	tsdl_rewrite(&b, text, text + strlen(text), &r, false);
	is_str(b.s, "map = clock.monotonic_1.value; name = \"monotonic\";",
	       "identifiers are renamed, strings kept, comments dropped");
	tsdl_buf_release(&b);
	tsdl_rewrite(&b, text, text + strlen(text), NULL, true);
	is_str(b.s, "map = clock . monotonic . value ; name = \"monotonic\" ;",
	       "normalized: one space between tokens");
	tsdl_buf_release(&b);
	tsdl_renames_release(&r);
	ok(tsdl_statement_end(stmt, stmt + strlen(stmt)) == strstr(stmt, " next"),
	   "a statement ends at the ';' outside its braces");
}

static const char *meta_a =
	"/* CTF 1.8 */\n"
	"typealias integer { size = 8; align = 8; signed = false; } := uint8_t;\n"
	"typealias integer { size = 32; align = 8; signed = false; } := uint32_t;\n"
	"typealias integer { size = 64; align = 8; signed = false; } := uint64_t;\n"
	"trace { major = 1; minor = 8; byte_order = le; packet.header := struct { "
	"uint32_t magic; uint8_t uuid[16]; uint32_t stream_id; uint64_t stream_instance_id; }; };\n"
	"env { %s };\n"
	"clock { name = \"monotonic\"; freq = 1000000000; offset = %s; };\n"
	"typealias integer { size = 64; align = 8; signed = false; map = clock.monotonic.value; }"
	" := uint64_clock_monotonic_t;\n"
	"struct packet_context { uint64_clock_monotonic_t timestamp_begin; "
	"uint64_clock_monotonic_t timestamp_end; uint64_t content_size; uint64_t packet_size; };\n"
	"stream { id = 0; packet.context := struct packet_context; };\n"
	"stream { id = 1; packet.context := struct packet_context; };\n"
	"event { name = \"x\"; id = 0; stream_id = 1; fields := struct { uint32_t v; }; };\n";

static int write_trace(const char *dir, const char *env, const char *offset)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/metadata", dir);
	if (mkdir(dir, 0700) != 0 || !(f = fopen(path, "w")))
		return -1;
	fprintf(f, meta_a, env, offset);
	return fclose(f);
}

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "r");
	char *s = f ? calloc(1, 1 << 16) : NULL;

	if (s && fread(s, 1, (1 << 16) - 1, f) == 0)
		s[0] = '\0';
	if (f)
		fclose(f);
	return s;
}

static size_t count(const char *s, const char *what)
{
	size_t n = 0;

	for (const char *p = s; p && (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

static void test_merge(void)
{
	char tmp[] = "/tmp/hsatrace-tsdl.XXXXXX", a[64], b[64], out[128], why[256];
	struct copy_meta m;
	struct unify_env_entry extra = { "hsatrace_unified", "1" };
	char *text;

	if (!mkdtemp(tmp)) {
		skip(11, "no temporary folder");
		return;
	}
	snprintf(a, sizeof(a), "%s/a", tmp);
	snprintf(b, sizeof(b), "%s/b", tmp);
	snprintf(out, sizeof(out), "%s/metadata", tmp);
	write_trace(a, "hostname = \"a\"; domain = \"ust\"; tracer_name = \"lttng-ust\";", "100");
	write_trace(b, "hostname = \"b\"; domain = \"kernel\"; tracer_name = \"lttng-modules\";",
		    "200");
	copy_meta_init(&m);
	ok(copy_meta_add(&m, a, true, why, sizeof(why)) == 0, "first metadata merged");
	if (!ok(copy_meta_add(&m, b, true, why, sizeof(why)) == 0, "second metadata merged"))
		diag("%s", why);
	ok(copy_meta_write(&m, out, &extra, 1) == 0, "merged metadata written");
	text = read_all(out);
	ok(text && count(text, "name = \"monotonic_1\"") == 1,
	   "the second clock (another offset) is a clock class of its own");
	ok(text && strstr(text, "map = clock.monotonic_1.value; } := uint64_clock_monotonic_t_t1;"),
	   "the type mapped to it is renamed for the second input");
	ok(text && count(text, ":= uint8_t;") == 1, "an identical type is declared once");
	ok(text && strstr(text, "stream {\n\tid = 3; packet.context := struct packet_context_t1;"),
	   "stream classes renumbered, the second input's context type renamed");
	ok(text && strstr(text, "event {\n\tstream_id = 3;"), "events follow their stream class");
	ok(text && strstr(text, "\tdomain = \"kernel\";") && strstr(text, "ust_domain = \"ust\";") &&
	   strstr(text, "\thostname = \"b\";") && strstr(text, "ust_hostname = \"a\";"),
	   "the environment: the kernel trace's first, a differing value kept as <domain>_<name>");
	ok(text && strstr(text, "hsatrace_unified = \"1\";"), "and the extra entries");
	is_int(m.inputs[1].sc[1].context.f[3].offset, 192, "packet_size found in the renamed type");
	free(text);
	copy_meta_release(&m);
	unlink(out);
	snprintf(out, sizeof(out), "%s/metadata", a);
	unlink(out);
	snprintf(out, sizeof(out), "%s/metadata", b);
	unlink(out);
	rmdir(a);
	rmdir(b);
	rmdir(tmp);
}

int main(void)
{
	plan(30);
	test_layouts();
	test_rewrite();
	test_merge();
	return exit_status();
}
