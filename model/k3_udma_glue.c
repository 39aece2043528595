// SPDX-License-Identifier: GPL-2.0
/*
 * k3_udma_glue.c - UDMA glue channels and the packet DMA behind them.
 * Semantics follow drivers/dma/ti/k3-udma-glue.c (k3_udma_glue_*) and the
 * CPPI5 teardown protocol (cppi5_desc_is_tdcm).
 */
#include "k3_udma_glue.h"
#include "dma.h"

/*
 * Does @flow have an FDQ of its own?  Not when the channel has one for all
 * flows (UDMA-P), which flow 0 holds and cleans (k3_udma_glue_cfg_rx_flow,
 * 0da30874729b).  The one C statement of the rule; rl_udma_owns_fdq the
 * proofs' (model/k3_udma_glue.h).
 */
/*@ requires \valid_read(chn);
  @ assigns \nothing;
  @ ensures \result <==> rl_udma_owns_fdq(chn, flow);
  @*/
static bool udma_owns_fdq(const struct rl_k3_udma_glue_rx_channel *chn,
			  u32 flow)
{
	return !chn->single_fdq || !flow;
}

u32 rl_udma_rx_flow_fdq_descs(const struct rl_k3_udma_glue_rx_channel *chn,
			      u32 flow)
{
	if (flow >= chn->flow_num || !udma_owns_fdq(chn, flow))
		return 0;
	return rl_ring_ndesc(chn->flows[flow].fdq);
}

u32 rl_udma_rx_flow_compl_descs(const struct rl_k3_udma_glue_rx_channel *chn,
				u32 flow)
{
	return flow < chn->flow_num ? rl_ring_ndesc(chn->flows[flow].ring) : 0;
}

bool rl_udma_tx_chn_running(const struct rl_k3_udma_glue_tx_channel *chn)
{
	return chn->enabled && !chn->tdown.stopped;
}

void rl_hw_set_tdown_mode(struct rl_model *m, enum rl_tdown_mode mode,
			  u32 delay)
{
	m->tdown_mode = mode;
	m->tdown_delay = delay;
}

static void tdown_request(struct rl_model *m, struct rl_udma_tdown *t)
{
	t->requested = true;
	t->stopped = true;
	t->never = m->tdown_mode == RL_TDOWN_NEVER;
	t->now = m->tdown_mode == RL_TDOWN_NOW;
	t->countdown = m->tdown_mode == RL_TDOWN_AFTER ? m->tdown_delay : 0;
}

/* Deliver the marker when due; it waits while the ring is full. */
static void tdown_tick(struct rl_udma_tdown *t, struct rl_ring *ring,
		       bool step)
{
	if (!t->requested || t->never)
		return;
	if (step && t->countdown)
		t->countdown--;
	if (!t->countdown && !rl_ring_hw_push(ring, RL_CPPI5_TDCM_MARKER))
		t->requested = false;
}

static void tx_tdown_tick(struct rl_k3_udma_glue_tx_channel *chn, bool step);

static bool rx_chn_valid(const struct rl_obj_hdr *h)
{
	return rl_udma_rx_chn_is_valid(container_of(h, const struct rl_k3_udma_glue_rx_channel, hdr));
}

static const struct rl_obj_ops rx_chn_ops = {
	.kind = RL_REG_RX_CHN,
	.name = "rl_udma_rx_chn_is_valid",
	.cls = RL_OBJ_DESC,
	.is_valid = rx_chn_valid,
};

static bool tx_chn_valid(const struct rl_obj_hdr *h)
{
	return rl_udma_tx_chn_is_valid(container_of(h, const struct rl_k3_udma_glue_tx_channel, hdr));
}

static const struct rl_obj_ops tx_chn_ops = {
	.kind = RL_REG_TX_CHN,
	.name = "rl_udma_tx_chn_is_valid",
	.cls = RL_OBJ_DESC,
	.is_valid = tx_chn_valid,
};

struct rl_k3_udma_glue_rx_channel *
rl_k3_udma_glue_request_rx_chn(struct rl_model *m, struct rl_k3_cppi_desc_pool *pool,
			       u32 flow_num, u32 ring_size, bool single_fdq)
{
	struct rl_k3_udma_glue_rx_channel *chn;
	char fdq[24], compl[24];
	u32 f;
	int id;

	if (!flow_num || flow_num > RL_MAX_FLOWS)
		return NULL;
	chn = rl_zalloc(sizeof(*chn));
	if (!chn)
		return NULL;
	chn->m = m;
	chn->pool = pool;
	chn->flow_num = flow_num;
	chn->single_fdq = single_fdq;
	for (f = 0; f < flow_num; f++) {
		snprintf(fdq, sizeof(fdq), single_fdq ? "rx shared fdq" :
			 "rx flow %u fdq", (unsigned int)f);
		snprintf(compl, sizeof(compl), "rx flow %u compl", (unsigned int)f);
		/* a shared FDQ holds the free descriptors of every flow */
		if (udma_owns_fdq(chn, f))
			chn->flows[f].fdq = rl_ring_create(m, pool, single_fdq ?
							   ring_size * flow_num :
							   ring_size, fdq);
		else
			chn->flows[f].fdq = chn->flows[0].fdq;
		chn->flows[f].ring = rl_ring_create(m, pool, ring_size, compl);
		if (!chn->flows[f].fdq || !chn->flows[f].ring)
			goto fail;
	}
	id = rl_model_register(m, &chn->hdr, &rx_chn_ops);
	if (id < 0)
		goto fail;
	chn->hdr.id = (u32)id;
	return chn;
fail:
	chn->flow_num = f + 1;
	rl_k3_udma_glue_release_rx_chn(chn);
	return NULL;
}

void rl_k3_udma_glue_release_rx_chn(struct rl_k3_udma_glue_rx_channel *chn)
{
	u32 f;

	for (f = 0; f < chn->flow_num; f++) {
		if (udma_owns_fdq(chn, f))
			rl_ring_destroy(chn->flows[f].fdq);
		rl_ring_destroy(chn->flows[f].ring);
	}
	rl_model_unregister(chn->m, &chn->hdr);
	rl_free(chn);
}

bool rl_udma_rx_chn_is_valid(const struct rl_k3_udma_glue_rx_channel *chn)
{
	u32 f;

	if (!chn->flow_num || chn->flow_num > RL_MAX_FLOWS)
		return false;
	for (f = 0; f < chn->flow_num; f++) {
		const struct rl_udma_rx_flow *fl = &chn->flows[f];

		if (!fl->fdq || !fl->ring ||
		    (chn->single_fdq && fl->fdq != chn->flows[0].fdq))
			return false;
		if (!rl_ring_is_valid(fl->ring) || !rl_ring_is_valid(fl->fdq))
			return false;
	}
	return true;
}

int rl_k3_udma_glue_enable_rx_chn(struct rl_k3_udma_glue_rx_channel *chn)
{
	/* a marker still pending stays pending: it may land in the new run */
	chn->enabled = true;
	chn->tdown.stopped = false;
	return 0;
}

void rl_k3_udma_glue_disable_rx_chn(struct rl_k3_udma_glue_rx_channel *chn)
{
	chn->enabled = false;
}

/*
 * A ring element the CPU pushed or popped (@ret 0): in ring mode
 * k3_ringacc_ring_push_mem/pop_mem move the element in ring memory and
 * write the ring's doorbell register (+1 / -1) for each one.  Proof
 * view: the work counters are the model's bookkeeping, which no footprint
 * names (proofs/README.md, A5): assumed, not proven.
 */
/*@ assigns \nothing;
  @ ensures \result == ret;
  @*/
static int glue_cost(struct rl_model *m, enum rl_cost op, int ret)
{
	if (!ret) {
		rl_cost_add(m, op, 1);
		rl_cost_add(m, RL_COST_DOORBELL, 1);
	}
	return ret;
}

int rl_k3_udma_glue_push_rx_chn(struct rl_k3_udma_glue_rx_channel *chn,
				u32 flow, void *desc, rl_dma_addr_t dma)
{
	if (flow >= chn->flow_num)
		return -EINVAL;
	return glue_cost(chn->m, RL_COST_RING_PUSH,
			 rl_ring_push(chn->flows[flow].fdq, dma));
}

int rl_k3_udma_glue_pop_rx_chn(struct rl_k3_udma_glue_rx_channel *chn,
			       u32 flow, rl_dma_addr_t *dma)
{
	if (flow >= chn->flow_num)
		return -EINVAL;
	return glue_cost(chn->m, RL_COST_RING_POP,
			 rl_ring_pop(chn->flows[flow].ring, dma));
}

void rl_k3_udma_glue_tdown_rx_chn(struct rl_k3_udma_glue_rx_channel *chn,
				  bool sync)
{
	/*
	 * The channel stops taking packets at once; the marker lands on the
	 * default flow's completion ring (flow 0) when the hardware is done.
	 */
	tdown_request(chn->m, &chn->tdown);
	tdown_tick(&chn->tdown, chn->flows[0].ring, false);
}

/*
 * A reset's callback on one FDQ / TX ring entry.  Proof view (A1): the
 * driver's cleanup gives the descriptor and its buffer back and touches
 * no ring (a call through a pointer, which WP cannot follow).
 */
/*@ assigns \nothing; */
static void udma_cleanup(void (*cleanup)(void *data, rl_dma_addr_t desc_dma),
			 void *data, rl_dma_addr_t dma)
{
	cleanup(data, dma);
}

void rl_k3_udma_glue_reset_rx_chn_skip(struct rl_k3_udma_glue_rx_channel *chn,
				       u32 flow, void *data,
				       void (*cleanup)(void *data,
						       rl_dma_addr_t desc_dma),
				       bool skip_fdq)
{
	struct rl_udma_rx_flow *fl;
	u32 occ;

	if (flow >= chn->flow_num)
		return;
	fl = &chn->flows[flow];
	if (!skip_fdq) {
		/*
		 * k3_udma_glue_reset_rx_chn: the FDQ's occupancy read once,
		 * then popped through the callback that many times (a pop
		 * that fails ends it), then the ring reset.
		 */
		/*@ loop invariant left: rl_ridx_occ(&fl->fdq->idx) == occ;
		  @ loop assigns occ, fl->fdq->idx;
		  @ loop variant occ;
		  @*/
		for (occ = rl_ring_occ(fl->fdq); occ; occ--) {
			rl_dma_addr_t dma;

			if (rl_ring_pop(fl->fdq, &dma))
				break;
			udma_cleanup(cleanup, data, dma);
		}
		/*@ assert fdq_reset_drops_nothing:
		  @   rl_ridx_occ(&fl->fdq->idx) == 0;
		  @*/
		rl_ring_reset(fl->fdq);
	}
	/* the completion ring is assumed empty: reset, no callback */
	rl_ring_reset(fl->ring);
}

void rl_k3_udma_glue_reset_rx_chn(struct rl_k3_udma_glue_rx_channel *chn,
				  u32 flow, void *data,
				  void (*cleanup)(void *data,
						  rl_dma_addr_t desc_dma))
{
	/*
	 * A shared FDQ is cleaned once, with flow 0: the glue decides from
	 * the DMA kind since 0da30874729b ("k3-udma-glue: Drop skip_fdq
	 * argument from k3_udma_glue_reset_rx_chn").
	 */
	rl_k3_udma_glue_reset_rx_chn_skip(chn, flow, data, cleanup,
					  !udma_owns_fdq(chn, flow));
}

struct rl_k3_udma_glue_tx_channel *
rl_k3_udma_glue_request_tx_chn(struct rl_model *m, const char *name,
			       struct rl_k3_cppi_desc_pool *pool, u32 ring_size)
{
	struct rl_k3_udma_glue_tx_channel *chn = rl_zalloc(sizeof(*chn));
	char label[24];
	int id;

	if (!chn)
		return NULL;
	chn->m = m;
	chn->pool = pool;
	snprintf(label, sizeof(label), "%s submit", name);
	chn->ring = rl_ring_create(m, pool, ring_size, label);
	snprintf(label, sizeof(label), "%s compl", name);
	chn->ringtxcq = rl_ring_create(m, pool, ring_size, label);
	id = chn->ring && chn->ringtxcq ?
	     rl_model_register(m, &chn->hdr, &tx_chn_ops) : -1;
	if (id < 0) {
		rl_ring_destroy(chn->ring);
		rl_ring_destroy(chn->ringtxcq);
		rl_free(chn);
		return NULL;
	}
	chn->hdr.id = (u32)id;
	return chn;
}

void rl_k3_udma_glue_release_tx_chn(struct rl_k3_udma_glue_tx_channel *chn)
{
	rl_ring_destroy(chn->ring);
	rl_ring_destroy(chn->ringtxcq);
	rl_model_unregister(chn->m, &chn->hdr);
	rl_free(chn);
}

bool rl_udma_tx_chn_is_valid(const struct rl_k3_udma_glue_tx_channel *chn)
{
	return chn->ring && chn->ringtxcq && rl_ring_is_valid(chn->ring) &&
	       rl_ring_is_valid(chn->ringtxcq);
}

int rl_k3_udma_glue_enable_tx_chn(struct rl_k3_udma_glue_tx_channel *chn)
{
	chn->enabled = true;
	chn->tdown.stopped = false;
	return 0;
}

void rl_k3_udma_glue_disable_tx_chn(struct rl_k3_udma_glue_tx_channel *chn)
{
	chn->enabled = false;
}

int rl_k3_udma_glue_push_tx_chn(struct rl_k3_udma_glue_tx_channel *chn,
				void *desc, rl_dma_addr_t dma)
{
	return glue_cost(chn->m, RL_COST_RING_PUSH, rl_ring_push(chn->ring, dma));
}

int rl_k3_udma_glue_pop_tx_chn(struct rl_k3_udma_glue_tx_channel *chn,
			       rl_dma_addr_t *dma)
{
	return glue_cost(chn->m, RL_COST_RING_POP, rl_ring_pop(chn->ringtxcq, dma));
}

void rl_k3_udma_glue_tdown_tx_chn(struct rl_k3_udma_glue_tx_channel *chn,
				  bool sync)
{
	tdown_request(chn->m, &chn->tdown);
	tx_tdown_tick(chn, false);
}

void rl_k3_udma_glue_reset_tx_chn(struct rl_k3_udma_glue_tx_channel *chn,
				  void *data,
				  void (*cleanup)(void *data,
						  rl_dma_addr_t desc_dma))
{
	u32 occ;

	/* TX ring: never sent, cleaned entry by entry */
	/*@ loop invariant left: rl_ridx_occ(&chn->ring->idx) == occ;
	  @ loop assigns occ, chn->ring->idx;
	  @ loop variant occ;
	  @*/
	for (occ = rl_ring_occ(chn->ring); occ; occ--) {
		rl_dma_addr_t dma;

		if (rl_ring_pop(chn->ring, &dma))
			break;
		udma_cleanup(cleanup, data, dma);
	}
	/*@ assert submit_reset_drops_nothing:
	  @   rl_ridx_occ(&chn->ring->idx) == 0;
	  @*/
	rl_ring_reset(chn->ring);
	/* TX completion ring: dropped without callback */
	rl_ring_reset(chn->ringtxcq);
}

int rl_hw_rx_packet(struct rl_k3_udma_glue_rx_channel *chn, u32 flow,
		    u32 port, u32 len, u32 csum_info)
{
	struct rl_udma_rx_flow *fl;
	struct rl_cppi5_desc *d;
	rl_dma_addr_t dma;

	if (flow >= chn->flow_num || !chn->enabled || chn->tdown.stopped)
		return -EIO;
	fl = &chn->flows[flow];
	if (rl_ring_occ(fl->ring) >= fl->ring->idx.size || rl_ring_pop(fl->fdq, &dma)) {
		chn->rx_dropped++;
		return -ENOSPC;
	}
	d = rl_k3_cppi_desc_pool_hw_desc(chn->pool, dma);
	if (len > d->buf_info1)
		len = d->buf_info1;
	rl_dma_device_access(chn->m->dma, d->buf_ptr, len, false);
	d->pkt_info0 = (d->pkt_info0 & ~RL_CPPI5_PKTLEN_MASK) | len;
	d->pkt_info1 = flow;
	d->src_dst_tag = port << 16;
	d->psdata[2] = csum_info;
	rl_cost_add(chn->m, RL_COST_HW_RX, 1);
	return rl_ring_hw_push(fl->ring, dma);
}

/* The DMA sends the packet at the head of the TX ring; false if none. */
static bool hw_tx_one(struct rl_k3_udma_glue_tx_channel *chn)
{
	rl_dma_addr_t dma, next;
	u32 hops = 0;

	struct rl_cppi5_desc *head;
	u32 csum, pkt_len;

	if (!chn->enabled || rl_ring_occ(chn->ringtxcq) >= chn->ringtxcq->idx.size ||
	    rl_ring_pop(chn->ring, &dma))
		return false;
	/*
	 * Checksum offload: the word holds the insert offset (bits 31:24),
	 * the start (23:16) and the number of bytes to sum (15:0), which
	 * am65_cpsw_nuss_ndo_slave_xmit sets to skb->len - start, so the
	 * range ends at the packet's end.  A word left over from an earlier,
	 * longer packet makes the switch read past the end of this one, or
	 * write the checksum there.
	 */
	head = rl_k3_cppi_desc_pool_hw_desc(chn->pool, dma);
	csum = head ? head->psdata[RL_CPPI5_CSUM_WORD] : 0;
	pkt_len = head ? head->pkt_info0 & RL_CPPI5_PKTLEN_MASK : 0;
	if (csum && (csum >> 24) + 2 > pkt_len)
		rl_ledger_report_count(chn->m->ledger, RL_F_DMA_DEVICE, RL_OBJ_DESC,
				       0, pkt_len, (csum >> 24) + 2,
				       "TX checksum offload writes past the end of the packet (stale psdata?)");
	else if (csum && ((csum >> 16) & 0xff) + (csum & 0xffff) > pkt_len)
		rl_ledger_report_count(chn->m->ledger, RL_F_DMA_DEVICE, RL_OBJ_DESC,
				       0, pkt_len,
				       ((csum >> 16) & 0xff) + (csum & 0xffff),
				       "TX checksum offload sums bytes past the end of the packet (stale psdata?)");
	/* the DMA reads every buffer of the chain */
	for (next = dma; next && hops < 32; hops++) {
		struct rl_cppi5_desc *d = rl_k3_cppi_desc_pool_hw_desc(chn->pool, next);

		if (!d)
			break;
		rl_dma_device_access(chn->m->dma, d->buf_ptr, d->buf_info1, true);
		next = d->next_desc;
	}
	rl_ring_hw_push(chn->ringtxcq, dma);
	rl_cost_add(chn->m, RL_COST_HW_TX, 1);
	return true;
}

u32 rl_hw_tx_complete(struct rl_k3_udma_glue_tx_channel *chn, u32 k)
{
	u32 done = 0;

	while (done < k && !chn->tdown.stopped && hw_tx_one(chn))
		done++;
	return done;
}

/*
 * TX teardown progress: the queued packets go out first (all at once for
 * RL_TDOWN_NOW, else one per hardware step), then the marker follows.  A
 * marker that never comes stands for a hung DMA: nothing moves.
 */
static void tx_tdown_tick(struct rl_k3_udma_glue_tx_channel *chn, bool step)
{
	struct rl_udma_tdown *t = &chn->tdown;

	if (!t->requested || t->never)
		return;
	if (t->now)
		while (hw_tx_one(chn))
			;
	else if (step && hw_tx_one(chn))
		return;
	tdown_tick(t, chn->ringtxcq, step);
}

void rl_hw_step(struct rl_model *m)
{
	u32 i;

	for (i = 0; i < RL_MAX_REG; i++) {
		struct rl_k3_udma_glue_rx_channel *rx = m->reg[RL_REG_RX_CHN][i];
		struct rl_k3_udma_glue_tx_channel *tx = m->reg[RL_REG_TX_CHN][i];

		if (rx)
			tdown_tick(&rx->tdown, rx->flows[0].ring, true);
		if (tx)
			tx_tdown_tick(tx, true);
	}
}
