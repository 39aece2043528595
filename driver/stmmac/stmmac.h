/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stmmac.h - the DesignWare MAC driver's data path
 * (drivers/net/ethernet/stmicro/stmmac/stmmac_main.c, stmmac_xdp.c,
 * stmmac.h; read in Debian's linux-source-6.1 and torvalds/linux),
 * written afresh over the model.  So far (issue 20): the page_pool
 * receive queues with XDP (PASS, DROP, TX, REDIRECT), the transmit queues
 * with the stack's transmit (no TSO), XDP_TX, ndo_xdp_xmit and their
 * completion, the program swap, open/release, and AF_XDP zero copy
 * (stmmac_xdp.c's pool enable/disable with the per-queue rebuild,
 * stmmac_rx_zc, stmmac_rx_refill_zc, stmmac_xdp_xmit_zc, the rxtx NAPI).
 */
#ifndef RL_STMMAC_H
#define RL_STMMAC_H

#include "model.h"
#include "desc_ring.h"
#include "page_pool.h"
#include "netdev.h"
#include "skb.h"
#include "xdp.h"
#include "irq.h"
#include "xsk_pool.h"
#include "kmem.h"

#define RL_STMMAC_MAX_QUEUES	4	/* MTL_MAX_RX/TX_QUEUES is 8 */
#define RL_STMMAC_MTL_MAX_TX_QUEUES	8	/* af_xdp_zc_qps is sized by it */
#define RL_STMMAC_RX_OFFSET	256	/* stmmac_rx_offset(): XDP_PACKET_HEADROOM */
#define RL_STMMAC_FCS_LEN	4	/* ETH_FCS_LEN: ACS off, stripped by hand */

/* the verdicts stmmac_xdp_run_prog() reports (STMMAC_XDP_*) */
#define RL_STMMAC_XDP_PASS	0
#define RL_STMMAC_XDP_CONSUMED	BIT(0)
#define RL_STMMAC_XDP_TX	BIT(1)
#define RL_STMMAC_XDP_REDIRECT	BIT(2)
#define RL_STMMAC_XSK_CONSUMED	BIT(3)	/* the XSK buffer freed already */

/*
 * Catalogued stmmac bugs that can be put back (stmmac_variants.c); the
 * names start with "stmmac_", distinct from am65's.
 */
enum rl_stmmac_variant {
	RL_SV_XMIT_MAP_ERR_STALE,
	RL_SV_XDP_REOPEN_FAIL_IGNORED,
	RL_SV_RACE_POOL_NAPI_ORDER,
	RL_SV_ZC_UNFILLED_DESC_OWN,
	RL_SV_XSK_TX_STALE_DONE,
	RL_SV_XSK_ENABLE_WAKEUP_ERR,
	RL_SV_QUEUE_REENABLE_FAIL_IGNORED,
	RL_SV_RACE_XDP_TX_POOL_SWITCH,
	RL_SV_ZC_XDP_TX_PP_ADDR,
	RL_SV_ZC_QPS_BITMAP_LEAK,
	RL_SV_PROBE_WQ_FAIL_LEAK,
	RL_SV_RX_CUR_CATCHES_DIRTY,
	RL_SV_XDP_RELEASE_TX_RUNNING,
	RL_SV_RACE_TX_WAKE_IN_REBUILD,
	RL_SV_ALLOC_TX_FAIL_RX_LEAK,
	RL_SV_ALLOC_FAIL_FREES_DANGLING,
	RL_SV_NR
};

extern const struct rl_variant_info rl_stmmac_variants[RL_SV_NR];

/* Profiles (stmmac_variants.c): the bugs a real code base contains. */
enum rl_stmmac_profile {
	RL_SP_SERIES_2021,
	RL_SP_NR
};

extern const struct rl_profile_info rl_stmmac_profiles[RL_SP_NR];
/* BIT_ULL(variant @name) or a profile's members; 0 when neither. */
u64 rl_stmmac_variant_mask(const char *name);

/* Performance variants (make costs-check), as am65's rl_am65_perf. */
enum rl_stmmac_perf {
	RL_SPV_PP_SYNC_DEV_ALWAYS,
	RL_SPV_NR
};

extern const struct rl_variant_info rl_stmmac_perf_variants[RL_SPV_NR];

struct rl_stmmac_cfg {
	u32 rx_queues;		/* plat->rx_queues_to_use */
	u32 tx_queues;		/* plat->tx_queues_to_use */
	u32 dma_rx_size;	/* dma_conf.dma_rx_size (ethtool -G) */
	u32 dma_tx_size;
	u32 nr_cpus;		/* CPUs: smp_processor_id() picks XDP TX queues */
	u64 variants;		/* BIT_ULL(enum rl_stmmac_variant) put back */
	u32 perf;		/* BIT(enum rl_stmmac_perf) put back */
	/*
	 * The world's, never read by the driver: the n-th slab allocation
	 * of probe fails (RL_FAULT_KMALLOC armed before it; 0: none)
	 */
	u32 probe_fault;
};

/* struct stmmac_rx_buffer: a page_pool page, or an XSK buffer (ZC) */
struct rl_stmmac_rx_buffer {
	struct rl_page *page;
	struct rl_xsk_buff *xdp;
	u32 page_offset;
	rl_dma_addr_t addr;
};

struct rl_stmmac_priv;

/*
 * struct stmmac_rx_queue, with its channel's rx_napi and rxtx_napi (the
 * one NAPI of a zero-copy channel: TX clean, XSK TX and ZC RX together)
 */
struct rl_stmmac_rx_queue {
	u32 queue_index;
	struct rl_stmmac_priv *priv_data;
	struct rl_page_pool *page_pool;
	struct rl_xsk_pool *xsk_pool;
	struct rl_dring *dma_rx;	/* dma_rx + dma_rx_phy */
	struct rl_stmmac_rx_buffer buf_pool[RL_DRING_MAX];
	u32 cur_rx;
	u32 dirty_rx;
	u32 buf_alloc_num;
	struct rl_xdp_rxq_info xdp_rxq;
	struct rl_napi rx_napi;		/* stmmac_channel.rx_napi */
	struct rl_napi rxtx_napi;	/* stmmac_channel.rxtx_napi */
};

/* enum stmmac_txbuf_type */
enum rl_stmmac_txbuf_type {
	RL_STMMAC_TXBUF_T_SKB,
	RL_STMMAC_TXBUF_T_XDP_TX,
	RL_STMMAC_TXBUF_T_XDP_NDO,
	RL_STMMAC_TXBUF_T_XSK_TX,
};

/* struct stmmac_tx_info */
struct rl_stmmac_tx_info {
	rl_dma_addr_t buf;
	u32 len;
	u8 buf_type;
	bool map_as_page;
};

/* struct stmmac_tx_queue, with its channel's tx_napi */
struct rl_stmmac_tx_queue {
	u32 queue_index;
	struct rl_stmmac_priv *priv_data;
	struct rl_dring *dma_tx;
	struct rl_stmmac_tx_info tx_skbuff_dma[RL_DRING_MAX];
	struct rl_xdp_frame *xdpf[RL_DRING_MAX];
	struct rl_sk_buff *tx_skbuff[RL_DRING_MAX];	/* on the last segment */
	struct rl_xsk_pool *xsk_pool;
	u32 xsk_frames_done;		/* XSK TX frames cleaned, to complete */
	u32 cur_tx;
	u32 dirty_tx;
	struct rl_napi tx_napi;		/* stmmac_channel.tx_napi */
};

struct rl_stmmac_priv {
	struct rl_model *m;
	struct rl_stmmac_cfg cfg;
	struct rl_netdev *dev;
	struct rl_bpf_prog *xdp_prog;
	bool up;			/* between open and release */
	/*
	 * STMMAC_DOWN in priv->state: upstream sets it around a reset; the
	 * patched driver also while a program swap could not rebuild the
	 * queues (none exist until the next swap or open).
	 */
	bool down;
	struct rl_irq irq;		/* dev->irq: one line for every channel */
	unsigned long *af_xdp_zc_qps;	/* queues set up for zero copy */
	struct rl_workqueue *wq;	/* stmmac_wq (the service task's) */
	u32 rx_dropped;
	u32 tx_dropped;
	struct rl_stmmac_rx_queue rx_queue[RL_STMMAC_MAX_QUEUES];
	struct rl_stmmac_tx_queue tx_queue[RL_STMMAC_MAX_QUEUES];
};

/* the proof view of the structures above (ACSL, proofs/README.md) */
#include "stmmac_proof.h"

/* The device at probe: a net_device and its queues' NAPIs, nothing up. */
struct rl_stmmac_priv *rl_stmmac_probe(struct rl_model *m,
				       const struct rl_stmmac_cfg *cfg);
void rl_stmmac_remove(struct rl_stmmac_priv *priv);
/* stmmac_open() / stmmac_release() */
int rl_stmmac_open(struct rl_stmmac_priv *priv);
int rl_stmmac_release(struct rl_stmmac_priv *priv);
/* stmmac_xdp_set_prog(): @prog's reference moves to the driver */
int rl_stmmac_xdp_set_prog(struct rl_stmmac_priv *priv,
			   struct rl_bpf_prog *prog);
/* stmmac_xdp_setup_pool(), ndo_bpf XDP_SETUP_XSK_POOL (NULL: disable) */
int rl_stmmac_xdp_setup_pool(struct rl_stmmac_priv *priv,
			     struct rl_xsk_pool *pool, u32 queue);
/* stmmac_xsk_wakeup(), ndo_xsk_wakeup */
int rl_stmmac_xsk_wakeup(struct rl_stmmac_priv *priv, u32 queue, u32 flags);
/* stmmac_xmit(), ndo_start_xmit: RL_NETDEV_TX_OK or RL_NETDEV_TX_BUSY */
int rl_stmmac_xmit(struct rl_stmmac_priv *priv, struct rl_sk_buff *skb);
/*
 * stmmac_xdp_xmit(), ndo_xdp_xmit: @n frames the caller owns; returns how
 * many the driver took (the rest stay the caller's to free).
 */
int rl_stmmac_xdp_xmit(struct rl_stmmac_priv *priv, u32 n,
		       struct rl_xdp_frame **frames, bool flush);
/*
 * stmmac_interrupt(): the line's handler (request_irq at open, freed at
 * release) - each channel's DMA status schedules its NAPIs.
 */
void rl_stmmac_interrupt(void *data);
/* Settled: no completion left behind a masked interrupt (oracle). */
bool rl_stmmac_check_irqs(struct rl_stmmac_priv *priv);
/*
 * After a receive poll that ran: the ring as full as stmmac_rx's refill
 * leaves it (page mode), or not left empty while the fill ring has
 * frames (zero copy); @failed: a page_pool allocation failed in it.
 */
bool rl_stmmac_check_rx_depth(struct rl_stmmac_priv *priv, u32 q,
			      int ret, int budget, bool failed);
/* The driver's own consistency (rings, buffers, counters). */
bool rl_stmmac_is_valid(const struct rl_stmmac_priv *priv);

/* Is bug @v put back? */
/*
 * The NAPI a queue's completions schedule: the channel's rxtx NAPI once
 * the queue has an XSK pool (stmmac_napi_check, stmmac_tx_timer).
 */
static inline struct rl_napi *rl_stmmac_rx_napi(struct rl_stmmac_priv *priv,
						u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];

	return rx_q->xsk_pool ? &rx_q->rxtx_napi : &rx_q->rx_napi;
}

static inline struct rl_napi *rl_stmmac_tx_napi(struct rl_stmmac_priv *priv,
						u32 q)
{
	return priv->tx_queue[q].xsk_pool && q < priv->cfg.rx_queues ?
	       &priv->rx_queue[q].rxtx_napi : &priv->tx_queue[q].tx_napi;
}

/* max(rx_queues_to_use, tx_queues_to_use): the channels */
static inline u32 rl_stmmac_channels(const struct rl_stmmac_priv *priv)
{
	return priv->cfg.rx_queues > priv->cfg.tx_queues ?
	       priv->cfg.rx_queues : priv->cfg.tx_queues;
}

/* Is bug @v re-injected?  (rl_variant_set: fixed at build time in proofs) */
/*@ requires \valid_read(priv) && 0 <= v < 64;
  @ assigns \nothing;
  @ ensures \result <==> (RL_PROOF_VARIANTS & (1 << v)) != 0;
  @*/
static inline bool rl_stmmac_bug(const struct rl_stmmac_priv *priv,
				 enum rl_stmmac_variant v)
{
	return rl_variant_set(&priv->cfg) & BIT_ULL(v);
}

/*
 * Between the files of the driver.  Proof view of one queue's resources
 * (proofs/README.md, A7; the pool switch, unit stmmac_pool_switch): of
 * the driver's memory each writes its queue's fields but the NAPIs
 * (RL_STMMAC_RXQ/TXQ_FOOTPRINT); a ring it makes is an allocation of its own
 * (stmmac_apart_ring).  What they write in the facilities (pages, XSK
 * frames, DMA, the ledger) and what other contexts write at the
 * allocations' wait (GFP_KERNEL) is left out: no goal of the unit reads it.
 */
/*@ requires \valid(priv) && q < RL_STMMAC_MAX_QUEUES;
  @ assigns RL_STMMAC_RXQ_FOOTPRINT(&priv->rx_queue[q]);
  @ ensures made: \result == 0 ==>
  @   stmmac_apart_ring(priv, priv->rx_queue[q].dma_rx);
  @*/
int rl_stmmac_alloc_rx(struct rl_stmmac_priv *priv, u32 q);
/*@ requires \valid(priv) && q < RL_STMMAC_MAX_QUEUES;
  @ assigns RL_STMMAC_RXQ_FOOTPRINT(&priv->rx_queue[q]);
  @ ensures ring_kept: priv->rx_queue[q].dma_rx ==
  @   \old(priv->rx_queue[q].dma_rx);
  @*/
int rl_stmmac_init_rx(struct rl_stmmac_priv *priv, u32 q);
/*@ requires \valid(priv) && q < RL_STMMAC_MAX_QUEUES;
  @ assigns RL_STMMAC_RXQ_FOOTPRINT(&priv->rx_queue[q]);
  @ ensures gone: priv->rx_queue[q].dma_rx == \null;
  @*/
void rl_stmmac_free_rx(struct rl_stmmac_priv *priv, u32 q);
int rl_stmmac_napi_poll_rx(struct rl_napi *napi, int budget);
/*@ requires \valid(priv) && q < RL_STMMAC_MAX_QUEUES;
  @ assigns RL_STMMAC_TXQ_FOOTPRINT(&priv->tx_queue[q]);
  @ ensures made: \result == 0 ==>
  @   stmmac_apart_ring(priv, priv->tx_queue[q].dma_tx);
  @*/
int rl_stmmac_alloc_tx(struct rl_stmmac_priv *priv, u32 q);
/*@ requires \valid(priv) && q < RL_STMMAC_MAX_QUEUES;
  @ assigns RL_STMMAC_TXQ_FOOTPRINT(&priv->tx_queue[q]);
  @ ensures ring_kept: priv->tx_queue[q].dma_tx ==
  @   \old(priv->tx_queue[q].dma_tx);
  @*/
void rl_stmmac_init_tx(struct rl_stmmac_priv *priv, u32 q);
/*@ requires \valid(priv) && q < RL_STMMAC_MAX_QUEUES;
  @ assigns RL_STMMAC_TXQ_FOOTPRINT(&priv->tx_queue[q]);
  @ ensures gone: priv->tx_queue[q].dma_tx == \null;
  @*/
void rl_stmmac_free_tx(struct rl_stmmac_priv *priv, u32 q);
int rl_stmmac_napi_poll_tx(struct rl_napi *napi, int budget);
u32 rl_stmmac_xdp_xmit_back(struct rl_stmmac_priv *priv,
			    struct rl_xdp_buff *xdp);
u32 rl_stmmac_xdp_run_prog(struct rl_stmmac_priv *priv,
			   struct rl_bpf_prog *prog, struct rl_xdp_buff *xdp);
void rl_stmmac_finalize_xdp_rx(struct rl_stmmac_priv *priv, u32 status);
/*@ requires \valid_read(priv) && q < RL_STMMAC_MAX_QUEUES;
  @ assigns \nothing;
  @*/
u32 rl_stmmac_rx_dirty(const struct rl_stmmac_priv *priv, u32 q);
u32 rl_stmmac_tx_avail(const struct rl_stmmac_priv *priv, u32 q);
int rl_stmmac_tx_clean(struct rl_stmmac_priv *priv, int budget, u32 q);
void rl_stmmac_tx_timer_arm(struct rl_stmmac_priv *priv, u32 q);
/* stmmac_zc.c */
struct rl_xsk_pool *rl_stmmac_get_xsk_pool(const struct rl_stmmac_priv *priv,
					   u32 q);
void rl_stmmac_alloc_rx_buffers_zc(struct rl_stmmac_priv *priv, u32 q);
void rl_stmmac_free_rx_xskbufs(struct rl_stmmac_priv *priv, u32 q);
bool rl_stmmac_xdp_xmit_zc(struct rl_stmmac_priv *priv, u32 q, u32 budget);
int rl_stmmac_napi_poll_rxtx(struct rl_napi *napi, int budget);
/* the NAPIs of channel @q that are in use (stmmac_enable_all_queues) */
bool rl_stmmac_zc_queue(const struct rl_stmmac_priv *priv, u32 q);
void rl_stmmac_enable_queue_napis(struct rl_stmmac_priv *priv, u32 q);
void rl_stmmac_disable_queue_napis(struct rl_stmmac_priv *priv, u32 q);
/*
 * stmmac_main.c: a queue's rings could not be rebuilt with the device up:
 * every queue taken down, the device STMMAC_DOWN (A7: it writes every
 * queue - their NAPIs too -, the interrupt line it frees and the flag)
 */
/*@ requires \valid(priv) && q < RL_STMMAC_MAX_QUEUES;
  @ assigns priv->rx_queue[0 .. RL_STMMAC_MAX_QUEUES - 1],
  @   priv->tx_queue[0 .. RL_STMMAC_MAX_QUEUES - 1], priv->down,
  @   priv->irq, priv->dev->txq[0 .. RL_MAX_TXQ - 1];
  @ ensures down: priv->down;
  @*/
void rl_stmmac_queues_fail(struct rl_stmmac_priv *priv, u32 q);

#endif /* RL_STMMAC_H */
