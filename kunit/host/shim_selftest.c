// SPDX-License-Identifier: GPL-2.0
/*
 * shim_selftest.c - the host KUnit shim must fail what should fail: every
 * case here fails on purpose (or passes on purpose), and `make host-check`
 * checks the runner's KTAP lines, totals and exit status for them.
 */
#include "kunit/test.h"

static int reached_after_assert;

static void fails_expect_eq(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 1 + 1, 3);
}

static void fails_assert_and_stops(struct kunit *test)
{
	KUNIT_ASSERT_TRUE(test, 0);
	reached_after_assert = 1;
}

static void passes_and_checks_assert_stopped(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, reached_after_assert, 0);
	KUNIT_EXPECT_STREQ(test, "a", "a");
}

static const int params[] = { 1, 2, 3 };

static void param_desc(const int *p, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "p%d", *p);
}

KUNIT_ARRAY_PARAM(sample, params, param_desc);

static void fails_for_param_2(struct kunit *test)
{
	const int *p = test->param_value;

	KUNIT_EXPECT_NE(test, *p, 2);
}

static void fails_explicitly(struct kunit *test)
{
	KUNIT_FAIL(test, "failed on purpose");
}

static struct kunit_case shim_cases[] = {
	KUNIT_CASE(fails_expect_eq),
	KUNIT_CASE(fails_assert_and_stops),
	KUNIT_CASE(passes_and_checks_assert_stopped),
	KUNIT_CASE_PARAM(fails_for_param_2, sample_gen_params),
	KUNIT_CASE(fails_explicitly),
	{}
};

static struct kunit_suite shim_suite = {
	.name = "shim_selftest",
	.test_cases = shim_cases,
};

kunit_test_suite(shim_suite);
