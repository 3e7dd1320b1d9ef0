/* The typed faces of keymap: ptrmap (pointer -> pointer), strtab (interned strings) and the
 * engine's strmap (string -> pointer, owned key copies). The copies they hand out must stay
 * where they are while the table under them grows. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/common/ptrmap.h"
#include "analyses/common/strtab.h"
#include "analyses/engine/strmap.h"
#include "tap.h"

#define N 5000

static int keys[N];

/* The values sum up, and each key is one of keys[] with its own value. */
static void sum_ptr_values(const void *key, void *value, void *data)
{
	long *sum = data;
	long i = (const int *)key - keys;

	sum[0] += (long)(intptr_t)value;
	sum[1] += i < 0 || i >= N || (i != 7 && (intptr_t)value != i + 1);
}

static void test_ptrmap(void)
{
	struct ptrmap m = PTRMAP_INIT;
	int bad = 0;
	long sum[2] = { 0, 0 };

	ok(ptrmap_get(&m, &keys[0]) == NULL, "ptrmap: an empty map finds nothing");
	for (int i = 0; i < N; i++)
		bad += ptrmap_put(&m, &keys[i], (void *)(intptr_t)(i + 1)) != 0;
	bad += ptrmap_put(&m, &keys[7], (void *)(intptr_t)1000000) != 0;
	for (int i = 0; i < N; i++)
		bad += ptrmap_get(&m, &keys[i]) != (void *)(intptr_t)(i == 7 ? 1000000 : i + 1);
	is_int(bad, 0, "ptrmap: %d pointers put, one replaced, all found with their values", N);
	ptrmap_foreach(&m, sum_ptr_values, sum);
	is_int(sum[0], (long)N * (N + 1) / 2 - 8 + 1000000, "ptrmap: foreach visits each entry once");
	is_int(sum[1], 0, "ptrmap: with its own key and value");
	ptrmap_release(&m);
	ok(ptrmap_get(&m, &keys[0]) == NULL, "ptrmap: a released map is empty");
}

static void test_strtab(void)
{
	struct strtab t = STRTAB_INIT;
	const char *first[N];
	char name[32];
	int bad = 0;

	for (int i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "kernel_%d", i);
		first[i] = strtab_intern(&t, name);
		bad += !first[i] || strcmp(first[i], name) != 0 || first[i] == name;
	}
	is_int(bad, 0, "strtab: %d names interned as copies", N);
	for (int i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "kernel_%d", i);
		bad += strtab_intern(&t, name) != first[i];
	}
	is_int(bad, 0, "strtab: the same name gives the same copy after the table grew");
	ok(strtab_intern(&t, "") != NULL && *strtab_intern(&t, "") == '\0', "strtab: the empty name");
	strtab_release(&t);
}

static void count_strmap(const char *key, void *value, void *ctx)
{
	int *bad = ctx;

	bad[0]++;
	bad[1] += strncmp(key, "attr/", 5) != 0 || value == NULL || strcmp(key, value) != 0;
}

static void test_strmap(void)
{
	struct strmap m;
	const char *keys[N];
	char name[48];
	int bad = 0, visit[2] = { 0, 0 };

	strmap_init(&m);
	ok(strmap_get(&m, "attr/0") == NULL, "strmap: an empty map finds nothing");
	for (int i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "attr/%d", i);
		keys[i] = strmap_put(&m, name, strdup(name));
		bad += keys[i] == name || strcmp(keys[i], name) != 0;
	}
	is_int(bad, 0, "strmap: put returns an owned copy of the key");
	for (int i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "attr/%d", i);
		bad += keys[i] == NULL || strcmp(keys[i], name) != 0 ||
		       strcmp(strmap_get(&m, name), name) != 0;
	}
	is_int(bad, 0, "strmap: the key copies stay put while the map grows; values are found");
	free(strmap_get(&m, "attr/3"));
	ok(strmap_put(&m, "attr/3", strdup("attr/3")) == keys[3], "strmap: replacing keeps the key copy");
	strmap_foreach(&m, count_strmap, visit);
	is_int(visit[0], N, "strmap: foreach visits every entry once");
	is_int(visit[1], 0, "strmap: with its key and value");
	strmap_release(&m, free); /* the sanitizer build checks that values and keys are freed */
}

int main(void)
{
	plan(14);
	test_ptrmap();
	test_strtab();
	test_strmap();
	return exit_status();
}
