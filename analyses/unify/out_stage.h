/*
 * out_stage - the unified trace appears whole at its path, or not at all.
 *
 * sink.ctf.fs writes into a folder that must not exist; a write that fails (a full disk)
 * leaves stream files without metadata, which look like a trace. So the trace is written
 * into a fresh sibling folder, OUT.tmp-PID, renamed to OUT when complete (an existing empty
 * OUT, which the command accepts, is replaced), and removed when anything failed.
 *
 *   out_stage_init(&st, out)          st.tmp_path: where the sink writes
 *   out_stage_check_space(&st, need)  refuses early when the file system lacks `need` bytes
 *   out_stage_commit(&st)             renames into place
 *   out_stage_abort(&st)              removes the partial folder
 *   out_stage_release(&st)
 * Functions that fail print why (prefixed "hsatrace unify: ") and return -1.
 */
#ifndef HSAT_UNIFY_OUT_STAGE_H
#define HSAT_UNIFY_OUT_STAGE_H

#include <stdint.h>

struct out_stage {
	const char *out_path;
	char *tmp_path;
};

int out_stage_init(struct out_stage *st, const char *out_path);
int out_stage_check_space(const struct out_stage *st, uint64_t need_bytes);
int out_stage_commit(struct out_stage *st);
void out_stage_abort(struct out_stage *st);
void out_stage_release(struct out_stage *st);

/* Bytes of the regular files below `path` (a trace folder): what copying it needs. */
uint64_t out_stage_tree_bytes(const char *path);

/* Whether the file system that holds `path`'s folder has (almost) no space left. */
int out_stage_disk_full(const struct out_stage *st);

#endif
