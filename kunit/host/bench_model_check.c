// SPDX-License-Identifier: GPL-2.0
/*
 * bench_model_check.c - cost of the per-step check (rl_model_check) in a
 * busy world: descriptor pools with descriptors in rings, a page_pool with
 * pages cached and out, an XSK pool with frames in every ring.  Prints the
 * time per check at two world sizes, so linear scaling can be read off.
 * Host-only benchmark (uses the clock); never part of the test suites.
 */
#include <time.h>
#include "model.h"
#include "k3_cppi_desc_pool.h"
#include "k3_udma_glue.h"
#include "page_pool.h"
#include "xsk_pool.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void run(u32 scale, u32 iters)
{
	struct rl_model_cfg cfg;
	struct rl_model *m;
	struct rl_k3_cppi_desc_pool *pool;
	struct rl_k3_udma_glue_rx_channel *rx;
	struct rl_page_pool_params pp_params = { .pool_size = 16 * scale,
						 .dma_map = true };
	struct rl_page_pool *pp;
	struct rl_xsk_pool *xsk;
	u32 i, objects;
	double t0, dt;

	rl_model_default_cfg(&cfg);
	cfg.max_desc *= scale;
	cfg.max_pages *= scale;
	cfg.max_xsk_frames *= scale;
	cfg.max_dma_maps *= scale;
	cfg.max_skbs *= scale;
	cfg.max_frames *= scale;
	m = rl_model_create(&cfg);
	pool = rl_k3_cppi_desc_pool_create_name(m, 64 * scale,
						sizeof(struct rl_cppi5_desc), "b");
	rx = rl_k3_udma_glue_request_rx_chn(m, pool, 4, 16 * scale, false);
	for (i = 0; i < 48 * scale; i++) {
		void *d = rl_k3_cppi_desc_pool_alloc(pool);

		rl_k3_udma_glue_push_rx_chn(rx, i % 4, d,
					    rl_k3_cppi_desc_pool_virt2dma(pool, d));
	}
	pp = rl_page_pool_create(m, &pp_params);
	for (i = 0; i < 16 * scale; i++)
		rl_page_pool_put_full_page(pp, rl_page_pool_dev_alloc_pages(pp),
					   false);
	xsk = rl_xsk_pool_create(m, 64 * scale, 16 * scale);
	rl_xsk_user_fill(xsk, 8 * scale);
	rl_xsk_user_submit_tx(xsk, 8 * scale, 64);
	if (!rl_model_check(m)) {
		fprintf(stderr, "bench: the world is not valid\n");
		exit(1);
	}
	objects = cfg.max_desc + cfg.max_pages + cfg.max_xsk_frames +
		  cfg.max_dma_maps + cfg.max_skbs + cfg.max_frames;
	t0 = now();
	for (i = 0; i < iters; i++)
		rl_model_check(m);
	dt = (now() - t0) / iters;
	printf("bench-check: scale %u: %u ledger slots: %.1f us per check, %.2f ns per slot\n",
	       scale, objects, dt * 1e6, dt * 1e9 / objects);
}

int main(void)
{
	run(1, 2000);
	run(2, 1000);
	return 0;
}
