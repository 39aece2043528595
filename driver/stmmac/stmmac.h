/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stmmac.h - the DesignWare MAC driver's data path
 * (drivers/net/ethernet/stmicro/stmmac/stmmac_main.c, stmmac.h; read in
 * Debian's linux-source-6.1 and torvalds/linux), written afresh over the
 * model.  First slice (issue 20): the page_pool receive queues - their
 * descriptor rings in coherent memory, buffer allocation and refill, the
 * NAPI receive poll without an XDP program (the frame copied into a NAPI
 * skb, the page recycled), channel start/stop and the release path.
 * XDP verdicts, transmit and AF_XDP zero copy come next.
 */
#ifndef RL_STMMAC_H
#define RL_STMMAC_H

#include "model.h"
#include "desc_ring.h"
#include "page_pool.h"
#include "netdev.h"
#include "skb.h"

#define RL_STMMAC_MAX_QUEUES	4	/* MTL_MAX_RX_QUEUES is 8 */
#define RL_STMMAC_RX_OFFSET	256	/* stmmac_rx_offset(): XDP_PACKET_HEADROOM */
#define RL_STMMAC_BUF_SZ	1536	/* DEFAULT_BUFSIZE */
#define RL_STMMAC_FCS_LEN	4	/* ETH_FCS_LEN: ACS off, stripped by hand */

struct rl_stmmac_cfg {
	u32 rx_queues;		/* plat->rx_queues_to_use */
	u32 dma_rx_size;	/* dma_conf.dma_rx_size (ethtool -G) */
};

/* struct stmmac_rx_buffer */
struct rl_stmmac_rx_buffer {
	struct rl_page *page;
	u32 page_offset;
	rl_dma_addr_t addr;
};

struct rl_stmmac_priv;

/* struct stmmac_rx_queue, with its channel's rx_napi */
struct rl_stmmac_rx_queue {
	u32 queue_index;
	struct rl_stmmac_priv *priv_data;
	struct rl_page_pool *page_pool;
	struct rl_dring *dma_rx;	/* dma_rx + dma_rx_phy */
	struct rl_stmmac_rx_buffer buf_pool[RL_DRING_MAX];
	u32 cur_rx;
	u32 dirty_rx;
	u32 buf_alloc_num;
	struct rl_napi rx_napi;		/* stmmac_channel.rx_napi */
};

struct rl_stmmac_priv {
	struct rl_model *m;
	struct rl_stmmac_cfg cfg;
	struct rl_netdev *dev;
	bool up;			/* between open and release */
	u32 rx_dropped;
	struct rl_stmmac_rx_queue rx_queue[RL_STMMAC_MAX_QUEUES];
};

/* The device at probe: a net_device and its queues' NAPIs, nothing up. */
struct rl_stmmac_priv *rl_stmmac_probe(struct rl_model *m,
				       const struct rl_stmmac_cfg *cfg);
void rl_stmmac_remove(struct rl_stmmac_priv *priv);
/* stmmac_open() / stmmac_release(), the receive side */
int rl_stmmac_open(struct rl_stmmac_priv *priv);
int rl_stmmac_release(struct rl_stmmac_priv *priv);
/* The driver's own consistency (rings, buffers, counters). */
bool rl_stmmac_is_valid(const struct rl_stmmac_priv *priv);

#endif /* RL_STMMAC_H */
