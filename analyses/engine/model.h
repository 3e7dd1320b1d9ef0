/*
 * model.h - a <tmfxml> file compiled into runtime objects (Trace Compass's TmfXml*Cu -> DataDriven*).
 *
 * Compiled by compile.c from a libxml2 DOM, executed by exec.c (state changes, values, conditions),
 * provider.c (state providers) and pattern.c (FSMs); views by view.c.
 */
#ifndef HSAT_ENGINE_MODEL_H
#define HSAT_ENGINE_MODEL_H

#include <stdint.h>

#include "analyses/engine/jregex.h"
#include "analyses/engine/value.h"

struct m_path;
struct m_value;

enum m_attr_type {
	MA_CONSTANT,
	MA_FIELD,
	MA_EVENT_NAME,
	MA_QUERY,
	MA_POOL,
	MA_CURRENT_SCENARIO,	/* constant "#CurrentScenario": switches the base */
	MA_NULL,		/* invalidates the path */
};

/*
 * A lookup memo filled while running (see x_path): (parent, key) -> child quark, direct-mapped
 * on a few entries (the threads of a trace take turns: a single entry would keep missing).
 */
#define M_MEMO_WAYS 8
struct m_memo {
	const void *ss;		/* the state system it is valid for */
	struct m_memo_entry {
		int parent;	/* -1: empty */
		int quark;
		int64_t key;	/* MA_FIELD: the integer field value the child is named after */
	} e[M_MEMO_WAYS];
};

struct m_attr {
	enum m_attr_type type;
	char *value;
	struct m_path *query;	/* MA_QUERY */
	struct m_memo memo;
};

struct m_path {
	struct m_attr *el;
	int n;
};

enum m_value_type {
	MV_NULL,
	MV_CONST,	/* int, long, string: the constant */
	MV_FIELD,
	MV_EVENT_NAME,
	MV_QUERY,
	MV_PEEK,	/* stack="peek": top of the stack at path */
	MV_SCRIPT,	/* unsupported: evaluation fails */
};

enum m_stack { MS_NONE, MS_PUSH, MS_POP, MS_POPALL };
enum m_forced { MF_NONE, MF_INT, MF_LONG, MF_STRING, MF_DOUBLE };

struct m_mapping {
	char *id;
	struct m_value *keys, *values;
	int n;
};

struct m_value {
	enum m_value_type type;
	struct hv constant;	/* MV_CONST; string owned */
	char *field;		/* MV_FIELD */
	struct m_path path;	/* MV_QUERY, MV_PEEK */
	int increment, update;
	enum m_stack stack;
	enum m_forced forced;
	const struct m_mapping *mapping;
	char *script;		/* MV_SCRIPT: the text, for the message */
};

enum m_cond_type { MC_TRUE, MC_CMP, MC_AND, MC_OR, MC_NOT, MC_TIMERANGE, MC_ELAPSED };
enum m_cmp_op { OP_EQ, OP_NE, OP_GE, OP_GT, OP_LE, OP_LT };
enum m_lhs { LHS_VALUE, LHS_PATH, LHS_FIELD };

struct m_cond {
	enum m_cond_type type;
	enum m_cmp_op op;
	enum m_lhs lhs_kind;
	struct m_value lhs;
	struct m_path lhs_path;
	char *lhs_field;
	struct m_value rhs;
	struct m_cond *kids;
	int nkids;
	int in;			/* timerange: in (1) or out (0) */
	int64_t begin, end;	/* timerange, ns */
	char *since;		/* elapsedTime state id */
	int since_state;	/* resolved per FSM at compile time: index, or -1 */
	int elapsed_cmp;	/* -1 less, 0 equal, 1 more */
	int64_t value;		/* elapsedTime ns */
};

struct m_change {
	int conditional;
	/* assignment */
	struct m_path path;
	struct m_value value;
	struct m_value *future;	/* futureTime, or NULL */
	/* conditional */
	struct m_cond cond;
	struct m_change *then_, *else_;
	int line;		/* for messages */
};

struct m_handler {
	char *event_name;
	int literal;		/* no regex metacharacter: compared with strcmp, re unused */
	struct jregex re;
	struct m_change *changes;
	int n;
};

struct m_segfield {
	char *name;
	enum m_forced type;	/* MF_NONE means type="null" */
	struct m_value value;
};

struct m_segment {
	char *name;		/* segName="x", or NULL */
	struct m_value name_value;
	int has_name_value;
	struct m_value *begin, *end, *duration;
	struct m_segfield *fields;
	int nfields;
};

enum m_item_type { MI_CHANGE, MI_SEGMENT, MI_ACTION };

struct m_item {
	enum m_item_type type;
	struct m_change change;
	struct m_segment segment;
	int action;		/* MI_ACTION: index into actions */
};

struct m_action {
	char *id;
	struct m_item *items;
	int n;
	int line;
};

struct m_test {
	char *id;
	struct m_cond cond;
};

/* An FSM's event="a|b*": the alternatives split on '|', each its own pattern (matched: any).
 * id: its number in the analysis (m_analysis.nevent_sets), for the per-class match memo. */
struct m_events {
	struct jregex *re;
	int n;
	int id;
};

struct m_transition {
	int any_event;
	struct m_events events;
	int *tests;
	int ntests;
	int target;
	int *actions;
	int nactions;
};

struct m_state {
	char *id;
	int *onentry, nonentry;
	int *onexit, nonexit;
	struct m_transition *tr;
	int ntr;
};

struct m_precond {
	int any_event;
	struct m_events events;
	int *tests;
	int ntests;
};

struct m_fsm {
	char *id;
	int multiple, consuming;
	struct m_precond *pre;
	int npre;
	struct m_state *states;
	int nstates;
	int initial;
};

struct m_defined {
	char *name, *value;
};

enum m_kind { MK_STATE_PROVIDER, MK_PATTERN };

struct m_analysis {
	enum m_kind kind;
	char *id, *label, *file;
	int version;
	char **trace_types;
	int ntrace_types;
	struct m_defined *defined;
	int ndefined;
	struct m_mapping *mappings;
	int nmappings;
	struct m_handler *handlers;	/* state provider */
	int nhandlers;
	struct m_test *tests;		/* pattern */
	int ntests;
	struct m_action *actions;
	int nactions;
	struct m_fsm *fsms;
	int nfsms;
	int *initial_fsms;	/* patternHandler@initial, or all */
	int ninitial;
	int nevent_sets;	/* the m_events of its transitions and preconditions */
	int uses_script;	/* some value is a script: reported, changes skipped */
};

/* Views: see view.c. */
enum m_display { MD_NONE, MD_SELF, MD_CONSTANT, MD_LOCATION, MD_QUERY };

struct m_view_value {
	enum m_display type;
	struct m_path path;	/* resolved relative to the entry attribute */
	int present;
};

struct m_entry {
	char *path;
	char *analysis_id;
	int display_text;
	int delta;		/* xyView displayType="delta" */
	struct m_view_value display, name, id, parent;
	struct m_entry *kids;
	int nkids;
};

struct m_view_defined {
	char *name, *value, *color;
};

struct m_view {
	int xy;
	char *id, *label;
	char **analyses;
	int nanalyses;
	struct m_view_defined *defined;
	int ndefined;
	struct m_entry *entries;
	int nentries;
};

struct m_file {
	char *path;
	struct m_analysis *analyses;
	int nanalyses;
	struct m_view *views;
	int nviews;
};

/* Frees everything a compiled file owns (NULL-safe). */
void m_file_free(struct m_file *f);

#endif
