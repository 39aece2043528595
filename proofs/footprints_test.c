// SPDX-License-Identifier: GPL-2.0
/*
 * footprints_test.c - every field proofs/footprints.h names exists, with
 * the types the contracts give them.  Compiled (never run) by
 * proofs/footprints-check.sh in make host-check, so renaming a model field
 * breaks here in a second rather than in a 20-minute prove-check.  Each
 * footprint macro is used once, on a pointer of the type its contracts
 * apply it to; the check script turns the ACSL in them into C.
 */
#include <footprints.h>	/* -I: proofs/, or the self-test copy */
#include "am65_cpsw.h"
#include "desc_ring.h"
#include "page_pool.h"
#include "xdp_frame.h"
#include "stmmac.h"

#define RL_TOUCH(...)	((void)(__VA_ARGS__))

/* what \valid and \separated become (footprints-check.sh): operands typed */
int rl_fp_valid(const void *p);
int rl_fp_apart(const void *a, ...);
/* an ACSL logic function a macro reads, as a C function of its type */
long rl_ridx_occ(const struct rl_ring_idx *r);
struct rl_page_pool *rl_pp_of(long pp_id);
/* a ghost variable a macro reads, as a C variable of its type */
extern unsigned long long rl_g_xsk_tx_reserved;
extern unsigned long long rl_g_dma_live;

void rl_footprints_touch(struct rl_dma *dma, struct rl_k3_cppi_desc_pool *pool,
			 struct rl_k3_udma_glue_rx_channel *rx,
			 struct rl_k3_udma_glue_tx_channel *tx,
			 struct rl_xsk_pool *xsk, struct rl_ring *ring,
			 struct am65_cpsw_rx_flow *flow,
			 struct rl_dring *dring, struct rl_page_pool *pp,
			 struct rl_stmmac_priv *priv,
			 struct am65_cpsw_common *common);

void rl_footprints_touch(struct rl_dma *dma, struct rl_k3_cppi_desc_pool *pool,
			 struct rl_k3_udma_glue_rx_channel *rx,
			 struct rl_k3_udma_glue_tx_channel *tx,
			 struct rl_xsk_pool *xsk, struct rl_ring *ring,
			 struct am65_cpsw_rx_flow *flow,
			 struct rl_dring *dring, struct rl_page_pool *pp,
			 struct rl_stmmac_priv *priv,
			 struct am65_cpsw_common *common)
{
	RL_TOUCH(RL_DMA_FOOTPRINT(dma));
	RL_TOUCH(RL_DESC_POOL_FOOTPRINT(pool));
	RL_TOUCH(RL_DESC_POOL_MOVE_FOOTPRINT(pool));
	RL_TOUCH(RL_DESC_BLOCK(pool));
	RL_TOUCH(RL_DESC_ACCESS_FOOTPRINT(pool));
	RL_TOUCH(RL_LEDGER_TOUCH_FOOTPRINT(pool->m->ledger, RL_OBJ_DESC));
	RL_TOUCH(RL_LEDGER_REPORT_FOOTPRINT(pool->m->ledger));
	RL_TOUCH(RL_AM65_TXQ_DESTROY_FOOTPRINT(common, 0));
	RL_TOUCH(RL_FDQ_FOOTPRINT(ring));
	RL_TOUCH(RL_RX_PUSH_FOOTPRINT(rx));
	RL_TOUCH(RL_RX_RINGS_FOOTPRINT(rx));
	RL_TOUCH(RL_AM65_RXQ_DESTROY_FOOTPRINT(common, 0));
	{
		int j = 0;	/* RL_AM65_RX_KEPT's bound variable */

		RL_TOUCH(RL_AM65_RX_KEPT(common, 0, Pre));
	}
	RL_TOUCH(RL_TX_PUSH_FOOTPRINT(tx));
	RL_TOUCH(RL_XSK_FOOTPRINT(xsk));
	RL_TOUCH(RL_XSK_TX_FOOTPRINT(xsk));
	RL_TOUCH(AM65_ZC_REFILL_FOOTPRINT(flow, xsk));
	RL_TOUCH(AM65_ZC_TX_FOOTPRINT(pool, tx, xsk));
	RL_TOUCH(RL_DRING_GIVE_FOOTPRINT(dring));
	RL_TOUCH(RL_PP_ALLOC_FOOTPRINT(pp));
	RL_TOUCH(RL_PP_REFILL_FOOTPRINT(pp, dring));
	RL_TOUCH(RL_PAGE_FREE_FOOTPRINT(pp->m, &pp->m->pages->page[0]));
	RL_TOUCH(RL_PP_PUT_FOOTPRINT(pp, &pp->m->pages->page[0]));
	RL_TOUCH(RL_XDP_RETURN_FOOTPRINT(pp->m, &pp->m->frames->frame[0]));
	RL_TOUCH(RL_AM65_PUT_PAGE_FOOTPRINT(common->m, flow,
					    &pp->m->pages->page[0]));
	{
		int fi = 0, pi = 0;	/* RL_AM65_FLOW_PORT_INSIDE's */

		RL_TOUCH(RL_AM65_FLOW_PORT_INSIDE(flow, &common->ports[0]));
	}
	{
		long id = 0;	/* RL_PP_APART's */

		RL_TOUCH(RL_PP_APART(common));
	}
	RL_TOUCH(RL_DRING_RUN_FOOTPRINT(dring));
	RL_TOUCH(RL_STMMAC_RXQ_FOOTPRINT(&priv->rx_queue[0]));
	RL_TOUCH(RL_STMMAC_TXQ_FOOTPRINT(&priv->tx_queue[0]));
	RL_TOUCH(RL_NETDEV_TXQ_FOOTPRINT(priv->dev, 0));
	RL_TOUCH(RL_NAPI_STATE_FOOTPRINT(&priv->rx_queue[0].rx_napi));
	RL_TOUCH(RL_STMMAC_REQUEUED(priv, 0));
	RL_TOUCH(RL_STMMAC_NAPIS_VALID(priv, 0));
	RL_TOUCH(RL_STMMAC_DEV_KEPT(priv));
	RL_TOUCH(RL_STMMAC_XSK_FRAME(&priv->rx_queue[0], Pre));
	RL_TOUCH(RL_XSK_MAP_APART(priv, xsk));
	RL_TOUCH(RL_XSK_TX_APART(xsk, common));
	RL_TOUCH(RL_AM65_TX_SLOTS(&common->tx_chns[0]));
	RL_TOUCH(RL_AM65_TX_RECLAIM_FOOTPRINT(common, 0));
	RL_TOUCH(RL_DRING_REPORT(dring));
	RL_TOUCH(RL_GHOST_MAX);
}
