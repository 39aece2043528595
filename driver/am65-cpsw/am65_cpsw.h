/* SPDX-License-Identifier: GPL-2.0 */
/*
 * am65_cpsw.h - the am65-cpsw (K3 CPSW) XDP data path, extracted from
 * drivers/net/ethernet/ti/am65-cpsw-nuss.c (mainline with XDP, plus the v2
 * AF_XDP series 20251109-am65-cpsw-xdp-zc-v2-*) and written afresh over the
 * ringledger model.  Static functions keep the real names; functions other
 * files call are prefixed rl_ so the module never clashes with a real
 * am65-cpsw built into the same kernel.
 *
 * This is "the patched driver": every known leak is fixed (each fix names
 * its bug), and each bug can be put back at run time by name (variants).
 */
#ifndef RL_AM65_CPSW_H
#define RL_AM65_CPSW_H

#include "model.h"
#include "dma.h"
#include "page_pool.h"
#include "k3_cppi_desc_pool.h"
#include "k3_udma_glue.h"
#include "xdp.h"
#include "skb.h"
#include "netdev.h"
#include "xsk_pool.h"
#include "irq.h"

#define AM65_CPSW_MAX_PORTS	2	/* external ports modelled */
#define AM65_CPSW_MAX_QUEUES	8	/* TX channels */
#define AM65_CPSW_MAX_RX_FLOWS	8
#define AM65_CPSW_MAX_TX_DESC	500	/* real ring sizes */
#define AM65_CPSW_MAX_RX_DESC	500
#define AM65_CPSW_MAX_CPUS	64	/* model limit: CPUs a probe may name */
#define AM65_CPSW_MAX_TDOWN_WAIT 1000	/* model limit: hardware steps */
#define AM65_CPSW_NAV_PS_DATA_SIZE 16
#define AM65_CPSW_NAV_SW_DATA_SIZE 16
#define AM65_CPSW_MAX_PACKET_SIZE 2024
#define AM65_CPSW_HEADROOM	256	/* XDP_PACKET_HEADROOM + NET_IP_ALIGN */
#define AM65_CPSW_CSUM_WORD	RL_CPPI5_CSUM_WORD /* psdata checksum word */
#define AM65_CPSW_RX_CSUM_VALID	0x1	/* model: "hw verified checksum" */
#define AM65_CPSW_NAPI_WEIGHT	64

enum am65_cpsw_tx_buf_type {
	AM65_CPSW_TX_BUF_TYPE_SKB,
	AM65_CPSW_TX_BUF_TYPE_XDP_TX,
	AM65_CPSW_TX_BUF_TYPE_XDP_NDO,
	AM65_CPSW_TX_BUF_TYPE_XSK_TX,
};

/*
 * What the driver keeps in a descriptor's 16 bytes of swdata.  Upstream
 * keeps pointers there (struct am65_cpsw_swdata { flow_id; page | xdp } on
 * RX, struct am65_cpsw_tx_swdata { ndev; skb | xdpf } on TX); the model
 * keeps the ledger ids of the same objects.
 */
struct am65_cpsw_swdata {
	u64 buf;	/* page id, or XSK frame id */
	u64 flow_id;	/* flow index, | AM65_CPSW_SW_XSK for an XSK buffer */
};

struct am65_cpsw_tx_swdata {
	u64 buf;	/* skb, xdp_frame or XSK frame id */
	u64 port_idx;	/* the port the packet goes out of */
};

/* RX swdata flow_id: this flag marks an XSK buffer */
#define AM65_CPSW_SW_XSK	BIT(31)

/* Result of running the XDP program on one packet (am65_cpsw_run_xdp). */
enum am65_cpsw_xdp_state {
	AM65_CPSW_XDP_PASS = 0,
	AM65_CPSW_XDP_CONSUMED = BIT(0),
	AM65_CPSW_XDP_REDIRECT = BIT(1),
	AM65_CPSW_XDP_TX = BIT(2),
};

/* Catalogued bugs that can be re-injected (see am65_cpsw_variants.c). */
enum rl_am65_variant {
	RL_V_RX_TDOWN_NO_DRAIN,
	RL_V_TX_TDOWN_TIMEOUT_LEAK,
	RL_V_RX_PUSH_FAIL_LEAK,
	RL_V_XDP_DROP_NO_REQUEUE,
	RL_V_SKB_BEFORE_XDP_LEAK,
	RL_V_TX_CLEANUP_FRAME_AS_SKB,
	RL_V_PROG_SWAP_NO_REBUILD,
	RL_V_PAGE_POOL_DOUBLE_DESTROY,
	RL_V_XDP_DROP_PAGE_LEAK,
	RL_V_XSK_REBUILD_NO_TDOWN,
	RL_V_RX_PUSH_ZC_FAIL_LEAK,
	RL_V_CLEANUP_MUTABLE_POOL,
	RL_V_STALE_PSDATA_TX,
	RL_V_XSK_POOL_UNMAP_MISSING,
	RL_V_NAPI_AFTER_POOL_FREE,
	RL_V_XSK_TX_BATCH_LOST,
	RL_V_XDP_NO_FLUSH,
	RL_V_DESC_STALE_SWDATA,
	RL_V_XDP_TX_CHN_PAST_NUM,
	RL_V_RX_SLOT_LOST,
	RL_V_CREATE_RXQ_NAPI_DISABLE,
	RL_V_CREATE_RXQS_PARTIAL_UNWIND,
	RL_V_PAGE_POOL_BY_FLOW,
	RL_V_XSK_PORT_ID_NO_MINUS_ONE,
	RL_V_ZC_XDP_TX_DOUBLE_FREE,
	RL_V_REOPEN_BQL_RESET,
	RL_V_ZC_REFILL_POLL_COUNT,
	RL_V_REBUILD_FAIL_PORT_UP,
	RL_V_IRQ_DISABLED_CLEARED,
	RL_V_RACE_XDP_TX_RX_TDOWN,
	RL_V_RACE_XDP_XMIT_TDOWN,
	RL_V_RACE_XMIT_REBUILD,
	RL_V_PACING_TIMER_UNBALANCED,
	RL_V_RX_RESET_SKIP_FDQ,
	RL_V_RACE_RX_REFILL_TDOWN,
	RL_V_NR
};

extern const struct rl_variant_info rl_am65_variants[RL_V_NR];
/* Variant number for @name, or -1 when there is no such variant. */
int rl_am65_variant_by_name(const char *name);

/*
 * Performance variants (issue 21): code that is correct - the ledger sees
 * nothing - but costs more work per packet than the patched driver.  They
 * are caught by the per-packet cost gate (make costs-check), not by the
 * fuzzers, so they are a catalogue of their own (caught_as is 0).
 */
enum rl_am65_perf {
	RL_PV_RX_ALLOC_SKB_COPY,
	RL_PV_XSK_TX_SYNC_FULL,
	RL_PV_PP_RELEASE_ON_PASS,
	RL_PV_NR
};

extern const struct rl_variant_info rl_am65_perf_variants[RL_PV_NR];

/* Profiles: named sets of variants a real code base contains. */
enum rl_am65_profile {
	RL_P_MAINLINE,
	RL_P_V1,
	RL_P_V2,
	RL_P_NR
};

extern const struct rl_profile_info rl_am65_profiles[RL_P_NR];
/* BIT_ULL(variant @name), the members of profile @name, or 0 if neither. */
u64 rl_am65_variant_mask(const char *name);

/* Probe-time configuration (device tree + SoC data in the real driver). */
struct rl_am65_cfg {
	u32 ports;		/* 1..2 external ports */
	u32 disabled_ports;	/* bit p: port p+1 disabled in the DT */
	u32 rx_flows;		/* 1..8 */
	u32 tx_chans;		/* 1..8 */
	u32 rx_descs;		/* per flow; 500 on hardware */
	u32 tx_descs;		/* per channel; 500 on hardware */
	bool pktdma;		/* PKTDMA (FDQ per flow) or UDMA-P (shared) */
	bool rx_tdown_irq_quirk; /* AM64_CPSW_QUIRK_DMA_RX_TDOWN_IRQ */
	u32 nr_cpus;
	u32 tdown_wait;		/* hardware steps the 1 s teardown wait lasts */
	bool pacing;		/* RX IRQ pacing (ethtool rx-usecs): hrtimer */
	u64 variants;		/* BIT_ULL(enum rl_am65_variant) re-injected */
	u32 perf;		/* BIT(enum rl_am65_perf) re-injected */
};

struct am65_cpsw_common;

struct am65_cpsw_port {
	struct am65_cpsw_common *common;
	u32 port_id;		/* 1-based, as the CPPI5 source tag */
	bool disabled;		/* no net_device: disabled in the DT */
	struct rl_netdev *ndev;
	struct rl_bpf_prog *xdp_prog;
	struct rl_xdp_rxq_info xdp_rxq[AM65_CPSW_MAX_RX_FLOWS];
	u32 rx_packets;
	u32 rx_dropped;
	u32 tx_packets;
	u32 tx_dropped;
	u32 tx_errors;
};

struct am65_cpsw_rx_flow {
	struct am65_cpsw_common *common;
	u32 id;
	struct rl_napi napi_rx;
	struct rl_page_pool *page_pool;
	struct rl_xsk_pool *xsk_pool;	/* zero copy when set */
	u32 xsk_port_id;		/* 1-based owner port, 0 = none */
	bool napi_enabled;	/* napi_enable() done (error paths check it) */
	struct rl_irq irq;	/* the flow's interrupt line */
	bool irq_disabled;	/* the handler masked it; poll or timer unmasks */
	struct rl_hrtimer rx_hrtimer;	/* IRQ pacing */
	u32 rx_missing;		/* buffers to requeue once allocation works */
};

struct am65_cpsw_rx_chn {
	struct rl_k3_cppi_desc_pool *desc_pool;
	struct rl_k3_udma_glue_rx_channel *rx_chn;
	u32 descs_num;
	struct am65_cpsw_rx_flow flows[AM65_CPSW_MAX_RX_FLOWS];
};

struct am65_cpsw_tx_chn {
	struct am65_cpsw_common *common;
	u32 id;
	char tx_chn_name[16];	/* "tx%d": channel and descriptor pool name */
	struct rl_k3_cppi_desc_pool *desc_pool;
	struct rl_k3_udma_glue_tx_channel *tx_chn;
	struct rl_napi napi_tx;
	bool napi_enabled;
	struct rl_irq irq;	/* the channel's interrupt line */
	bool irq_disabled;	/* v2 5/7: the handler masked it, poll unmasks */
	u32 descs_num;
	struct rl_xsk_pool *xsk_pool;	/* zero-copy TX when set */
	u32 xsk_port_id;
	u32 xsk_inflight;	/* XSK_TX descriptors the hardware holds */
	u32 xsk_dropped;	/* peeked frames that never went out */
};

struct am65_cpsw_common {
	struct rl_model *m;
	struct rl_am65_cfg cfg;
	u32 port_num;
	struct am65_cpsw_port ports[AM65_CPSW_MAX_PORTS];
	u32 usage_count;	/* ports open */
	bool queues_up;		/* RX/TX queues created (may fail to rebuild) */
	u32 rx_ch_num_flows;
	struct am65_cpsw_rx_chn rx_chns;
	u32 tx_ch_num;
	struct am65_cpsw_tx_chn tx_chns[AM65_CPSW_MAX_QUEUES];
	s32 tdown_cnt;		/* TX channels whose marker is still due */
	bool tdown_complete;	/* struct completion tdown_complete */
	u32 xdp_zc_queues;	/* bitmap of zero-copy queues */
	u32 xsk_port_id[AM65_CPSW_MAX_QUEUES];	/* 1-based owner, 0 = none */
	u32 rx_tdown_timeouts;	/* "rx teardown timeout" printed */
	u32 tx_tdown_timeouts;	/* "tx timeout" printed */
};

/* Is bug @v re-injected?  (rl_variant_set: fixed at build time in proofs) */
/*@ requires \valid_read(common) && 0 <= v < 64;
  @ assigns \nothing;
  @ ensures \result <==> (RL_PROOF_VARIANTS & (1 << v)) != 0;
  @*/
static inline bool rl_am65_bug(const struct am65_cpsw_common *common,
			       enum rl_am65_variant v)
{
	return rl_variant_set(&common->cfg) & BIT_ULL(v);
}

/* Is performance variant @v re-injected?  (never in proofs) */
/*@ requires \valid_read(common);
  @ assigns \nothing;
  @*/
static inline bool rl_am65_perf(const struct am65_cpsw_common *common,
				enum rl_am65_perf v)
{
	return common->cfg.perf & BIT(v);
}

/*
 * Descriptors a TX channel keeps for one more skb of the stack: below this
 * the stack's queue stops, and zero-copy TX leaves them alone
 * (MAX_SKB_FRAGS in the driver; scaled down for the small rings fuzzing
 * uses).
 */
/*@ requires \valid_read(tx_chn);
  @ assigns \nothing;
  @ ensures \result <= RL_MAX_SKB_FRAGS && \result <= tx_chn->descs_num / 2;
  @*/
static inline u32 rl_am65_cpsw_tx_reserve(const struct am65_cpsw_tx_chn *tx_chn)
{
	return min((u32)RL_MAX_SKB_FRAGS, tx_chn->descs_num / 2);
}

/* A configuration small enough for fuzzing: 2 ports, 2 flows, 2 channels. */
void rl_am65_default_cfg(struct rl_am65_cfg *cfg);

/* probe / remove (am65_cpsw_nuss_probe / _remove, data path part) */
struct am65_cpsw_common *rl_am65_cpsw_probe(struct rl_model *m,
					    const struct rl_am65_cfg *cfg);
void rl_am65_cpsw_remove(struct am65_cpsw_common *common);
/* Driver invariants: at any time / between operations (oracle.c). */
bool rl_am65_cpsw_is_valid(const struct am65_cpsw_common *common);
bool rl_am65_cpsw_is_settled(const struct am65_cpsw_common *common);

/* ndo_open / ndo_stop of one port (am65_cpsw_nuss_ndo_slave_open/_stop) */
int rl_am65_cpsw_ndo_open(struct am65_cpsw_common *common, u32 port);
int rl_am65_cpsw_ndo_stop(struct am65_cpsw_common *common, u32 port);
/* ndo_bpf XDP_SETUP_PROG: takes over the caller's reference on @prog */
int rl_am65_cpsw_ndo_bpf(struct am65_cpsw_common *common, u32 port,
			 struct rl_bpf_prog *prog);
/* ndo_start_xmit: RL_NETDEV_TX_OK or RL_NETDEV_TX_BUSY (netdev.h) */
int rl_am65_cpsw_ndo_start_xmit(struct am65_cpsw_common *common, u32 port,
				struct rl_sk_buff *skb);
/* ndo_xdp_xmit: returns how many frames were queued */
int rl_am65_cpsw_ndo_xdp_xmit(struct am65_cpsw_common *common, u32 port,
			      u32 n, struct rl_xdp_frame **frames);
/*
 * ndo_bpf XDP_SETUP_XSK_POOL: @pool enables zero copy on @qid of @port,
 * NULL disables it.  The core binds the pool to the queue before the call
 * (xp_assign_dev) and unbinds it after (xp_clear_dev).
 */
int rl_am65_cpsw_xsk_setup_pool(struct am65_cpsw_common *common, u32 port,
				struct rl_xsk_pool *pool, u32 qid);
/* ndo_xsk_wakeup: flags RL_XDP_WAKEUP_RX / _TX (xsk_pool.h) */
int rl_am65_cpsw_xsk_wakeup(struct am65_cpsw_common *common, u32 port,
			    u32 qid, u32 flags);
/*
 * Interrupt handlers (request_irq data: the flow / the channel) and the RX
 * pacing timer's callback.
 */
void rl_am65_cpsw_rx_irq(void *flow);
void rl_am65_cpsw_tx_irq(void *tx_chn);
void rl_am65_cpsw_rx_timer(void *flow);
/* A completed RX poll: the line back on, now or by the pacing timer. */
void rl_am65_cpsw_rx_irq_rearm(struct am65_cpsw_rx_flow *flow);
/* create_rxq after napi_enable: a line left masked is unmasked. */
void rl_am65_cpsw_rx_irq_reopen(struct am65_cpsw_rx_flow *flow);

/* Internal, shared by the data path files. */
int rl_am65_cpsw_create_rxqs(struct am65_cpsw_common *common);
int rl_am65_cpsw_create_txqs(struct am65_cpsw_common *common);
int rl_am65_cpsw_rx_poll(struct rl_napi *napi, int budget);
int rl_am65_cpsw_tx_poll(struct rl_napi *napi, int budget);
/*
 * Proof view (A4): the submit of one xdp_frame reads the frame and never
 * writes it (am65_cpsw_xdp_tx_frame), nor the driver's ghost count.
 */
/*@ ensures ghost_kept: rl_g_pages_put == \old(rl_g_pages_put);
  @ ensures frame_kept: xdpf->page == \old(xdpf->page);
  @*/
int rl_am65_cpsw_xdp_tx_frame(struct am65_cpsw_port *port,
			      struct am65_cpsw_tx_chn *tx_chn,
			      struct rl_xdp_frame *xdpf,
			      enum am65_cpsw_tx_buf_type buf_type);
/* Per-queue create/destroy, for the zero-copy rebuild of one queue. */
int rl_am65_cpsw_create_rxq(struct am65_cpsw_common *common, u32 id);
int rl_am65_cpsw_create_txq(struct am65_cpsw_common *common, u32 id);

/*
 * Descriptor setup shared by the page and zero-copy RX pushes.  It writes
 * the descriptor's words only (A5: the proofs take this contract).
 */
/*@ requires \valid(pool);
  @ assigns RL_DESC_BLOCK(pool);
  @*/
void rl_am65_cpsw_rx_desc_setup(struct rl_k3_cppi_desc_pool *pool, void *desc_rx,
				rl_dma_addr_t buf, u32 len, u32 buf_id,
				u32 flow_tag);

/* Zero copy (am65_cpsw_xsk.c) */
struct rl_xsk_pool *rl_am65_cpsw_xsk_get_pool(struct am65_cpsw_port *port,
					      u32 qid);
u32 rl_am65_cpsw_rx_alloc_zc(struct am65_cpsw_rx_flow *flow, u32 budget);
int rl_am65_cpsw_rx_zc(struct am65_cpsw_rx_flow *flow, int budget);
int rl_am65_cpsw_xsk_xmit_zc(struct am65_cpsw_tx_chn *tx_chn);
/* am65_cpsw_run_xdp(): verdict for one buffer (page or zero copy). */
u32 rl_am65_cpsw_run_xdp(struct am65_cpsw_rx_flow *flow,
			 struct am65_cpsw_port *port, struct rl_xdp_buff *xdp);
/*
 * Give a driver-held RX page back, to the pool it came from.  Proven
 * (unit xdp_drop): it hands over exactly one page per call, writing only
 * the pools' and the page allocator's cells of that page
 * (RL_AM65_PUT_PAGE_FOOTPRINT, over contracts A5 names).
 */
/*@ requires \valid(flow) && \valid(flow->common) &&
  @   \valid(flow->common->m) && \valid(page);
  @ requires flow_pool: flow->page_pool == \null || \valid(flow->page_pool);
  @ requires room: rl_g_pages_put < 18446744073709551615;
  @ assigns rl_g_pages_put,
  @   RL_AM65_PUT_PAGE_FOOTPRINT(flow->common->m, flow, page);
  @ ensures put_once: rl_g_pages_put == \old(rl_g_pages_put) + 1;
  @*/
void rl_am65_cpsw_put_page(struct am65_cpsw_rx_flow *flow,
			   struct rl_page *page, bool allow_direct);
/*
 * Free one RX buffer of either kind (page or XSK) and its descriptor; page
 * vs XSK told by the descriptor's swdata (@by_desc) or by the flow's pool.
 */
void rl_am65_cpsw_rx_buf_free(struct am65_cpsw_common *common, void *desc_rx,
			      bool by_desc);
/*
 * All RX then TX queues, nothing left on failure; queues_up, carrier and
 * the ports' TX queues follow the result.
 */
int rl_am65_cpsw_create_queues(struct am65_cpsw_common *common);
/* All TX then RX queues down, if they are up (channels torn down). */
void rl_am65_cpsw_destroy_queues(struct am65_cpsw_common *common,
				 bool retain_page_pool);
/* Ports that have a net_device (not disabled in the DT). */
/*@ requires \valid_read(common) && common->port_num <= AM65_CPSW_MAX_PORTS;
  @ assigns \nothing;
  @ ensures \result == \null ||
  @   (\exists integer i; 0 <= i < common->port_num &&
  @     \result == &common->ports[i]);
  @*/
struct am65_cpsw_port *rl_am65_port(struct am65_cpsw_common *common, u32 port);
/*
 * RX liveness after a poll of flow @polled: its descriptors are back in
 * the FDQ or waiting in the completion ring (depth kept).  Excused: the
 * buffers the driver knows it owes (rx_missing) when an allocation or
 * push failed during this poll (@faulted), a zero-copy flow while its
 * pool has no buffer, and flows not polled since.  With UDMA-P the
 * shared FDQ is checked for the whole channel.  Reported as
 * RL_F_LIVENESS; returns true when it holds.
 */
bool rl_am65_cpsw_check_rx_depth(struct am65_cpsw_common *common, u32 polled,
				 bool faulted);
/*
 * TX liveness after a completion NAPI ran: a zero-copy queue does not
 * leave user TX descriptors waiting while it could send them (descriptors
 * free beyond the stack's reserve and a completion slot to reserve).
 */
bool rl_am65_cpsw_check_tx_progress(struct am65_cpsw_common *common, u32 chn);
/*
 * Quiet system (nothing left to poll): a flow or channel with completions
 * waiting, no poll scheduled and its IRQ disabled with no pacing timer to
 * enable it is stalled for good.  RL_F_LIVENESS; true when none is.
 */
bool rl_am65_cpsw_check_irqs(struct am65_cpsw_common *common);
/* phylink mac_link_up/_down: carrier and TX queues of @port. */
void rl_am65_cpsw_link(struct am65_cpsw_common *common, u32 port, bool up);

/* the teardown: its entry points, contracts and shapes */
#include "am65_cpsw_tdown.h"

#endif /* RL_AM65_CPSW_H */
