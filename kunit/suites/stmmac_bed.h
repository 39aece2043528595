/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stmmac_bed.h - the probed stmmac of the priv-level KUnit suites
 * (stmmac_test.c, stmmac_fixes_test.c).
 */
#ifndef RL_STMMAC_BED_H
#define RL_STMMAC_BED_H

#include "rl_test_util.h"
#include "stmmac.h"

/* @queues RX queues of @size, one TX queue of @tx_size; @variants put upstream's code back. */
static inline struct rl_stmmac_priv *
rl_stmmac_test_probe(struct kunit *test, struct rl_test_ctx *ctx, u32 queues,
		     u32 size, u32 tx_size, u64 variants)
{
	struct rl_stmmac_cfg cfg = { .rx_queues = queues, .tx_queues = 1,
				     .dma_rx_size = size,
				     .dma_tx_size = tx_size,
				     .variants = variants };
	struct rl_stmmac_priv *priv = rl_stmmac_probe(ctx->m, &cfg);

	KUNIT_ASSERT_NOT_NULL(test, priv);
	return priv;
}

/*
 * The device receives @n frames of @len bytes; one NAPI poll of @budget
 * must take @polled.
 */
static inline void rl_stmmac_test_rx_poll(struct kunit *test,
					  struct rl_stmmac_rx_queue *rx_q,
					  int n, u32 len, int budget,
					  int polled)
{
	int i;

	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ(test, rl_dring_hw_rx(rx_q->dma_rx, len), 0);
	rl_napi_schedule(&rx_q->rx_napi);
	KUNIT_EXPECT_EQ(test, rl_napi_run(&rx_q->rx_napi, budget, 0), polled);
}

#endif /* RL_STMMAC_BED_H */
