// SPDX-License-Identifier: GPL-2.0
/*
 * Host KUnit runner: runs every registered suite (or those named on the
 * command line), prints KTAP, ends with "N passed, N failed" and exits
 * non-zero when any case failed.
 */
#include <stdarg.h>
#include "kunit/test.h"

#define MAX_SUITES 64

static struct kunit_suite *suites[MAX_SUITES];
static int nr_suites;
static int passed, failed;

void kunit_host_register(struct kunit_suite **s, int n)
{
	int i;

	for (i = 0; i < n && nr_suites < MAX_SUITES; i++)
		suites[nr_suites++] = s[i];
}

void *kunit_alloc_resource(struct kunit *test, kunit_resource_init_t init,
			   kunit_resource_free_t free_fn, gfp_t gfp,
			   void *context)
{
	struct kunit_resource *res = calloc(1, sizeof(*res));

	(void)gfp;
	if (!res)
		return NULL;
	res->free = free_fn;
	if (init && init(res, context)) {
		free(res);
		return NULL;
	}
	res->next = test->resources;
	test->resources = res;
	return res->data;
}

static int kmalloc_init(struct kunit_resource *res, void *context)
{
	res->data = calloc(1, *(size_t *)context);
	return res->data ? 0 : -1;
}

static void kmalloc_free(struct kunit_resource *res)
{
	free(res->data);
}

void *kunit_kmalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_alloc_resource(test, kmalloc_init, kmalloc_free, gfp,
				    &size);
}

void *kunit_kzalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc(test, size, gfp);
}

void kunit_host_fail(struct kunit *test, bool assertion, const char *file,
		     int line, const char *fmt, ...)
{
	va_list ap;

	printf("        # %s: %s FAILED at %s:%d\n        ", test->name,
	       assertion ? "ASSERTION" : "EXPECTATION", file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	test->failed = true;
	if (assertion)
		longjmp(test->abort, 1);
}

static void cleanup(struct kunit *test)
{
	while (test->resources) {
		struct kunit_resource *res = test->resources;

		test->resources = res->next;
		if (res->free)
			res->free(res);
		free(res);
	}
}

/* Runs one case (one parameter); returns true when it passed. */
static bool run_one(struct kunit_suite *suite, struct kunit_case *c,
		    const void *param)
{
	struct kunit test;

	memset(&test, 0, sizeof(test));
	test.name = c->name;
	test.param_value = param;
	if (!setjmp(test.abort)) {
		if (!suite->init || !suite->init(&test))
			c->run_case(&test);
		else
			kunit_host_fail(&test, false, __FILE__, __LINE__,
					"suite init failed");
	}
	if (suite->exit)
		suite->exit(&test);
	cleanup(&test);
	if (test.failed)
		failed++;
	else
		passed++;
	return !test.failed;
}

static bool run_case(struct kunit_suite *suite, struct kunit_case *c, int nr)
{
	const void *param;
	char desc[KUNIT_PARAM_DESC_SIZE];
	bool ok = true;
	int i = 0;

	if (!c->generate_params) {
		ok = run_one(suite, c, NULL);
		printf("    %s %d %s\n", ok ? "ok" : "not ok", nr, c->name);
		return ok;
	}
	printf("        KTAP version 1\n        # Subtest: %s\n", c->name);
	desc[0] = 0;
	for (param = c->generate_params(NULL, desc); param;
	     param = c->generate_params(param, desc)) {
		bool one = run_one(suite, c, param);

		printf("        %s %d %s\n", one ? "ok" : "not ok", ++i,
		       desc[0] ? desc : "param");
		ok &= one;
		desc[0] = 0;
	}
	printf("        1..%d\n    %s %d %s\n", i, ok ? "ok" : "not ok", nr,
	       c->name);
	return ok;
}

static bool selected(const char *name, int argc, char **argv)
{
	int i;

	if (argc < 2)
		return true;
	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], name))
			return true;
	return false;
}

int main(int argc, char **argv)
{
	int i, n = 0, nr = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 0; i < nr_suites; i++)
		n += selected(suites[i]->name, argc, argv);
	if (!n) {
		fprintf(stderr, "kunit_host: no suite matches the names given\n");
		return 2;
	}
	printf("KTAP version 1\n1..%d\n", n);
	for (i = 0; i < nr_suites; i++) {
		struct kunit_suite *s = suites[i];
		struct kunit_case *c;
		bool ok = true;
		int k = 0;

		if (!selected(s->name, argc, argv))
			continue;
		if (s->suite_init && s->suite_init(s)) {
			printf("not ok %d %s # suite_init failed\n", ++nr,
			       s->name);
			failed++;
			continue;
		}
		printf("    KTAP version 1\n    # Subtest: %s\n", s->name);
		for (c = s->test_cases; c->run_case; c++)
			ok &= run_case(s, c, ++k);
		printf("    1..%d\n%s %d %s\n", k, ok ? "ok" : "not ok", ++nr,
		       s->name);
		if (s->suite_exit)
			s->suite_exit(s);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
