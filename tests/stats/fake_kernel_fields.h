/*
 * fake_kernel_fields.h - the fields of a kernel execution, as hsa_activity:kernel_exec has them
 * and as unify copies them into hsa_gpu:kernel_begin/kernel_end: one spelling for both test
 * providers (fake_hsa_activity_tp.h, fake_hsa_gpu_tp.h). The macros expand where a provider
 * uses them, in each of lttng-ust's passes over it.
 */
#ifndef FAKE_KERNEL_FIELDS_H
#define FAKE_KERNEL_FIELDS_H

#define FAKE_KERNEL_TP_ARGS                                                                  \
	LTTNG_UST_TP_ARGS(uint64_t, queue_id, uint64_t, packet_index, uint64_t, correlation_id, \
			  const char *, kernel_name, uint64_t, gpu_begin_ns, uint64_t, gpu_end_ns)

#define FAKE_KERNEL_TP_FIELDS                                                    \
	LTTNG_UST_TP_FIELDS(                                                     \
		lttng_ust_field_integer(uint64_t, queue_id, queue_id)            \
		lttng_ust_field_integer(uint64_t, packet_index, packet_index)    \
		lttng_ust_field_integer(uint64_t, correlation_id, correlation_id) \
		lttng_ust_field_string(kernel_name, kernel_name)                 \
		lttng_ust_field_integer(uint64_t, gpu_begin_ns, gpu_begin_ns)    \
		lttng_ust_field_integer(uint64_t, gpu_end_ns, gpu_end_ns))

#endif
