#include "analyses/record/session.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <lttng/lttng.h>

#include "analyses/record/discarded.h"

#define UST_CHANNEL "hsatrace"
#define UST_ACTIVITY_CHANNEL "hsatrace_activity"
#define KERNEL_CHANNEL "kernel"

/*
 * liblttng-ctl prints its own "Error: ..." lines on standard error (e.g. "Error: URI parse
 * unknown protocol bogus") unless this global it exports, from lttng-tools' error.h, is set;
 * no public header declares it. Weak: a liblttng-ctl without it just stays talkative. Every
 * failure is reported by record itself, as "hsatrace record: ...".
 */
extern int lttng_opt_quiet __attribute__((weak));

static void quiet_lttng_ctl(void)
{
	if (&lttng_opt_quiet)
		lttng_opt_quiet = 1;
}

static int fail(const char *what, const struct rec_session *s, int code)
{
	fprintf(stderr, "hsatrace record: failed to %s: session=%s error=%s\n", what, s->name,
		lttng_strerror(code));
	return -1;
}

static void sleep_us(long us)
{
	struct timespec t = { us / 1000000, (us % 1000000) * 1000 };

	while (nanosleep(&t, &t) != 0 && errno == EINTR)
		;
}

int rec_session_create(struct rec_session *s, const char *tag, const char *output,
		       const char *url)
{
	char file_url[4200];
	int ret;

	*s = (struct rec_session){ 0 };
	snprintf(s->name, sizeof(s->name), "hsatrace-%ld-%ld-%s", (long)getpid(),
		 (long)time(NULL), tag);
	if (!url) {
		snprintf(file_url, sizeof(file_url), "file://%s", output);
		url = file_url;
	}
	quiet_lttng_ctl();
	ret = lttng_create_session(s->name, url);
	if (ret < 0 && url != file_url) {
		fprintf(stderr, "hsatrace record: failed to create the tracing session streaming to "
			"--url '%s' (lttng could not use it: a host that does not resolve, a bad "
			"port?): session=%s error=%s\n", url, s->name, lttng_strerror(ret));
		return -1;
	}
	if (ret < 0)
		return fail("create the tracing session", s, ret);
	s->created = true;
	return 0;
}

static struct lttng_handle *handle_for(const struct rec_session *s, enum lttng_domain_type type)
{
	struct lttng_domain domain;

	memset(&domain, 0, sizeof(domain));
	domain.type = type;
	domain.buf_type = type == LTTNG_DOMAIN_UST ? LTTNG_BUFFER_PER_UID : LTTNG_BUFFER_GLOBAL;
	return lttng_create_handle(s->name, &domain);
}

static int enable_channel(struct rec_session *s, struct lttng_handle *h, const char *name,
			  uint64_t subbuf_size, uint64_t num_subbuf, bool blocking)
{
	struct lttng_domain domain;
	struct lttng_channel *chan;
	int ret;

	memset(&domain, 0, sizeof(domain));
	domain.type = h == s->ust ? LTTNG_DOMAIN_UST : LTTNG_DOMAIN_KERNEL;
	domain.buf_type = h == s->ust ? LTTNG_BUFFER_PER_UID : LTTNG_BUFFER_GLOBAL;
	chan = lttng_channel_create(&domain);
	if (!chan)
		return fail("create a channel", s, -LTTNG_ERR_NOMEM);
	snprintf(chan->name, sizeof(chan->name), "%s", name);
	chan->attr.overwrite = 0;	/* discard mode: lost events are counted, never silent */
	if (subbuf_size)
		chan->attr.subbuf_size = subbuf_size;
	if (num_subbuf)
		chan->attr.num_subbuf = num_subbuf;
	if (blocking && lttng_channel_set_blocking_timeout(chan, -1) != 0) {
		lttng_channel_destroy(chan);
		return -LTTNG_ERR_INVALID;
	}
	ret = lttng_enable_channel(h, chan);
	lttng_channel_destroy(chan);
	return ret < 0 ? ret : 0;
}

static int add_context(struct lttng_handle *h, enum lttng_event_context_type type,
		       const char *channel)
{
	struct lttng_event_context ctx;

	memset(&ctx, 0, sizeof(ctx));
	ctx.ctx = type;
	return lttng_add_context(h, &ctx, NULL, channel);
}

static int enable_pattern(struct lttng_handle *h, const char *pattern, enum lttng_event_type type,
			  const char *channel)
{
	struct lttng_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.type = type;
	ev.loglevel_type = LTTNG_EVENT_LOGLEVEL_ALL;
	ev.loglevel = -1;
	snprintf(ev.name, sizeof(ev.name), "%s", pattern);
	return lttng_enable_event(h, &ev, channel);
}

/* GPU activity and trace facts go to a channel of their own, so `hsatrace unify` can read
 * them first without decoding the (much larger) API event streams. */
static bool is_activity(const char *pattern)
{
	return strncmp(pattern, "hsa_activity:", 13) == 0 || strncmp(pattern, "hsa_meta:", 9) == 0;
}

static int setup_ust_channel(struct rec_session *s, const char *channel, uint64_t subbuf_size,
			     uint64_t num_subbuf, bool blocking)
{
	int ret = enable_channel(s, s->ust, channel, subbuf_size, num_subbuf, blocking);

	return ret < 0 ? fail("enable a UST channel", s, ret) : 0;
}

/* vpid, vtid and procname, each added to every UST channel in one request (no channel name):
 * half the round trips to the daemon of adding them channel by channel. */
static int add_ust_contexts(struct rec_session *s)
{
	static const enum lttng_event_context_type contexts[] = {
		LTTNG_EVENT_CONTEXT_VPID, LTTNG_EVENT_CONTEXT_VTID, LTTNG_EVENT_CONTEXT_PROCNAME,
	};

	for (size_t i = 0; i < sizeof(contexts) / sizeof(contexts[0]); i++) {
		int ret = add_context(s->ust, contexts[i], NULL);

		if (ret < 0)
			return fail("add a context (vpid/vtid/procname)", s, ret);
	}
	return 0;
}

int rec_session_enable_ust(struct rec_session *s, const char *const *patterns, size_t n,
			   uint64_t subbuf_size, uint64_t num_subbuf, bool blocking)
{
	bool have[2] = { false, false }; /* [0] UST_CHANNEL, [1] UST_ACTIVITY_CHANNEL */

	s->ust = handle_for(s, LTTNG_DOMAIN_UST);
	if (!s->ust)
		return fail("create the UST handle", s, -LTTNG_ERR_NOMEM);
	for (size_t i = 0; i < n; i++) {
		bool activity = is_activity(patterns[i]);
		const char *channel = activity ? UST_ACTIVITY_CHANNEL : UST_CHANNEL;
		int ret;

		if (!have[activity]) {
			uint64_t size = activity && subbuf_size >= 8192 ? subbuf_size / 2 : subbuf_size;

			if (setup_ust_channel(s, channel, size, num_subbuf, blocking) != 0)
				return -1;
			have[activity] = true;
		}
		ret = enable_pattern(s->ust, patterns[i], LTTNG_EVENT_TRACEPOINT, channel);
		if (ret < 0) {
			fprintf(stderr, "hsatrace record: failed to enable events: pattern=%s "
				"error=%s\n", patterns[i], lttng_strerror(ret));
			return -1;
		}
	}
	return add_ust_contexts(s);
}

static bool in_group(const char *name)
{
	const struct group *g = getgrnam(name);
	gid_t groups[256];
	int n = getgroups(sizeof(groups) / sizeof(groups[0]), groups);

	if (!g)
		return false;
	if (getegid() == g->gr_gid)
		return true;
	for (int i = 0; i < n; i++)
		if (groups[i] == g->gr_gid)
			return true;
	return false;
}

/* Why the kernel cannot be traced here, NULL when it may be: asking the daemon anyway makes
 * liblttng-ctl print alarming errors (PERROR ... Broken pipe, "Fatal error"). */
static const char *kernel_unavailable(void)
{
	if (geteuid() != 0 && !in_group("tracing"))
		return "it needs root or the tracing group";
	if (access("/proc/lttng", F_OK) != 0)
		return "no kernel tracer: lttng-modules is not loaded";
	return NULL;
}

static int enable_kernel_events(struct rec_session *s)
{
	static const char *const tracepoints[] = {
		"sched_*", "irq_*", "softirq_*", "lttng_statedump_*",
	};
	static const enum lttng_event_context_type contexts[] = {
		LTTNG_EVENT_CONTEXT_TID, LTTNG_EVENT_CONTEXT_PID, LTTNG_EVENT_CONTEXT_PROCNAME,
	};
	int ret = enable_channel(s, s->kernel, KERNEL_CHANNEL, 0, 0, false);

	for (size_t i = 0; ret == 0 && i < sizeof(tracepoints) / sizeof(tracepoints[0]); i++)
		ret = enable_pattern(s->kernel, tracepoints[i], LTTNG_EVENT_TRACEPOINT,
				     KERNEL_CHANNEL);
	if (ret == 0)
		ret = enable_pattern(s->kernel, "*", LTTNG_EVENT_SYSCALL, KERNEL_CHANNEL);
	for (size_t i = 0; ret == 0 && i < sizeof(contexts) / sizeof(contexts[0]); i++)
		ret = add_context(s->kernel, contexts[i], KERNEL_CHANNEL);
	return ret;
}

int rec_session_enable_kernel(struct rec_session *s)
{
	const char *why = kernel_unavailable();
	int ret = -1, saved_stderr = -1, devnull = -1;

	if (why) {
		fprintf(stderr, "hsatrace record: not recording the kernel (%s): user space only\n",
			why);
		return -1;
	}
	s->kernel = handle_for(s, LTTNG_DOMAIN_KERNEL);
	if (!s->kernel)
		return -1;
	/* liblttng-ctl's own diagnostics would repeat ours, less calmly. */
	fflush(stderr);
	saved_stderr = dup(STDERR_FILENO);
	devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (saved_stderr >= 0 && devnull >= 0)
		dup2(devnull, STDERR_FILENO);
	ret = enable_kernel_events(s);
	if (saved_stderr >= 0) {
		dup2(saved_stderr, STDERR_FILENO);
		close(saved_stderr);
	}
	if (devnull >= 0)
		close(devnull);
	if (ret < 0) {
		fprintf(stderr, "hsatrace record: not recording the kernel (%s): user space only\n",
			lttng_strerror(ret));
		lttng_destroy_handle(s->kernel);
		s->kernel = NULL;
		return -1;
	}
	return 0;
}

int rec_session_start(struct rec_session *s)
{
	int ret = lttng_start_tracing(s->name);

	return ret < 0 ? fail("start tracing", s, ret) : 0;
}

/*
 * Stops tracing, then asks until the consumer daemon has written everything (the trace is
 * then valid: complete and readable). lttng_stop_tracing() does the same but sleeps a fixed
 * 200 ms whenever data is still pending; asking again after 1, 2, 4 ... 50 ms notices the end
 * of the writing sooner, for a few more round trips to the daemon.
 */
int rec_session_stop(struct rec_session *s)
{
	int ret = lttng_stop_tracing_no_wait(s->name);
	long wait_us = 1000;

	if (ret < 0 && ret != -LTTNG_ERR_TRACE_ALREADY_STOPPED)
		return fail("stop tracing", s, ret);
	while ((ret = lttng_data_pending(s->name)) > 0) {
		sleep_us(wait_us);
		if (wait_us < 50000)
			wait_us *= 2;
	}
	return ret < 0 ? fail("wait for the trace data to be written", s, ret) : 0;
}

/* The daemon's counters: (uint64_t)-1 when unset, and values near 2^63 seen for per-user
 * buffers in lttng-tools 2.13; anything that large is no count. */
static bool plausible(uint64_t count)
{
	return count < (UINT64_C(1) << 62);
}

static void say_lost(const char *domain, const char *channel, uint64_t discarded,
		     bool discarded_known, uint64_t lost)
{
	if (discarded_known)
		fprintf(stderr, "hsatrace record: warning: %s channel %s: %llu events discarded, "
			"%llu packets lost (buffers too small for the event rate: try "
			"--subbuf-size or --blocking)\n", domain, channel,
			(unsigned long long)discarded, (unsigned long long)lost);
	else
		fprintf(stderr, "hsatrace record: warning: %s channel %s: events were discarded "
			"(the session daemon's count is unusable), %llu packets lost\n", domain,
			channel, (unsigned long long)lost);
}

/* From the trace's indexes when d has the channel, else from the session daemon. */
static uint64_t report_handle(struct lttng_handle *h, const char *domain,
			      const struct rec_discarded *d)
{
	struct lttng_channel *chans = NULL;
	int n = h ? lttng_list_channels(h, &chans) : 0;
	uint64_t total = 0;

	for (int i = 0; i < n; i++) {
		uint64_t discarded = 0, lost = 0;
		bool known = lttng_channel_get_discarded_event_count(&chans[i], &discarded) == 0 &&
			     plausible(discarded);

		if (lttng_channel_get_lost_packet_count(&chans[i], &lost) != 0 || !plausible(lost))
			lost = 0;
		for (size_t k = 0; d && k < d->n; k++)
			if (strcmp(d->channels[k].domain, domain) == 0 &&
			    strcmp(d->channels[k].name, chans[i].name) == 0) {
				discarded = d->channels[k].events;
				known = true;
			}
		if (d && d->streams && !known)
			discarded = 0, known = true;	/* no index of it: nothing recorded */
		if (discarded || lost || !known)
			say_lost(domain, chans[i].name, discarded, known, lost);
		total += discarded + lost;
	}
	free(chans);
	return total;
}

uint64_t rec_session_report_lost(struct rec_session *s, const char *local_dir)
{
	struct rec_discarded d;
	const struct rec_discarded *counts = NULL;

	if (local_dir && rec_discarded_read(local_dir, &d) == 0 && d.streams > 0)
		counts = &d;
	return report_handle(s->ust, "UST", counts) + report_handle(s->kernel, "kernel", counts);
}

static bool session_listed(const char *name)
{
	struct lttng_session *sessions = NULL;
	int n = lttng_list_sessions(&sessions);
	bool found = false;

	for (int i = 0; i < n && !found; i++)
		found = strcmp(sessions[i].name, name) == 0;
	free(sessions);
	return found;
}

/*
 * Destroys the session and waits for the daemon to finish with it. The completion is awaited
 * one second at a time: lttng-tools 2.13 can miss notifying it (seen under heavy load with
 * blocking channels), so a session the daemon no longer lists counts as destroyed.
 */
static void destroy_and_wait(struct rec_session *s)
{
	struct lttng_destruction_handle *handle = NULL;
	enum lttng_error_code code = lttng_destroy_session_ext(s->name, &handle);

	if (code != LTTNG_OK) {
		/* A daemon that died is reported by the caller, with what it lost. */
		if (code != LTTNG_ERR_NO_SESSIOND)
			fail("destroy the tracing session", s, -(int)code);
		return;
	}
	for (;;) {
		enum lttng_destruction_handle_status st =
			lttng_destruction_handle_wait_for_completion(handle, 1000);

		if (st == LTTNG_DESTRUCTION_HANDLE_STATUS_COMPLETED)
			break;
		if (st != LTTNG_DESTRUCTION_HANDLE_STATUS_TIMEOUT || !session_listed(s->name)) {
			if (st != LTTNG_DESTRUCTION_HANDLE_STATUS_TIMEOUT)
				fprintf(stderr, "hsatrace record: warning: could not wait for the "
					"session's destruction: session=%s\n", s->name);
			break;
		}
	}
	lttng_destruction_handle_destroy(handle);
}

static void release_handles(struct rec_session *s)
{
	if (s->ust)
		lttng_destroy_handle(s->ust);
	if (s->kernel)
		lttng_destroy_handle(s->kernel);
	*s = (struct rec_session){ 0 };
}

void rec_session_destroy(struct rec_session *s)
{
	if (s->created)
		destroy_and_wait(s);
	release_handles(s);
}

/*
 * The destruction's completion is only noticed by lttng-sessiond 2.13 when its rotation
 * pending check timer fires, 500 ms after the command (the quiet rotation every destroy does
 * of a started session). Once rec_session_stop() returned 0 the files are final: the consumer
 * wrote every packet and the metadata, and the rotation only flushes streams already at a
 * packet boundary. So this waits until the daemon has taken the command (it no longer lists
 * a session being destroyed; it handles client commands one at a time) and leaves the rest
 * to it, as `lttng destroy --no-wait` does.
 */
void rec_session_destroy_stopped(struct rec_session *s)
{
	struct lttng_destruction_handle *handle = NULL;
	enum lttng_error_code code;
	long wait_us = 1000, waited_us = 0;

	if (!s->created) {
		release_handles(s);
		return;
	}
	code = lttng_destroy_session_ext(s->name, &handle);
	if (code != LTTNG_OK) {
		if (code != LTTNG_ERR_NO_SESSIOND)
			fail("destroy the tracing session", s, -(int)code);
		release_handles(s);
		return;
	}
	while (session_listed(s->name) && waited_us < 5000000) {
		sleep_us(wait_us);
		waited_us += wait_us;
		if (wait_us < 50000)
			wait_us *= 2;
	}
	lttng_destruction_handle_destroy(handle);
	release_handles(s);
}
