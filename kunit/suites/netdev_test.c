// SPDX-License-Identifier: GPL-2.0
/*
 * netdev_test.c - netdev queues, BQL and NAPI state rules; each detector.
 */
#include "rl_test_util.h"
#include "netdev.h"
#include "irq.h"
#include "skb.h"

struct poll_bed {
	struct rl_napi napi;
	int work;		/* what the poll reports */
	bool complete;		/* whether it calls napi_complete_done */
	bool skb;		/* napi_alloc_skb + napi_consume_skb inside */
	u32 cpu_seen;
};

static int bed_poll(struct rl_napi *napi, int budget)
{
	struct poll_bed *b = container_of(napi, struct poll_bed, napi);

	b->cpu_seen = napi->m->cpu;
	if (b->skb) {
		struct rl_sk_buff *skb = rl_napi_alloc_skb(napi->m, 60);

		if (skb)
			rl_napi_consume_skb(napi->m, skb, budget);
	}
	if (b->complete)
		rl_napi_complete_done(napi, b->work);
	return b->work;
}

static void netdev_queue_stop_wake(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_netdev *nd = rl_netdev_create(ctx->m, 1, 4);

	KUNIT_ASSERT_NOT_NULL(test, nd);
	KUNIT_EXPECT_NULL(test, rl_netdev_create(ctx->m, 1, RL_MAX_TXQ + 1));
	rl_netif_tx_stop_queue(nd, 2);
	KUNIT_EXPECT_TRUE(test, rl_netif_tx_queue_stopped(nd, 2));
	KUNIT_EXPECT_FALSE(test, rl_netif_tx_queue_stopped(nd, 1));
	rl_netif_tx_wake_queue(nd, 2);
	KUNIT_EXPECT_FALSE(test, rl_netif_tx_queue_stopped(nd, 2));
	rl_netif_tx_stop_all_queues(nd);
	KUNIT_EXPECT_TRUE(test, rl_netif_tx_queue_stopped(nd, 3));
	rl_netif_tx_start_all_queues(nd);
	KUNIT_EXPECT_FALSE(test, rl_netif_tx_queue_stopped(nd, 3));
	rl_netif_carrier_on(nd);
	KUNIT_EXPECT_TRUE(test, rl_netif_carrier_ok(nd));
	rl_netif_carrier_off(nd);
	KUNIT_EXPECT_FALSE(test, rl_netif_carrier_ok(nd));
	rl_test_finish(ctx);
	rl_netdev_destroy(nd);
}

static void netdev_bql_accounting(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_netdev *nd = rl_netdev_create(ctx->m, 0, 2);

	rl_netdev_tx_sent_queue(nd, 1, 1500);
	rl_netdev_tx_sent_queue(nd, 1, 60);
	KUNIT_EXPECT_EQ(test, rl_netdev_bql_inflight(nd, 1), 1560U);
	rl_netdev_tx_completed_queue(nd, 1, 1, 1500);
	KUNIT_EXPECT_EQ(test, rl_netdev_bql_inflight(nd, 1), 60U);
	rl_test_check(ctx);
	/* bytes still in flight at the end: the queue would stall */
	RL_EXPECT_FINDING(ctx, RL_F_LEAK,
			  KUNIT_EXPECT_FALSE(test, rl_model_final_check(ctx->m)));
	rl_netdev_tx_reset_queue(nd, 1);
	rl_test_finish(ctx);
	rl_netdev_destroy(nd);
}

static void netdev_bql_completes_too_much(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_netdev *nd = rl_netdev_create(ctx->m, 0, 1);

	rl_netdev_tx_sent_queue(nd, 0, 100);
	RL_EXPECT_FINDING(ctx, RL_F_BQL,
			  rl_netdev_tx_completed_queue(nd, 0, 2, 200));
	KUNIT_EXPECT_EQ(test, ctx->last.expected, 100U);
	KUNIT_EXPECT_EQ(test, ctx->last.actual, 200U);
	rl_test_finish(ctx);
	rl_netdev_destroy(nd);
}

static void netdev_is_valid_catches_corruption(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_netdev *nd = rl_netdev_create(ctx->m, 0, 1);

	nd->txq[0].bql_completed = 5;
	KUNIT_EXPECT_FALSE(test, rl_netdev_is_valid(nd));
	RL_EXPECT_FINDING(ctx, RL_F_INVALID, rl_model_check(ctx->m));
	nd->txq[0].bql_completed = 0;
	rl_netdev_destroy(nd);
}

static void napi_schedule_poll_complete(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct poll_bed b = { .work = 3, .complete = true };

	rl_netif_napi_add(ctx->m, &b.napi, bed_poll);
	/* a disabled NAPI cannot be scheduled */
	KUNIT_EXPECT_FALSE(test, rl_napi_schedule(&b.napi));
	rl_napi_enable(&b.napi);
	KUNIT_EXPECT_TRUE(test, rl_napi_schedule(&b.napi));
	KUNIT_EXPECT_FALSE(test, rl_napi_schedule(&b.napi));
	rl_test_check(ctx);
	KUNIT_EXPECT_EQ(test, rl_napi_run(&b.napi, 64, 1), 3);
	KUNIT_EXPECT_EQ(test, b.cpu_seen, 1U);
	KUNIT_EXPECT_FALSE(test, b.napi.scheduled);
	KUNIT_EXPECT_EQ(test, rl_napi_run(&b.napi, 64, 0), -1);
	/* budget used up: the driver stays scheduled and is polled again */
	b.work = 64;
	b.complete = false;
	rl_napi_schedule(&b.napi);
	KUNIT_EXPECT_EQ(test, rl_napi_run(&b.napi, 64, 0), 64);
	KUNIT_EXPECT_TRUE(test, b.napi.scheduled);
	rl_napi_disable(&b.napi);
	KUNIT_EXPECT_FALSE(test, b.napi.scheduled);
	rl_netif_napi_del(&b.napi);
	rl_test_finish(ctx);
}

static void napi_enable_twice(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct poll_bed b = {};

	rl_netif_napi_add(ctx->m, &b.napi, bed_poll);
	rl_napi_enable(&b.napi);
	RL_EXPECT_FINDING(ctx, RL_F_NAPI, rl_napi_enable(&b.napi));
	rl_napi_disable(&b.napi);
	RL_EXPECT_FINDING(ctx, RL_F_NAPI, rl_napi_disable(&b.napi));
	rl_netif_napi_del(&b.napi);
	rl_test_finish(ctx);
}

/* what no NAPI call may write: the NAPI's identity and netif_napi_add */
static void napi_expect_identity_kept(struct kunit *test,
				      const struct rl_napi *before,
				      const struct rl_napi *now)
{
	KUNIT_EXPECT_EQ(test, memcmp(&before->hdr, &now->hdr, sizeof(now->hdr)), 0);
	KUNIT_EXPECT_PTR_EQ(test, before->m, now->m);
	KUNIT_EXPECT_TRUE(test, before->poll == now->poll);
	KUNIT_EXPECT_EQ(test, before->added, now->added);
}

/*
 * The proof view's assigns (model/netdev.h, A7): napi_enable writes the
 * on/off and SCHED bits alone, napi_disable - a scheduled poll run
 * inside it - the NAPI's state (RL_NAPI_STATE_FOOTPRINT) alone.
 */
static void napi_enable_disable_stay_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct poll_bed b = { .work = 2, .complete = true };
	struct rl_napi before;

	rl_netif_napi_add(ctx->m, &b.napi, bed_poll);
	b.napi.refused = true;	/* a schedule came while it was off */
	before = b.napi;
	rl_napi_enable(&b.napi);
	napi_expect_identity_kept(test, &before, &b.napi);
	KUNIT_EXPECT_TRUE(test, b.napi.enabled);
	KUNIT_EXPECT_EQ(test, b.napi.refused, before.refused);
	KUNIT_EXPECT_EQ(test, b.napi.disabling, before.disabling);
	KUNIT_EXPECT_EQ(test, b.napi.completed, before.completed);
	KUNIT_EXPECT_EQ(test, b.napi.orphan, before.orphan);
	KUNIT_EXPECT_EQ(test, b.napi.in_poll, before.in_poll);
	KUNIT_EXPECT_EQ(test, b.napi.polls, before.polls);
	KUNIT_EXPECT_TRUE(test, rl_napi_schedule(&b.napi));
	before = b.napi;
	rl_napi_disable(&b.napi);
	napi_expect_identity_kept(test, &before, &b.napi);
	/* the scheduled poll ran inside: its state moved, nothing else */
	KUNIT_EXPECT_EQ(test, b.napi.polls, before.polls + 1);
	KUNIT_EXPECT_FALSE(test, b.napi.enabled);
	rl_netif_napi_del(&b.napi);
	rl_test_finish(ctx);
}

static void napi_complete_outside_poll(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct poll_bed b = { .complete = true };

	rl_netif_napi_add(ctx->m, &b.napi, bed_poll);
	rl_napi_enable(&b.napi);
	rl_napi_schedule(&b.napi);
	RL_EXPECT_FINDING(ctx, RL_F_NAPI, rl_napi_complete_done(&b.napi, 0));
	/* the poll still scheduled runs once before napi_disable returns */
	rl_napi_disable(&b.napi);
	KUNIT_EXPECT_EQ(test, b.napi.polls, 1U);
	rl_netif_napi_del(&b.napi);
	rl_test_finish(ctx);
}

static void napi_poll_over_budget(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct poll_bed b = { .work = 9, .complete = true };

	rl_netif_napi_add(ctx->m, &b.napi, bed_poll);
	rl_napi_enable(&b.napi);
	rl_napi_schedule(&b.napi);
	RL_EXPECT_FINDING(ctx, RL_F_NAPI, rl_napi_run(&b.napi, 8, 0));
	rl_napi_disable(&b.napi);
	RL_EXPECT_FINDING(ctx, RL_F_NAPI, rl_napi_disable(&b.napi));
	rl_netif_napi_del(&b.napi);
	rl_test_finish(ctx);
}

/* __napi_poll(): a poll that used its budget must leave the state alone. */
static void napi_full_budget_but_completed(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct poll_bed b = { .work = 8, .complete = true };

	rl_netif_napi_add(ctx->m, &b.napi, bed_poll);
	rl_napi_enable(&b.napi);
	rl_napi_schedule(&b.napi);
	RL_EXPECT_FINDING(ctx, RL_F_NAPI, rl_napi_run(&b.napi, 8, 0));
	/* the same poll with a larger budget is fine */
	rl_napi_schedule(&b.napi);
	KUNIT_EXPECT_EQ(test, rl_napi_run(&b.napi, 9, 0), 8);
	rl_napi_disable(&b.napi);
	rl_netif_napi_del(&b.napi);
	rl_test_finish(ctx);
}

/* Less than the budget and not completed: scheduled for ever. */
static void napi_left_scheduled(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct poll_bed b = { .work = 3 };

	rl_netif_napi_add(ctx->m, &b.napi, bed_poll);
	rl_napi_enable(&b.napi);
	rl_napi_schedule(&b.napi);
	RL_EXPECT_FINDING(ctx, RL_F_NAPI, rl_napi_run(&b.napi, 64, 0));
	KUNIT_EXPECT_TRUE(test, b.napi.scheduled);
	KUNIT_EXPECT_FALSE(test, rl_napi_schedule(&b.napi));
	/* on no poll list any more: napi_disable() waits for ever */
	RL_EXPECT_FINDING(ctx, RL_F_NAPI, rl_napi_disable(&b.napi));
	KUNIT_EXPECT_EQ(test, b.napi.polls, 1U);
	rl_netif_napi_del(&b.napi);
	rl_test_finish(ctx);
}

/* napi_alloc_skb / napi_consume_skb: NAPI context only. */
static void napi_context_only_helpers(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct poll_bed b = { .work = 1, .complete = true, .skb = true };
	struct rl_sk_buff *skb;

	rl_netif_napi_add(ctx->m, &b.napi, bed_poll);
	rl_napi_enable(&b.napi);
	rl_napi_schedule(&b.napi);
	KUNIT_EXPECT_EQ(test, rl_napi_run(&b.napi, 64, 0), 1);
	KUNIT_EXPECT_NULL(test, ctx->m->napi_ctx);
	RL_EXPECT_FINDING(ctx, RL_F_NAPI, skb = rl_napi_alloc_skb(ctx->m, 60));
	KUNIT_ASSERT_NOT_NULL(test, skb);
	RL_EXPECT_FINDING(ctx, RL_F_NAPI, rl_napi_consume_skb(ctx->m, skb, 64));
	/* budget 0 says "not NAPI" (netpoll): fine anywhere */
	skb = rl_alloc_skb(ctx->m, 60);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	rl_napi_consume_skb(ctx->m, skb, 0);
	rl_napi_disable(&b.napi);
	rl_netif_napi_del(&b.napi);
	rl_test_finish(ctx);
}

static void napi_is_valid_catches_corruption(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct poll_bed b = {};

	rl_netif_napi_add(ctx->m, &b.napi, bed_poll);
	b.napi.scheduled = true;	/* scheduled while disabled */
	KUNIT_EXPECT_FALSE(test, rl_napi_is_valid(&b.napi));
	RL_EXPECT_FINDING(ctx, RL_F_INVALID, rl_model_check(ctx->m));
	b.napi.scheduled = false;
	rl_netif_napi_del(&b.napi);
	rl_test_finish(ctx);
}

static void irq_count_handler(void *data)
{
	(*(u32 *)data)++;
}

/*
 * model/irq.c: an event on a masked line stays pending and is resent by
 * the enable that unmasks it (check_irq_resend); an enable with nothing
 * masked is the __enable_irq "Unbalanced enable" WARN (finding IRQ).
 */
static void irq_resend_and_unbalanced_enable(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_irq irq;
	u32 calls = 0;

	rl_request_irq(ctx->m, &irq, irq_count_handler, &calls);
	rl_irq_raise(&irq);
	KUNIT_EXPECT_EQ(test, calls, 1U);
	rl_disable_irq_nosync(&irq);
	rl_irq_raise(&irq);
	KUNIT_EXPECT_EQ(test, calls, 1U);
	KUNIT_EXPECT_TRUE(test, irq.pending);
	KUNIT_EXPECT_TRUE(test, rl_irq_is_valid(&irq));
	rl_enable_irq(&irq);
	KUNIT_EXPECT_EQ(test, calls, 2U);
	KUNIT_EXPECT_FALSE(test, irq.pending);
	RL_EXPECT_FINDING(ctx, RL_F_IRQ, rl_enable_irq(&irq));
	rl_test_finish(ctx);
}

/* The world at hrtimer_cancel's wait: the running callback ends first. */
static void timer_fires_at_wait(void *data, enum rl_wait_point wp)
{
	if (wp == RL_WAIT_HRTIMER_CANCEL)
		rl_hrtimer_fire(data);
}

/*
 * The proof view's assigns (model/irq.h, A3): hrtimer_cancel writes the
 * timer's armed flag and, when the callback runs at its wait, the fired
 * count - nothing else of the timer; what the callback writes is the
 * wait's (A3).  A footprint without the fired count is caught.
 */
static void hrtimer_cancel_stays_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_hrtimer t, before;
	u32 calls = 0;

	rl_hrtimer_init(ctx->m, &t, irq_count_handler, &calls);
	rl_hrtimer_start(&t);
	ctx->m->wait_fn = timer_fires_at_wait;
	ctx->m->wait_ctx = &t;
	memcpy(&before, &t, sizeof(t));
	rl_hrtimer_cancel(&t);
	ctx->m->wait_fn = NULL;
	KUNIT_EXPECT_FALSE(test, t.armed);	/* ensures disarmed */
	KUNIT_EXPECT_EQ(test, calls, 1U);
	/* the footprint one field short: the fired count moved */
	before.armed = t.armed;
	KUNIT_EXPECT_NE(test, memcmp(&before, &t, sizeof(t)), 0);
	before.fired = t.fired;
	KUNIT_EXPECT_EQ(test, memcmp(&before, &t, sizeof(t)), 0);
	/* a timer not armed: no wait, nothing written */
	memcpy(&before, &t, sizeof(t));
	rl_hrtimer_cancel(&t);
	KUNIT_EXPECT_EQ(test, memcmp(&before, &t, sizeof(t)), 0);
	rl_test_finish(ctx);
}

static struct kunit_case netdev_test_cases[] = {
	KUNIT_CASE(netdev_queue_stop_wake),
	KUNIT_CASE(netdev_bql_accounting),
	KUNIT_CASE(netdev_bql_completes_too_much),
	KUNIT_CASE(netdev_is_valid_catches_corruption),
	KUNIT_CASE(napi_schedule_poll_complete),
	KUNIT_CASE(napi_enable_twice),
	KUNIT_CASE(napi_enable_disable_stay_in_footprint),
	KUNIT_CASE(napi_complete_outside_poll),
	KUNIT_CASE(napi_poll_over_budget),
	KUNIT_CASE(napi_full_budget_but_completed),
	KUNIT_CASE(napi_left_scheduled),
	KUNIT_CASE(irq_resend_and_unbalanced_enable),
	KUNIT_CASE(hrtimer_cancel_stays_in_footprint),
	KUNIT_CASE(napi_context_only_helpers),
	KUNIT_CASE(napi_is_valid_catches_corruption),
	{}
};

static struct kunit_suite netdev_test_suite = {
	.name = "ringledger_netdev",
	.test_cases = netdev_test_cases,
};

kunit_test_suite(netdev_test_suite);
