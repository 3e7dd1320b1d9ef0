/*
 * schema_rules.c - the rules of schema.h, one entry per element type of Trace Compass's XSD
 * (xmlCommon, xmlStateProvider, xmlPatternStateProvider, xmlView, xmlCallstack). Content
 * expressions use possessive quantifiers: child names never overlap, and failing matches stay
 * linear.
 */
#include "analyses/engine/schema.h"

#include <string.h>

#define END { NULL, NULL }
#define NOATTR { NULL, XS_STRING, 0, NULL }
#define REQ(n) { n, XS_STRING, 1, NULL }
#define OPT(n) { n, XS_STRING, 0, NULL }
#define ENUM(n, e) { n, XS_ENUM, 0, e }
#define OPERATORS "|eq|ne|ge|gt|le|lt|"
#define UNITS "|ns|us|ms|s|"

static const struct xs_attr a_none[] = { NOATTR };
static const struct xs_attr a_id[] = { REQ("id"), NOATTR };
static const struct xs_attr a_defined[] = { REQ("name"), REQ("value"), OPT("color"), NOATTR };
static const struct xs_attr a_analysis[] = { REQ("id"), { "version", XS_INTEGER, 1, NULL }, NOATTR };
static const struct xs_attr a_provider[] = { { "id", XS_ID, 1, NULL }, { "version", XS_INTEGER, 1, NULL },
					     NOATTR };
static const struct xs_attr a_label[] = { OPT("value"), NOATTR };
static const struct xs_attr a_label_required[] = { REQ("value"), NOATTR };
static const struct xs_attr a_handler[] = { REQ("eventName"), NOATTR };
static const struct xs_attr a_operator[] = { ENUM("operator", OPERATORS), NOATTR };
static const struct xs_attr a_state_attribute[] = {
	{ "type", XS_ENUM, 1, "|null|constant|eventField|eventName|location|query|pool|" },
	OPT("value"), NOATTR };
static const struct xs_attr a_state_value[] = {
	{ "id", XS_NONEMPTY, 0, NULL },
	{ "type", XS_ENUM, 1, "|null|int|long|string|eventField|eventName|delete|query|script|" },
	{ "increment", XS_BOOLEAN, 0, NULL }, { "update", XS_BOOLEAN, 0, NULL },
	ENUM("stack", "|pop|popAll|push|peek|"), ENUM("forcedType", "|int|long|string|double|"),
	OPT("mappingGroup"), OPT("value"), ENUM("scriptEngine", "|nashorn|rhino|"), NOATTR };
static const struct xs_attr a_field[] = { REQ("name"), NOATTR };
static const struct xs_attr a_stored[] = { REQ("id"), OPT("alias"), NOATTR };
static const struct xs_attr a_initial[] = { OPT("initial"), NOATTR };
static const struct xs_attr a_unit[] = { ENUM("unit", UNITS), NOATTR };
static const struct xs_attr a_range[] = { { "begin", XS_LONG, 1, NULL }, { "end", XS_LONG, 1, NULL },
					  NOATTR };
static const struct xs_attr a_elapsed[] = { REQ("since"), { "value", XS_LONG, 1, NULL }, NOATTR };
static const struct xs_attr a_seg_type[] = { OPT("segName"), NOATTR };
static const struct xs_attr a_seg_field[] = { REQ("name"), { "type", XS_ENUM, 1, "|null|int|long|string|" },
					      OPT("value"), NOATTR };
static const struct xs_attr a_state[] = { REQ("id"), OPT("initial"), OPT("automatic"),
					  { "multiple", XS_BOOLEAN, 0, NULL },
					  { "consuming", XS_BOOLEAN, 0, NULL }, NOATTR };
static const struct xs_attr a_transition[] = { OPT("event"), OPT("cond"), OPT("target"), OPT("action"),
					       OPT("saveStoredFields"), OPT("clearStoredFields"), NOATTR };
static const struct xs_attr a_action_ref[] = { REQ("action"), NOATTR };
static const struct xs_attr a_out_analysis[] = { REQ("id"), OPT("ssid"), NOATTR };
static const struct xs_attr a_view_entry[] = { REQ("path"), OPT("analysisId"),
					       { "displayText", XS_BOOLEAN, 0, NULL }, NOATTR };
static const struct xs_attr a_xy_entry[] = { REQ("path"), ENUM("displayType", "|absolute|delta|"), NOATTR };
static const struct xs_attr a_view_attribute[] = {
	{ "type", XS_ENUM, 1, "|constant|location|query|self|" }, OPT("value"),
	ENUM("reference", "|relative|absolute|"), NOATTR };
static const struct xs_attr a_group[] = { OPT("name"), NOATTR };
static const struct xs_attr a_level[] = { REQ("path"), NOATTR };
static const struct xs_attr a_thread[] = { OPT("cpu"), { "level", XS_INTEGER, 0, NULL },
					   ENUM("type", "|name|value|"), NOATTR };
static const struct xs_attr a_host[] = { { "level", XS_INTEGER, 1, NULL }, ENUM("type", "|name|value|"),
					 NOATTR };

static const struct xs_child c_none[] = { END };
static const struct xs_child c_root[] = {
	{ "timeGraphView", "timeGraphView" }, { "xyView", "xyView" },
	{ "stateProvider", "stateProvider" }, { "pattern", "pattern" }, { "callstack", "callstack" }, END };
static const struct xs_child c_path[] = { { "stateAttribute", "stateAttribute" }, END };
static const struct xs_child c_mapping[] = { { "entry", "mapEntry" }, END };
static const struct xs_child c_values[] = { { "stateValue", "stateValue" }, END };
static const struct xs_child c_provider[] = {
	{ "head", "headProvider" }, { "definedValue", "definedValue" }, { "location", "location" },
	{ "mappingGroup", "mappingGroup" }, { "eventHandler", "eventHandler" }, END };
static const struct xs_child c_head_provider[] = { { "traceType", "traceType" }, { "label", "label" }, END };
static const struct xs_child c_handler[] = { { "stateChange", "stateChange" }, END };
static const struct xs_child c_change[] = {
	{ "stateAttribute", "stateAttribute" }, { "stateValue", "stateValue" }, { "futureTime", "stateValue" },
	{ "if", "conditionSingle" }, { "then", "stateChange" }, { "else", "stateChange" }, END };
static const struct xs_child c_condition[] = {
	{ "stateAttribute", "stateAttribute" }, { "field", "eventField" }, { "stateValue", "stateValue" }, END };
static const struct xs_child c_conditions[] = {
	{ "condition", "condition" }, { "not", "conditionSingle" }, { "and", "conditionMultiple" },
	{ "or", "conditionMultiple" }, END };
static const struct xs_child c_value[] = {
	{ "stateAttribute", "stateAttribute" }, { "stateValue", "stateValue" }, END };
static const struct xs_child c_pattern[] = {
	{ "head", "headPattern" }, { "storedField", "storedField" }, { "definedValue", "definedValue" },
	{ "location", "location" }, { "mappingGroup", "mappingGroup" }, { "patternHandler", "patternHandler" },
	END };
static const struct xs_child c_head_pattern[] = {
	{ "traceType", "traceType" }, { "label", "label" }, { "viewLabelPrefix", "label" }, END };
static const struct xs_child c_pattern_handler[] = {
	{ "test", "test" }, { "action", "action" }, { "fsm", "state" }, END };
static const struct xs_child c_test[] = { { "if", "patternSingleCondition" }, END };
static const struct xs_child c_pattern_conditions[] = {
	{ "condition", "patternCondition" }, { "not", "patternSingleCondition" },
	{ "and", "patternMultipleCondition" }, { "or", "patternMultipleCondition" }, END };
static const struct xs_child c_pattern_condition[] = {
	{ "stateAttribute", "stateAttribute" }, { "field", "eventField" }, { "stateValue", "stateValue" },
	{ "timerange", "timerange" }, { "elapsedTime", "elapsedTime" }, END };
static const struct xs_child c_timerange[] = {
	{ "in", "timeRangeSingleCondition" }, { "out", "timeRangeSingleCondition" }, END };
static const struct xs_child c_elapsed[] = {
	{ "less", "elapsedTimeSingleCondition" }, { "equal", "elapsedTimeSingleCondition" },
	{ "more", "elapsedTimeSingleCondition" }, END };
static const struct xs_child c_action[] = {
	{ "stateChange", "stateChange" }, { "segment", "segment" },
	{ "fsmScheduleAction", "fsmScheduleAction" }, { "action", "action" }, END };
static const struct xs_child c_segment[] = {
	{ "segType", "segType" }, { "segTime", "segTime" }, { "segContent", "segContent" }, END };
static const struct xs_child c_seg_type[] = { { "segName", "segName" }, END };
static const struct xs_child c_seg_time[] = {
	{ "begin", "stateValue" }, { "end", "stateValue" }, { "duration", "stateValue" }, END };
static const struct xs_child c_seg_content[] = { { "segField", "segField" }, END };
static const struct xs_child c_state[] = {
	{ "onentry", "handlers" }, { "onexit", "handlers" }, { "precondition", "transition" },
	{ "initial", "initialState" }, { "initialState", "initialState" }, { "state", "state" },
	{ "final", "finalState" }, { "transition", "transition" }, END };
static const struct xs_child c_initial[] = { { "transition", "transition" }, END };
static const struct xs_child c_time_graph[] = {
	{ "head", "headOutput" }, { "definedValue", "definedValue" }, { "entry", "viewEntry" }, END };
static const struct xs_child c_xy[] = { { "head", "headOutput" }, { "entry", "xyViewEntry" }, END };
static const struct xs_child c_head_output[] = { { "analysis", "outputAnalysis" }, { "label", "outputLabel" },
						 END };
static const struct xs_child c_view_entry[] = {
	{ "display", "viewStateAttribute" }, { "id", "viewStateAttribute" }, { "parent", "viewStateAttribute" },
	{ "name", "viewStateAttribute" }, { "entry", "viewEntry" }, END };
static const struct xs_child c_xy_entry[] = {
	{ "display", "viewStateAttribute" }, { "name", "viewStateAttribute" }, END };
static const struct xs_child c_view_attribute[] = { { "stateAttribute", "viewStateAttribute" }, END };
static const struct xs_child c_callstack[] = {
	{ "callstackGroup", "callstackGroup" }, { "analysis", "callstackAnalysis" }, { "pattern", "pattern" },
	{ "stateProvider", "stateProvider" }, END };
static const struct xs_child c_group[] = {
	{ "level", "callstackLevel" }, { "thread", "callstackThread" }, { "host", "callstackHost" }, END };

#define CONDITION_CONTENT "(?:(?:stateAttribute )++|field )stateValue |stateValue stateValue "

static const struct xs_type types[] = {
	{ "tmfxml", "(?:timeGraphView |xyView |stateProvider |pattern |callstack )*+", c_root, a_none },
	{ "definedValue", NULL, c_none, a_defined },
	{ "location", "(?:stateAttribute )*+", c_path, a_id },
	{ "mappingGroup", "(?:entry )++", c_mapping, a_id },
	{ "mapEntry", "stateValue stateValue ", c_values, a_none },
	/* xmlStateProvider.xsd */
	{ "stateProvider", "(?:head )?(?:(?:definedValue |location |mappingGroup )*+eventHandler )++",
	  c_provider, a_provider },
	{ "headProvider", "(?:traceType )*+(?:label )?", c_head_provider, a_none },
	{ "traceType", NULL, c_none, a_id },
	{ "label", NULL, c_none, a_label },
	{ "eventHandler", "(?:stateChange )++", c_handler, a_handler },
	{ "stateChange", "(?:stateAttribute )++stateValue (?:futureTime )?|if then (?:else )?", c_change,
	  a_none },
	{ "condition", CONDITION_CONTENT, c_condition, a_operator },
	{ "conditionSingle", "condition |not |and |or ", c_conditions, a_none },
	{ "conditionMultiple", "(?:condition |or |and |not )*+", c_conditions, a_none },
	{ "stateAttribute", "(?:stateAttribute )*+", c_path, a_state_attribute },
	{ "stateValue", "(?:stateAttribute )*+(?:stateValue )*+", c_value, a_state_value },
	{ "eventField", NULL, c_none, a_field },
	/* xmlPatternStateProvider.xsd */
	{ "pattern", "(?:head )?(?:storedField )*+(?:definedValue )*+(?:location )*+(?:mappingGroup )*+"
	  "patternHandler ", c_pattern, a_analysis },
	{ "headPattern", "(?:traceType )*+(?:label )?(?:viewLabelPrefix )?", c_head_pattern, a_none },
	{ "storedField", NULL, c_none, a_stored },
	{ "patternHandler", "(?:(?:test |action )*+(?:fsm )++)++", c_pattern_handler, a_initial },
	{ "test", "(?:if )?", c_test, a_id },
	{ "patternSingleCondition", "condition |not |and |or ", c_pattern_conditions, a_none },
	{ "patternMultipleCondition", "(?:condition |or |and |not )*+", c_pattern_conditions, a_none },
	{ "patternCondition", CONDITION_CONTENT "|timerange |elapsedTime ", c_pattern_condition, a_operator },
	{ "timerange", "in |out ", c_timerange, a_unit },
	{ "elapsedTime", "less |equal |more ", c_elapsed, a_unit },
	{ "timeRangeSingleCondition", NULL, c_none, a_range },
	{ "elapsedTimeSingleCondition", NULL, c_none, a_elapsed },
	{ "action", "(?:stateChange |segment |fsmScheduleAction |action )*+", c_action, a_id },
	{ "fsmScheduleAction", NULL, c_none, a_id },
	{ "segment", "segType (?:segTime )?(?:segContent )?", c_segment, a_none },
	{ "segType", "(?:segName )?", c_seg_type, a_seg_type },
	{ "segName", "stateValue ", c_values, a_none },
	{ "segTime", "(?:begin (?:end |duration ))?", c_seg_time, a_none },
	{ "segContent", "(?:segField )++", c_seg_content, a_none },
	{ "segField", "(?:stateValue )?", c_values, a_seg_field },
	{ "state", "(?:onentry )?(?:onexit )?(?:precondition )*+(?:initial )?(?:initialState )?(?:state )*+"
	  "(?:final )?(?:transition )*+", c_state, a_state },
	{ "initialState", "(?:transition )++", c_initial, a_none },
	{ "finalState", NULL, c_none, a_id },
	{ "transition", NULL, c_none, a_transition },
	{ "handlers", NULL, c_none, a_action_ref },
	/* xmlView.xsd */
	{ "timeGraphView", "(?:head )?(?:definedValue )*+(?:entry )*+", c_time_graph, a_id },
	{ "xyView", "(?:head )?entry ", c_xy, a_id },
	{ "headOutput", "(?:analysis )*+(?:label )?", c_head_output, a_none },
	{ "outputAnalysis", NULL, c_none, a_out_analysis },
	{ "outputLabel", NULL, c_none, a_label_required },
	{ "viewEntry", "(?:display )?(?:id )?(?:parent )?(?:name )?(?:entry )*+", c_view_entry, a_view_entry },
	{ "xyViewEntry", "(?:display )?(?:name )?", c_xy_entry, a_xy_entry },
	{ "viewStateAttribute", "(?:stateAttribute )*+", c_view_attribute, a_view_attribute },
	/* xmlCallstack.xsd */
	{ "callstack", "(?:callstackGroup )++(?:analysis |(?:pattern )++|(?:stateProvider )++)?", c_callstack,
	  a_id },
	{ "callstackAnalysis", NULL, c_none, a_id },
	{ "callstackGroup", "(?:level )*+(?:thread )?(?:host )?", c_group, a_group },
	{ "callstackLevel", NULL, c_none, a_level },
	{ "callstackThread", NULL, c_none, a_thread },
	{ "callstackHost", NULL, c_none, a_host },
};

const struct xs_type *xs_root_type(void)
{
	return &types[0];
}

const struct xs_type *xs_type_named(const char *name)
{
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (!strcmp(types[i].name, name))
			return &types[i];
	return NULL;
}
