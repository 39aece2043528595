/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host implementation of the subset of the KUnit API (include/kunit/test.h,
 * Linux 6.1) that ringledger's suites use, so the same test files compile
 * in user space and in-kernel.  Output is KTAP, closed by a plain line
 * "N passed, N failed".
 */
#ifndef RL_HOST_KUNIT_TEST_H
#define RL_HOST_KUNIT_TEST_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GFP_KERNEL 0
typedef unsigned int gfp_t;

#define KUNIT_PARAM_DESC_SIZE 128

struct kunit;
struct kunit_resource;
typedef int (*kunit_resource_init_t)(struct kunit_resource *, void *);
typedef void (*kunit_resource_free_t)(struct kunit_resource *);

struct kunit_resource {
	void *data;
	const char *name;
	kunit_resource_free_t free;
	struct kunit_resource *next;
};

struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
	const void *(*generate_params)(const void *prev, char *desc);
};

struct kunit_suite {
	const char name[256];
	int (*suite_init)(struct kunit_suite *suite);
	void (*suite_exit)(struct kunit_suite *suite);
	int (*init)(struct kunit *test);
	void (*exit)(struct kunit *test);
	struct kunit_case *test_cases;
};

struct kunit {
	void *priv;
	const char *name;
	const void *param_value;
	bool failed;
	jmp_buf abort;
	struct kunit_resource *resources;
};

#define KUNIT_CASE(test_name) { .run_case = test_name, .name = #test_name }
#define KUNIT_CASE_PARAM(test_name, gen_params)				\
	{ .run_case = test_name, .name = #test_name,			\
	  .generate_params = gen_params }

#define KUNIT_ARRAY_PARAM(name, array, get_desc)			\
	static const void *name##_gen_params(const void *prev, char *desc) \
	{								\
		__typeof__((array)[0]) *__next = prev ?			\
			((__typeof__(__next))prev) + 1 : (array);	\
		if (__next - (array) < (long)(sizeof(array) / sizeof((array)[0]))) { \
			void (*__get_desc)(__typeof__(__next), char *) = get_desc; \
			if (__get_desc)					\
				__get_desc(__next, desc);		\
			return __next;					\
		}							\
		return NULL;						\
	}

void kunit_host_register(struct kunit_suite **suites, int n);

#define KUNIT_HOST_CAT2(a, b) a##b
#define KUNIT_HOST_CAT(a, b) KUNIT_HOST_CAT2(a, b)
#define kunit_test_suites(...)						\
	static struct kunit_suite *KUNIT_HOST_CAT(__rl_suites_, __LINE__)[] = \
		{ __VA_ARGS__ };					\
	__attribute__((constructor)) static void			\
	KUNIT_HOST_CAT(__rl_register_, __LINE__)(void)			\
	{								\
		kunit_host_register(KUNIT_HOST_CAT(__rl_suites_, __LINE__), \
			sizeof(KUNIT_HOST_CAT(__rl_suites_, __LINE__)) /	\
			sizeof(struct kunit_suite *));			\
	}
#define kunit_test_suite(suite) kunit_test_suites(&suite)

void *kunit_alloc_resource(struct kunit *test, kunit_resource_init_t init,
			   kunit_resource_free_t free, gfp_t gfp,
			   void *context);
void *kunit_kzalloc(struct kunit *test, size_t size, gfp_t gfp);
void *kunit_kmalloc(struct kunit *test, size_t size, gfp_t gfp);

void kunit_host_fail(struct kunit *test, bool assertion, const char *file,
		     int line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

#define kunit_info(test, fmt, ...)					\
	printf("    # %s: " fmt "\n", (test)->name, ##__VA_ARGS__)
#define kunit_err(test, fmt, ...) kunit_info(test, fmt, ##__VA_ARGS__)

#define KUNIT_FAIL(test, fmt, ...)					\
	kunit_host_fail(test, false, __FILE__, __LINE__, fmt, ##__VA_ARGS__)

#define KUNIT_HOST_BINARY(test, as, left, op, right, fmt, ...)		\
	do {								\
		__typeof__(left) __l = (left);				\
		__typeof__(right) __r = (right);			\
		if (!(__l op __r))					\
			kunit_host_fail(test, as, __FILE__, __LINE__,	\
				"Expected %s %s %s, but %s == %lld, %s == %lld. " fmt, \
				#left, #op, #right, #left, (long long)__l, \
				#right, (long long)__r, ##__VA_ARGS__);	\
	} while (0)

#define KUNIT_HOST_PTR(test, as, left, op, right, fmt, ...)		\
	do {								\
		const void *__l = (left), *__r = (right);		\
		if (!(__l op __r))					\
			kunit_host_fail(test, as, __FILE__, __LINE__,	\
				"Expected %s %s %s. " fmt, #left, #op,	\
				#right, ##__VA_ARGS__);			\
	} while (0)

#define KUNIT_HOST_STR(test, as, left, op, right, fmt, ...)		\
	do {								\
		const char *__l = (left), *__r = (right);		\
		if (!(strcmp(__l, __r) op 0))				\
			kunit_host_fail(test, as, __FILE__, __LINE__,	\
				"Expected %s %s %s, but \"%s\" vs \"%s\". " fmt, \
				#left, #op, #right, __l, __r, ##__VA_ARGS__); \
	} while (0)

#define KUNIT_EXPECT_EQ(t, a, b) KUNIT_HOST_BINARY(t, false, a, ==, b, "")
#define KUNIT_EXPECT_NE(t, a, b) KUNIT_HOST_BINARY(t, false, a, !=, b, "")
#define KUNIT_EXPECT_LT(t, a, b) KUNIT_HOST_BINARY(t, false, a, <, b, "")
#define KUNIT_EXPECT_LE(t, a, b) KUNIT_HOST_BINARY(t, false, a, <=, b, "")
#define KUNIT_EXPECT_GT(t, a, b) KUNIT_HOST_BINARY(t, false, a, >, b, "")
#define KUNIT_EXPECT_GE(t, a, b) KUNIT_HOST_BINARY(t, false, a, >=, b, "")
#define KUNIT_EXPECT_TRUE(t, c) KUNIT_HOST_BINARY(t, false, !!(c), ==, 1, "")
#define KUNIT_EXPECT_FALSE(t, c) KUNIT_HOST_BINARY(t, false, !!(c), ==, 0, "")
#define KUNIT_EXPECT_NULL(t, p) KUNIT_HOST_PTR(t, false, p, ==, NULL, "")
#define KUNIT_EXPECT_NOT_NULL(t, p) KUNIT_HOST_PTR(t, false, p, !=, NULL, "")
#define KUNIT_EXPECT_PTR_EQ(t, a, b) KUNIT_HOST_PTR(t, false, a, ==, b, "")
#define KUNIT_EXPECT_PTR_NE(t, a, b) KUNIT_HOST_PTR(t, false, a, !=, b, "")
#define KUNIT_EXPECT_STREQ(t, a, b) KUNIT_HOST_STR(t, false, a, ==, b, "")
#define KUNIT_EXPECT_EQ_MSG(t, a, b, fmt, ...)				\
	KUNIT_HOST_BINARY(t, false, a, ==, b, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_GT_MSG(t, a, b, fmt, ...)				\
	KUNIT_HOST_BINARY(t, false, a, >, b, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_TRUE_MSG(t, c, fmt, ...)				\
	KUNIT_HOST_BINARY(t, false, !!(c), ==, 1, fmt, ##__VA_ARGS__)

#define KUNIT_ASSERT_EQ(t, a, b) KUNIT_HOST_BINARY(t, true, a, ==, b, "")
#define KUNIT_ASSERT_NE(t, a, b) KUNIT_HOST_BINARY(t, true, a, !=, b, "")
#define KUNIT_ASSERT_GT(t, a, b) KUNIT_HOST_BINARY(t, true, a, >, b, "")
#define KUNIT_ASSERT_GE(t, a, b) KUNIT_HOST_BINARY(t, true, a, >=, b, "")
#define KUNIT_ASSERT_TRUE(t, c) KUNIT_HOST_BINARY(t, true, !!(c), ==, 1, "")
#define KUNIT_ASSERT_FALSE(t, c) KUNIT_HOST_BINARY(t, true, !!(c), ==, 0, "")
#define KUNIT_ASSERT_NOT_NULL(t, p) KUNIT_HOST_PTR(t, true, p, !=, NULL, "")
#define KUNIT_ASSERT_NOT_ERR_OR_NULL(t, p) KUNIT_ASSERT_NOT_NULL(t, p)
#define KUNIT_ASSERT_TRUE_MSG(t, c, fmt, ...)				\
	KUNIT_HOST_BINARY(t, true, !!(c), ==, 1, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_EQ_MSG(t, a, b, fmt, ...)				\
	KUNIT_HOST_BINARY(t, true, a, ==, b, fmt, ##__VA_ARGS__)

#endif /* RL_HOST_KUNIT_TEST_H */
