/*
 * xml_loader_fuzz.c - libFuzzer target for the engine's XML loader: every input is parsed and
 * compiled as a <tmfxml> file (no XSD, so the structural checks and the compiler see it all), and
 * the analyses it yields are run on a small built-in stub trace, and its views computed, so the
 * evaluator and the view code are fuzzed too.
 * Built and run by bench/fuzz/run (clang -fsanitize=fuzzer,address,undefined).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyses/engine/compile.h"
#include "analyses/engine/engine.h"
#include "analyses/engine/trace.h"
#include "analyses/engine/view.h"

static const char trace_xml[] =
	"<trace>\n"
	"<event timestamp=\"1\" name=\"entry\"><field name=\"cpu\" type=\"int\" value=\"0\"/>"
	"<field name=\"op\" type=\"string\" value=\"op1\"/></event>\n"
	"<event timestamp=\"2\" name=\"action\"><field name=\"cpu\" type=\"int\" value=\"1\"/>"
	"<field name=\"l\" type=\"long\" value=\"5\"/></event>\n"
	"<event timestamp=\"3\" name=\"exit\"><field name=\"cpu\" type=\"int\" value=\"0\"/>"
	"<field name=\"curState\" type=\"string\" value=\"GOOD\"/></event>\n"
	"<event timestamp=\"7\" name=\"entry\"><field name=\"cpu\" type=\"int\" value=\"1\"/></event>\n"
	"<event timestamp=\"9\" name=\"exit\"><field name=\"cpu\" type=\"int\" value=\"1\"/></event>\n"
	"</trace>\n";
static char trace_path[64];
static FILE *devnull;

static void quiet(void *ctx, const char *msg)
{
	(void)ctx;
	(void)msg;
}

static void on_event(void *ctx, const struct ev *e)
{
	engine_event(ctx, e);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int fd;

	(void)argc;
	(void)argv;
	snprintf(trace_path, sizeof(trace_path), "/tmp/hsat-fuzz-trace-XXXXXX");
	fd = mkstemp(trace_path);
	if (fd < 0 || write(fd, trace_xml, sizeof(trace_xml) - 1) != (ssize_t)sizeof(trace_xml) - 1)
		abort();
	close(fd);
	devnull = fopen("/dev/null", "w");
	if (!devnull)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct m_load_opts opts = { NULL, quiet, NULL };
	struct m_file *f;
	struct engine eng;
	char err[256];
	int refused;

	f = m_load("fuzz.xml", (const char *)data, size, &opts, &refused);
	if (!f)
		return 0;
	engine_init(&eng);
	for (int i = 0; i < f->nanalyses; i++)
		engine_add(&eng, &f->analyses[i], 1)->keep_segments = 1;
	ev_read_stub(trace_path, on_event, &eng, err, sizeof(err));
	engine_finish(&eng);
	for (int i = 0; i < f->nviews; i++) {
		struct view_opts vo = { "trace", INT64_MIN, INT64_MIN, 7, 0 };
		struct out o;

		out_init(&o, devnull, (enum out_format)(i % 3));
		view_output(&f->views[i], &eng, &vo, &o, err, sizeof(err));
	}
	engine_release(&eng);
	m_file_free(f);
	return 0;
}
