#include "analyses/unify/ir_copy.h"

#include <stdio.h>

void fc_copy_scope_init(struct fc_copy_scope *scope, bt_trace_class *out_tc)
{
	*scope = (struct fc_copy_scope){ .out_tc = out_tc, .map = PTRMAP_INIT };
}

void fc_copy_scope_release(struct fc_copy_scope *scope)
{
	ptrmap_release(&scope->map);
}

/* The input field class a length/selector field path designates, or NULL. */
static const bt_field_class *resolve_path(const struct fc_copy_scope *scope,
					  const bt_field_path *path)
{
	bt_field_path_scope root = bt_field_path_get_root_scope(path);
	const bt_field_class *fc;

	if ((unsigned)root >= 4)
		return NULL;
	fc = scope->in_roots[root];
	for (uint64_t i = 0; fc && i < bt_field_path_get_item_count(path); i++) {
		const bt_field_path_item *item = bt_field_path_borrow_item_by_index_const(path, i);
		bt_field_class_type type = bt_field_class_get_type(fc);

		switch (bt_field_path_item_get_type(item)) {
		case BT_FIELD_PATH_ITEM_TYPE_INDEX: {
			uint64_t index = bt_field_path_item_index_get_index(item);

			if (type == BT_FIELD_CLASS_TYPE_STRUCTURE)
				fc = bt_field_class_structure_member_borrow_field_class_const(
					bt_field_class_structure_borrow_member_by_index_const(fc, index));
			else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_VARIANT))
				fc = bt_field_class_variant_option_borrow_field_class_const(
					bt_field_class_variant_borrow_option_by_index_const(fc, index));
			else
				fc = NULL;
			break;
		}
		case BT_FIELD_PATH_ITEM_TYPE_CURRENT_ARRAY_ELEMENT:
			fc = bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_ARRAY) ?
				bt_field_class_array_borrow_element_field_class_const(fc) : NULL;
			break;
		case BT_FIELD_PATH_ITEM_TYPE_CURRENT_OPTION_CONTENT:
			fc = bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_OPTION) ?
				bt_field_class_option_borrow_field_class_const(fc) : NULL;
			break;
		default:
			fc = NULL;
		}
	}
	return fc;
}

/* The output copy of the field class a path designates (borrowed), or NULL. */
static bt_field_class *mapped_target(const struct fc_copy_scope *scope, const bt_field_path *path)
{
	const bt_field_class *in = path ? resolve_path(scope, path) : NULL;

	return in ? ptrmap_get(&scope->map, in) : NULL;
}

static bt_field_class *copy_integer(struct fc_copy_scope *scope, const bt_field_class *in,
				    bt_field_class_type type)
{
	bt_field_class *out = NULL;

	if (type == BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER)
		out = bt_field_class_integer_unsigned_create(scope->out_tc);
	else if (type == BT_FIELD_CLASS_TYPE_SIGNED_INTEGER)
		out = bt_field_class_integer_signed_create(scope->out_tc);
	else if (type == BT_FIELD_CLASS_TYPE_UNSIGNED_ENUMERATION)
		out = bt_field_class_enumeration_unsigned_create(scope->out_tc);
	else
		out = bt_field_class_enumeration_signed_create(scope->out_tc);
	if (!out)
		return NULL;
	bt_field_class_integer_set_field_value_range(out,
		bt_field_class_integer_get_field_value_range(in));
	bt_field_class_integer_set_preferred_display_base(out,
		bt_field_class_integer_get_preferred_display_base(in));
	for (uint64_t i = 0; type == BT_FIELD_CLASS_TYPE_UNSIGNED_ENUMERATION &&
	     i < bt_field_class_enumeration_get_mapping_count(in); i++) {
		const bt_field_class_enumeration_unsigned_mapping *m =
			bt_field_class_enumeration_unsigned_borrow_mapping_by_index_const(in, i);

		if (bt_field_class_enumeration_unsigned_add_mapping(out,
			bt_field_class_enumeration_mapping_get_label(
				bt_field_class_enumeration_unsigned_mapping_as_mapping_const(m)),
			bt_field_class_enumeration_unsigned_mapping_borrow_ranges_const(m)) != 0)
			goto error;
	}
	for (uint64_t i = 0; type == BT_FIELD_CLASS_TYPE_SIGNED_ENUMERATION &&
	     i < bt_field_class_enumeration_get_mapping_count(in); i++) {
		const bt_field_class_enumeration_signed_mapping *m =
			bt_field_class_enumeration_signed_borrow_mapping_by_index_const(in, i);

		if (bt_field_class_enumeration_signed_add_mapping(out,
			bt_field_class_enumeration_mapping_get_label(
				bt_field_class_enumeration_signed_mapping_as_mapping_const(m)),
			bt_field_class_enumeration_signed_mapping_borrow_ranges_const(m)) != 0)
			goto error;
	}
	return out;
error:
	bt_field_class_put_ref(out);
	return NULL;
}

static bt_field_class *copy_structure(struct fc_copy_scope *scope, const bt_field_class *in)
{
	bt_field_class *out = bt_field_class_structure_create(scope->out_tc);

	for (uint64_t i = 0; out && i < bt_field_class_structure_get_member_count(in); i++) {
		const bt_field_class_structure_member *m =
			bt_field_class_structure_borrow_member_by_index_const(in, i);
		bt_field_class *member = fc_copy(scope,
			bt_field_class_structure_member_borrow_field_class_const(m));
		int status;

		if (!member)
			goto error;
		status = bt_field_class_structure_append_member(out,
			bt_field_class_structure_member_get_name(m), member);
		bt_field_class_put_ref(member);
		if (status != 0)
			goto error;
	}
	return out;
error:
	bt_field_class_put_ref(out);
	return NULL;
}

static bt_field_class *copy_array(struct fc_copy_scope *scope, const bt_field_class *in,
				  bt_field_class_type type)
{
	bt_field_class *element = fc_copy(scope,
		bt_field_class_array_borrow_element_field_class_const(in));
	bt_field_class *out = NULL;

	if (!element)
		return NULL;
	if (type == BT_FIELD_CLASS_TYPE_STATIC_ARRAY) {
		out = bt_field_class_array_static_create(scope->out_tc, element,
			bt_field_class_array_static_get_length(in));
	} else if (type == BT_FIELD_CLASS_TYPE_DYNAMIC_ARRAY_WITHOUT_LENGTH_FIELD) {
		out = bt_field_class_array_dynamic_create(scope->out_tc, element, NULL);
	} else {
		bt_field_class *length = mapped_target(scope,
			bt_field_class_array_dynamic_with_length_field_borrow_length_field_path_const(in));

		/* Without its length field the array is still readable: its length is kept. */
		out = bt_field_class_array_dynamic_create(scope->out_tc, element, length);
	}
	bt_field_class_put_ref(element);
	return out;
}

static bt_field_class *copy_option(struct fc_copy_scope *scope, const bt_field_class *in,
				   bt_field_class_type type)
{
	bt_field_class *content = fc_copy(scope, bt_field_class_option_borrow_field_class_const(in));
	bt_field_class *selector = NULL;
	bt_field_class *out = NULL;

	if (!content)
		return NULL;
	if (type != BT_FIELD_CLASS_TYPE_OPTION_WITHOUT_SELECTOR_FIELD)
		selector = mapped_target(scope,
			bt_field_class_option_with_selector_field_borrow_selector_field_path_const(in));
	if (!selector)
		out = bt_field_class_option_without_selector_create(scope->out_tc, content);
	else if (type == BT_FIELD_CLASS_TYPE_OPTION_WITH_BOOL_SELECTOR_FIELD) {
		out = bt_field_class_option_with_selector_field_bool_create(scope->out_tc, content,
									    selector);
		if (out)
			bt_field_class_option_with_selector_field_bool_set_selector_is_reversed(out,
				bt_field_class_option_with_selector_field_bool_selector_is_reversed(in));
	} else if (type == BT_FIELD_CLASS_TYPE_OPTION_WITH_UNSIGNED_INTEGER_SELECTOR_FIELD)
		out = bt_field_class_option_with_selector_field_integer_unsigned_create(
			scope->out_tc, content, selector,
			bt_field_class_option_with_selector_field_integer_unsigned_borrow_selector_ranges_const(in));
	else
		out = bt_field_class_option_with_selector_field_integer_signed_create(
			scope->out_tc, content, selector,
			bt_field_class_option_with_selector_field_integer_signed_borrow_selector_ranges_const(in));
	bt_field_class_put_ref(content);
	return out;
}

static int append_variant_option(bt_field_class *out, const bt_field_class *in, uint64_t i,
				 bt_field_class_type type, bt_field_class *option_fc)
{
	const bt_field_class_variant_option *opt =
		bt_field_class_variant_borrow_option_by_index_const(in, i);
	const char *name = bt_field_class_variant_option_get_name(opt);

	if (type == BT_FIELD_CLASS_TYPE_VARIANT_WITHOUT_SELECTOR_FIELD)
		return bt_field_class_variant_without_selector_append_option(out, name, option_fc);
	if (type == BT_FIELD_CLASS_TYPE_VARIANT_WITH_UNSIGNED_INTEGER_SELECTOR_FIELD)
		return bt_field_class_variant_with_selector_field_integer_unsigned_append_option(
			out, name, option_fc,
			bt_field_class_variant_with_selector_field_integer_unsigned_option_borrow_ranges_const(
				bt_field_class_variant_with_selector_field_integer_unsigned_borrow_option_by_index_const(in, i)));
	return bt_field_class_variant_with_selector_field_integer_signed_append_option(
		out, name, option_fc,
		bt_field_class_variant_with_selector_field_integer_signed_option_borrow_ranges_const(
			bt_field_class_variant_with_selector_field_integer_signed_borrow_option_by_index_const(in, i)));
}

static bt_field_class *copy_variant(struct fc_copy_scope *scope, const bt_field_class *in,
				    bt_field_class_type type)
{
	bt_field_class *selector = NULL;
	bt_field_class *out;

	if (type != BT_FIELD_CLASS_TYPE_VARIANT_WITHOUT_SELECTOR_FIELD) {
		selector = mapped_target(scope,
			bt_field_class_variant_with_selector_field_borrow_selector_field_path_const(in));
		if (!selector) {
			fprintf(stderr, "hsatrace unify: failed to copy a variant: selector not found\n");
			return NULL;
		}
	}
	out = bt_field_class_variant_create(scope->out_tc, selector);
	for (uint64_t i = 0; out && i < bt_field_class_variant_get_option_count(in); i++) {
		bt_field_class *option_fc = fc_copy(scope,
			bt_field_class_variant_option_borrow_field_class_const(
				bt_field_class_variant_borrow_option_by_index_const(in, i)));
		int status;

		if (!option_fc)
			goto error;
		status = append_variant_option(out, in, i, type, option_fc);
		bt_field_class_put_ref(option_fc);
		if (status != 0)
			goto error;
	}
	return out;
error:
	bt_field_class_put_ref(out);
	return NULL;
}

bt_field_class *fc_copy(struct fc_copy_scope *scope, const bt_field_class *in)
{
	bt_field_class_type type = bt_field_class_get_type(in);
	bt_field_class *out = NULL;

	if (type == BT_FIELD_CLASS_TYPE_BOOL)
		out = bt_field_class_bool_create(scope->out_tc);
	else if (type == BT_FIELD_CLASS_TYPE_BIT_ARRAY)
		out = bt_field_class_bit_array_create(scope->out_tc,
						      bt_field_class_bit_array_get_length(in));
	else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_INTEGER))
		out = copy_integer(scope, in, type);
	else if (type == BT_FIELD_CLASS_TYPE_SINGLE_PRECISION_REAL)
		out = bt_field_class_real_single_precision_create(scope->out_tc);
	else if (type == BT_FIELD_CLASS_TYPE_DOUBLE_PRECISION_REAL)
		out = bt_field_class_real_double_precision_create(scope->out_tc);
	else if (type == BT_FIELD_CLASS_TYPE_STRING)
		out = bt_field_class_string_create(scope->out_tc);
	else if (type == BT_FIELD_CLASS_TYPE_STRUCTURE)
		out = copy_structure(scope, in);
	else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_ARRAY))
		out = copy_array(scope, in, type);
	else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_OPTION))
		out = copy_option(scope, in, type);
	else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_VARIANT))
		out = copy_variant(scope, in, type);
	if (!out)
		return NULL;
	if (ptrmap_put(&scope->map, in, out) != 0) {
		bt_field_class_put_ref(out);
		return NULL;
	}
	return out;
}

static int copy_compound(const bt_field *in, bt_field *out, bt_field_class_type type)
{
	if (type == BT_FIELD_CLASS_TYPE_STRUCTURE) {
		uint64_t n = bt_field_class_structure_get_member_count(bt_field_borrow_class_const(in));

		for (uint64_t i = 0; i < n; i++)
			if (field_copy(bt_field_structure_borrow_member_field_by_index_const(in, i),
				       bt_field_structure_borrow_member_field_by_index(out, i)) != 0)
				return -1;
		return 0;
	}
	if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_ARRAY)) {
		uint64_t n = bt_field_array_get_length(in);

		if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_DYNAMIC_ARRAY) &&
		    bt_field_array_dynamic_set_length(out, n) != 0)
			return -1;
		for (uint64_t i = 0; i < n; i++)
			if (field_copy(bt_field_array_borrow_element_field_by_index_const(in, i),
				       bt_field_array_borrow_element_field_by_index(out, i)) != 0)
				return -1;
		return 0;
	}
	if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_OPTION)) {
		const bt_field *content = bt_field_option_borrow_field_const(in);

		bt_field_option_set_has_field(out, content != NULL);
		return content ? field_copy(content, bt_field_option_borrow_field(out)) : 0;
	}
	if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_VARIANT)) {
		if (bt_field_variant_select_option_by_index(out,
			bt_field_variant_get_selected_option_index(in)) != 0)
			return -1;
		return field_copy(bt_field_variant_borrow_selected_option_field_const(in),
				  bt_field_variant_borrow_selected_option_field(out));
	}
	return -1;
}

int field_copy(const bt_field *in, bt_field *out)
{
	bt_field_class_type type = bt_field_get_class_type(in);

	if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
		bt_field_integer_unsigned_set_value(out, bt_field_integer_unsigned_get_value(in));
	else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
		bt_field_integer_signed_set_value(out, bt_field_integer_signed_get_value(in));
	else if (type == BT_FIELD_CLASS_TYPE_STRING)
		return bt_field_string_set_value(out, bt_field_string_get_value(in)) == 0 ? 0 : -1;
	else if (type == BT_FIELD_CLASS_TYPE_BOOL)
		bt_field_bool_set_value(out, bt_field_bool_get_value(in));
	else if (type == BT_FIELD_CLASS_TYPE_BIT_ARRAY)
		bt_field_bit_array_set_value_as_integer(out, bt_field_bit_array_get_value_as_integer(in));
	else if (type == BT_FIELD_CLASS_TYPE_SINGLE_PRECISION_REAL)
		bt_field_real_single_precision_set_value(out, bt_field_real_single_precision_get_value(in));
	else if (type == BT_FIELD_CLASS_TYPE_DOUBLE_PRECISION_REAL)
		bt_field_real_double_precision_set_value(out, bt_field_real_double_precision_get_value(in));
	else
		return copy_compound(in, out, type);
	return 0;
}
