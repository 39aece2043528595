/* SPDX-License-Identifier: GPL-2.0 */
/*
 * footprints.h - names for the memory the facilities write, used only in
 * ACSL assigns clauses (contracts in model/ and driver/).  prove.sh
 * includes it before every unit; the C builds never see it, so the host
 * and kernel text keeps no macro it does not use.
 *
 * Every footprint is an over-approximation of what the model's code of
 * that facility writes (checked by reading it, not by a proof: assumption
 * A5 in proofs/README.md) - but for the model's own bookkeeping, which no
 * driver code and no proof reads, and which is left out: the work
 * counters (m->cost, cost.h), the incremental check's list of what moved
 * (ledger->mark, ->dirty, ->ndirty; a free stack's pos and bad_put), the
 * fault sites' total of hits (m->fault_hits) and a report's records
 * beyond the findings count (ledger->first, ->last, the run's report
 * hook).  Named,
 * they cost the provers: the cost counters and ndirty put three of
 * rx_refill_zc's assigns goals, the marks six of stmmac_zc_fill's goals,
 * past 60 s (2026-12-03).  Only integer cells: no facility changes a
 * pointer the driver reads, and WP keeps pointer and integer memory apart,
 * so the driver's own pointers survive every call without a separation
 * hypothesis.
 */
#ifndef RL_FOOTPRINTS_H
#define RL_FOOTPRINTS_H

/*
 * Upper bound the proofs put on every ghost count (rl_g_*, see
 * proofs/README.md): far above anything a run reaches, so "one more" never
 * wraps.
 */
#define RL_GHOST_MAX	0x4000000000000000ULL

/*
 * Index span of a facility table in the proofs' assigns clauses: larger
 * than any table the model builds (WP takes no open-ended ranges).
 */
#define RL_SPAN		0xffffffffff

/*
 * What alloc and free may write: the free/held bytes and count, the fault
 * site, the descriptors' ledger entries (integers only), and the bytes of
 * the descriptor itself and of its saved copy (poisoned while free,
 * restored at reuse: model/poison.h).
 */
#define RL_DESC_POOL_FOOTPRINT(p) \
	(p)->acct.avail, (p)->acct.state[0 .. RL_SPAN], \
	(p)->block[0 .. RL_SPAN], (p)->saved[0 .. RL_SPAN], \
	(p)->m->fault[RL_FAULT_DESC_ALLOC], (p)->m->ledger->findings, \
	(p)->m->ledger->owner[RL_OBJ_DESC][0 .. RL_SPAN], \
	(p)->m->ledger->count[RL_OBJ_DESC][0 .. RL_OWN_NR - 1]

/*
 * What the pool's own part of an alloc or a free writes (rl_desc_pool_take,
 * rl_desc_pool_give, proven in unit desc_pool): the pool's accounting and
 * memory, its class's ledger entries and counters, and the bookkeeping
 * (the incremental check's list, a report, the cost counters) that the
 * facility footprint above leaves out.
 */
#define RL_DESC_POOL_MOVE_FOOTPRINT(p) \
	(p)->acct.avail, (p)->acct.state[0 .. RL_SPAN], \
	(p)->block[0 .. RL_SPAN], (p)->saved[0 .. RL_SPAN], \
	(p)->m->ledger->owner[RL_OBJ_DESC][0 .. RL_SPAN], \
	(p)->m->ledger->count[RL_OBJ_DESC][0 .. RL_OWN_NR - 1], \
	RL_LEDGER_TOUCH_FOOTPRINT((p)->m->ledger, RL_OBJ_DESC), \
	RL_LEDGER_REPORT_FOOTPRINT((p)->m->ledger), \
	(p)->m->cost[0 .. RL_COST_NR - 1]

/*
 * The ledger's own writes beside an object's owner and the counters: the
 * incremental check's list (bookkeeping: rl_ledger_touch) and a report
 * (the findings count, the first and last records).  Named only by the
 * ledger's contracts (unit ledger), left out of the facilities' (above).
 */
#define RL_LEDGER_TOUCH_FOOTPRINT(l, c) \
	(l)->mark[c][0 .. RL_SPAN], (l)->dirty[c][0 .. RL_SPAN], (l)->ndirty[c]
#define RL_LEDGER_REPORT_FOOTPRINT(l)	(l)->findings, (l)->first, (l)->last

/*
 * What a CPU-side accessor (cppi5_hdesc_get_*) may write beside its output:
 * the poisoned scratch copy it hands out for a descriptor that is not the
 * driver's, and the report of that.
 */
#define RL_DESC_ACCESS_FOOTPRINT(p)	(p)->scratch, (p)->m->ledger->findings

/* The descriptor memory of the pool (what cppi5_hdesc_* writes). */
#define RL_DESC_BLOCK(p)	(p)->block[0 .. RL_SPAN]

/* What an FDQ push may write: the ring, its fault site, ledger integers. */
#define RL_FDQ_FOOTPRINT(r) \
	(r)->idx.prod, (r)->ndesc, (r)->slot[0 .. RL_SPAN]

/*
 * All flows' FDQs, written out one by one (RL_MAX_FLOWS is 8): with a
 * quantified range over the flows the provers time out.
 */
#define RL_RX_PUSH_FOOTPRINT(c) \
	RL_FDQ_FOOTPRINT((c)->flows[0].fdq), RL_FDQ_FOOTPRINT((c)->flows[1].fdq), \
	RL_FDQ_FOOTPRINT((c)->flows[2].fdq), RL_FDQ_FOOTPRINT((c)->flows[3].fdq), \
	RL_FDQ_FOOTPRINT((c)->flows[4].fdq), RL_FDQ_FOOTPRINT((c)->flows[5].fdq), \
	RL_FDQ_FOOTPRINT((c)->flows[6].fdq), RL_FDQ_FOOTPRINT((c)->flows[7].fdq), \
	(c)->m->fault[RL_FAULT_RING_PUSH], (c)->m->ledger->findings, \
	(c)->m->ledger->owner[RL_OBJ_DESC][0 .. RL_SPAN], \
	(c)->m->ledger->count[RL_OBJ_DESC][0 .. RL_OWN_NR - 1]

/*
 * The counters of every ring of an RX channel: each flow's FDQ and
 * completion ring (RL_MAX_FLOWS = 8 flows written out, as above).
 */
#define RL_RX_RING_IDX(c, f)	(c)->flows[f].fdq->idx, (c)->flows[f].ring->idx
#define RL_RX_RINGS_FOOTPRINT(c) \
	RL_RX_RING_IDX(c, 0), RL_RX_RING_IDX(c, 1), RL_RX_RING_IDX(c, 2), \
	RL_RX_RING_IDX(c, 3), RL_RX_RING_IDX(c, 4), RL_RX_RING_IDX(c, 5), \
	RL_RX_RING_IDX(c, 6), RL_RX_RING_IDX(c, 7)

/*
 * What destroying RX flow @id leaves as it was at label @L: the rings of
 * every other flow but 0 whose NAPI was off at @L - the completion ring,
 * and the FDQ unless all flows share flow 0's (rl_am65_cpsw_destroy_rxq's
 * `kept`, from which its `done_step` follows; flow 0's completion ring may
 * get the teardown marker).
 */
#define RL_AM65_RX_KEPT(c, id, L) \
	(\forall integer j; \
	  0 < j < (c)->rx_ch_num_flows && j != (id) && \
	  !\at((c)->rx_chns.flows[j].napi_enabled, L) ==> \
	  rl_ridx_occ(&(c)->rx_chns.rx_chn->flows[j].ring->idx) == \
	  \at(rl_ridx_occ(&(c)->rx_chns.rx_chn->flows[j].ring->idx), L) && \
	  (!(c)->rx_chns.rx_chn->single_fdq ==> \
	    rl_ridx_occ(&(c)->rx_chns.rx_chn->flows[j].fdq->idx) == \
	    \at(rl_ridx_occ(&(c)->rx_chns.rx_chn->flows[j].fdq->idx), L)))

/*
 * What destroying RX flow @id (rl_am65_cpsw_destroy_rxq) writes of the
 * driver's memory, beside the rings its reclaim resets: the flow's NAPI
 * (napi_disable), its pacing timer (hrtimer_cancel), its pools, missing
 * count and XSK owner, and every port's xdp_rxq_info of the flow.
 */
#define RL_AM65_RXQ_DESTROY_FOOTPRINT(c, id) \
	(c)->rx_chns.flows[id].napi_enabled, \
	RL_NAPI_STATE_FOOTPRINT(&(c)->rx_chns.flows[id].napi_rx), \
	(c)->rx_chns.flows[id].rx_hrtimer.armed, \
	(c)->rx_chns.flows[id].rx_hrtimer.fired, \
	(c)->rx_chns.flows[id].page_pool, (c)->rx_chns.flows[id].rx_missing, \
	(c)->rx_chns.flows[id].xsk_pool, (c)->rx_chns.flows[id].xsk_port_id, \
	RL_AM65_RXQ_INFO_FOOTPRINT(c, id)

/*
 * The completion slots xsk_tx_peek_desc reserved (one ghost count over
 * every channel and pool) less the frames in flight on TX channel @ch,
 * whose cleanups give one slot back each (am65_cpsw_tx_release; A1): the
 * part of the reservation @ch's cleanups do not settle.  @ch's TX cleanup,
 * pop, drain and reclaim keep it; its destroy lowers it by exactly the
 * completions @ch owed.
 */
#define RL_AM65_TX_SLOTS(ch) \
	(rl_g_xsk_tx_reserved - (ch)->xsk_inflight)

/*
 * What popping channel @i's completion ring through the TX cleanup writes
 * (the reclaim and its drain): the ring's counters and what the cleanup
 * writes (RL_AM65_TX_SLOTS' two terms).
 */
#define RL_AM65_TX_RECLAIM_FOOTPRINT(c, i) \
	(c)->tx_chns[i].tx_chn->ringtxcq->idx, (c)->tx_chns[i].xsk_inflight, \
	rl_g_xsk_tx_reserved

/*
 * What destroying TX channel @id (rl_am65_cpsw_destroy_txq) writes: what
 * its reclaim writes (RL_AM65_TX_RECLAIM_FOOTPRINT: the completion ring's
 * counters, the cleanups' count in flight and the reserved slots), its
 * NAPI (napi_disable), its other XSK fields (the completions owed, the
 * pool and its owner), the submit ring's counters (the reset), the
 * channel's enabled flag (the glue's disable) and the XSK pool's
 * completion side (xsk_tx_completed).
 */
#define RL_AM65_TXQ_DESTROY_FOOTPRINT(c, id) \
	RL_AM65_TX_RECLAIM_FOOTPRINT(c, id), \
	(c)->tx_chns[id].napi_enabled, \
	RL_NAPI_STATE_FOOTPRINT(&(c)->tx_chns[id].napi_tx), \
	(c)->tx_chns[id].xsk_dropped, \
	(c)->tx_chns[id].xsk_pool, (c)->tx_chns[id].xsk_port_id, \
	(c)->tx_chns[id].tx_chn->ring->idx, \
	(c)->tx_chns[id].tx_chn->enabled, \
	RL_XSK_TX_FOOTPRINT((c)->tx_chns[id].xsk_pool)

/*
 * The contract the TX reclaim and its drain share, on channel @i of
 * @common (the parameters' names are fixed, as \result is in
 * RL_DESC_PUSH_EFFECT): the completion ring's counters and the slots'
 * terms written, the slots kept.
 */
#define RL_AM65_TX_RECLAIM_SPEC \
	requires shape: am65_tx_shape(common) && i < common->tx_ch_num; \
	requires apart: \separated(&common->tx_chns[i], \
		common->tx_chns[i].tx_chn->ringtxcq); \
	assigns RL_AM65_TX_RECLAIM_FOOTPRINT(common, i); \
	ensures slots_kept: RL_AM65_TX_SLOTS(&common->tx_chns[i]) == \
		\old(RL_AM65_TX_SLOTS(&common->tx_chns[i]));

/*
 * Object @x apart from what the XSK TX side of pool @p writes
 * (RL_XSK_TX_FOOTPRINT): the pool, its completion ring's frames, its
 * model's ledger and the ledger's XSK owners - separate allocations.
 */
#define RL_XSK_TX_APART(p, x) \
	(\separated(x, p) && \separated(x, (p)->comp.frame + (0 .. RL_SPAN)) && \
	 \separated(x, (p)->m->ledger) && \
	 \separated(x, (p)->m->ledger->owner[RL_OBJ_XSK] + (0 .. RL_SPAN)))

/*
 * Every port's xdp_rxq_info of flow @id, what xdp_rxq_info_unreg writes:
 * the AM65_CPSW_MAX_PORTS = 2 ports written out (a range over them made
 * the destroy's goals after the loop run out of steps; prove.sh checks
 * the constant).
 */
#define RL_AM65_RXQ_INFO(c, p, id) \
	(c)->ports[p].xdp_rxq[id].state, \
	(c)->ports[p].xdp_rxq[id].has_mem_model, (c)->ports[p].xdp_rxq[id].pp
#define RL_AM65_RXQ_INFO_FOOTPRINT(c, id) \
	RL_AM65_RXQ_INFO(c, 0, id), RL_AM65_RXQ_INFO(c, 1, id)

/*
 * What alloc and free may write: the pool's free list, fill ring and
 * buffers, its fault site and the frames' ledger entries (integers only).
 */
#define RL_XSK_FOOTPRINT(p) \
	(p)->free_cnt, (p)->fill.cons, (p)->free_list[0 .. RL_SPAN], \
	(p)->buf[0 .. RL_SPAN].len, (p)->buf[0 .. RL_SPAN].tag, \
	(p)->m->fault[RL_FAULT_XSK_ALLOC], (p)->m->ledger->findings, \
	(p)->m->ledger->owner[RL_OBJ_XSK][0 .. RL_SPAN], \
	(p)->m->ledger->count[RL_OBJ_XSK][0 .. RL_OWN_NR - 1]

/*
 * What map and unmap may write: the mapping table, slots, ledger integers.
 * RL_DMA_CELLS names them from the DMA table @dt, its model @m and the
 * model's ledger @l (a page_pool allocation names them through its pool).
 */
#define RL_DMA_CELLS(dt, m, l) \
	(dt)->live, (dt)->maps[0 .. RL_SPAN], (dt)->slots.free_top, \
	(dt)->slots.free[0 .. RL_SPAN], (m)->fault[RL_FAULT_DMA_MAP], \
	(l)->findings, (l)->owner[RL_OBJ_DMA][0 .. RL_SPAN], \
	(l)->count[RL_OBJ_DMA][0 .. RL_OWN_NR - 1]
#define RL_DMA_FOOTPRINT(d) RL_DMA_CELLS(d, (d)->m, (d)->m->ledger)

/*
 * What a page_pool allocation may write: the pool's cache and hold count,
 * the model's failure count and fault sites, the page table's free stack,
 * the pages (their pool id and address; a page whose mapping fails goes
 * back to the allocator poisoned), a new page's DMA mapping (RL_DMA_CELLS,
 * through the pool's model: the model has one DMA table, whose model is
 * the pool's) and the ledger's integers of pages and mappings.
 * RL_PP_CELLS names them from the pool @pp, its model @m, the
 * model's page table @pg, DMA table @dt and ledger @l; a refill's loop
 * passes them as ghost copies taken before it, so that its footprint
 * does not follow pointers through the memory the loop writes.
 */
#define RL_PP_CELLS(pp, m, pg, dt, l) \
	(pp)->cached, (pp)->hold_cnt, (m)->pp_alloc_fails, \
	(m)->fault[RL_FAULT_PAGE_ALLOC], \
	(pg)->slots.free_top, (pg)->slots.free[0 .. RL_SPAN], \
	(pg)->page[0 .. RL_SPAN], RL_DMA_CELLS(dt, m, l), \
	(l)->owner[RL_OBJ_PAGE][0 .. RL_SPAN], \
	(l)->count[RL_OBJ_PAGE][0 .. RL_OWN_NR - 1]
#define RL_PP_ALLOC_FOOTPRINT(pp) \
	RL_PP_CELLS(pp, (pp)->m, (pp)->m->pages, (pp)->m->dma, (pp)->m->ledger)

/*
 * What put_page of @page may write (rl_page_free): the page's content
 * (poisoned on free), the page table @pg's free stack, and of the ledger
 * @l the report count and the page integers.  No other page.
 */
#define RL_PAGE_FREE_CELLS(page, pg, l) \
	(page)->len, (page)->tag, (pg)->slots.free_top, \
	(pg)->slots.free[0 .. RL_SPAN], (l)->findings, \
	(l)->owner[RL_OBJ_PAGE][0 .. RL_SPAN], \
	(l)->count[RL_OBJ_PAGE][0 .. RL_OWN_NR - 1]
#define RL_PAGE_FREE_FOOTPRINT(m, page) \
	RL_PAGE_FREE_CELLS(page, (m)->pages, (m)->ledger)

/*
 * What page_pool_put_full_page of @page may write beside the pool's own
 * cells (RL_PP_PUT_POOL): the page's pool id and address (a page the pool
 * releases leaves it unmapped), what put_page writes (a released page goes
 * back to the page allocator), the mapping's cells (the unmap; a sync for
 * the device reports a bad mapping), all from the pool's model @m.
 */
#define RL_PP_PUT_CELLS(page, m, pg, dt, l) \
	(page)->dma_addr, (page)->pp_id, RL_PAGE_FREE_CELLS(page, pg, l), \
	RL_DMA_CELLS(dt, m, l)
/*
 * The pool's own cells a put may write: the cache and its count, the
 * release count, and - the last in-flight page of a destroyed pool -
 * the state, the zombie flag and the cache pointer (the cache freed).
 */
#define RL_PP_PUT_POOL(pp) \
	(pp)->cached, (pp)->cache, (pp)->cache[0 .. RL_PP_MAX_SIZE - 1], \
	(pp)->release_cnt, (pp)->state, (pp)->hdr.zombie
#define RL_PP_PUT_FOOTPRINT(pp, page) \
	RL_PP_PUT_POOL(pp), RL_PP_PUT_CELLS(page, (pp)->m, (pp)->m->pages, \
					    (pp)->m->dma, (pp)->m->ledger)

/*
 * Every page_pool of the model lies apart from @x: a pool is an
 * allocation of its own (page_pool_create), so a put that writes a pool
 * the page names (rl_pp_of) writes nothing of the driver's.
 */
#define RL_PP_APART(x) \
	(\forall integer id; \separated(rl_pp_of(id), x))

/*
 * What giving @page back on model @m may write, to the pool the page
 * names (rl_pp_of; a page_pool page) or to the page allocator
 * (put_page): the pool's own cells, a put's cells from @m, and of the
 * ghost state the live-mapping count (a page the pool releases is
 * unmapped).
 */
#define RL_PAGE_BACK_FOOTPRINT(m, page) \
	RL_PP_PUT_POOL(rl_pp_of((page)->pp_id)), \
	RL_PP_PUT_CELLS(page, m, (m)->pages, (m)->dma, (m)->ledger), \
	rl_g_dma_live

/*
 * What returning frame @fr on model @m may write (xdp_return_frame,
 * __xdp_return): the frame (its page cleared, then poisoned with the
 * rest of its body), the frame table's free stack, the ledger's frame
 * integers, and what giving its page back writes - a put into the page's
 * pool (rl_pp_of) for a page_pool frame, else a put_page.
 */
#define RL_XDP_RETURN_FOOTPRINT(m, fr) \
	(fr)->mem_type, (fr)->page, (fr)->len, (fr)->tag, \
	(m)->frames->slots.free_top, (m)->frames->slots.free[0 .. RL_SPAN], \
	(m)->ledger->owner[RL_OBJ_FRAME][0 .. RL_SPAN], \
	(m)->ledger->count[RL_OBJ_FRAME][0 .. RL_OWN_NR - 1], \
	RL_PAGE_BACK_FOOTPRINT(m, (fr)->page)

/*
 * The driver's page hand-back (am65_cpsw_put_page) on model @m: a put
 * into the pool the page came from (rl_pp_of, the fix), which is a pool
 * of @m, or into the flow's (upstream, page_pool_by_flow), or a put_page;
 * of the ghost state the live-mapping count.
 */
#define RL_AM65_PUT_PAGE_FOOTPRINT(m, flow, page) \
	RL_PAGE_BACK_FOOTPRINT(m, page), \
	RL_PP_PUT_FOOTPRINT((flow)->page_pool, page)
/*
 * Where a flow and a port live: inside their device's common struct
 * (am65_cpsw_common embeds its ports and its RX channel's flows), so
 * neither lies apart from it.
 */
#define RL_AM65_FLOW_PORT_INSIDE(flow, port) \
	((\exists integer fi; 0 <= fi < AM65_CPSW_MAX_RX_FLOWS && \
	  (flow) == &(flow)->common->rx_chns.flows[fi]) && \
	 (\exists integer pi; 0 <= pi < AM65_CPSW_MAX_PORTS && \
	  (port) == &(flow)->common->ports[pi]))

/*
 * A page-mode refill: the allocation's cells and a receive ring's
 * descriptors and hand-overs (RL_DRING_GIVE_FOOTPRINT's cells of ring
 * @r, whose ledger is @l: the UMEM frames' owners and counts are the only
 * ones the allocation's cells do not already name).
 */
#define RL_PP_REFILL_CELLS(pp, m, pg, dt, l, r) \
	RL_PP_CELLS(pp, m, pg, dt, l), (r)->d[0 .. RL_DRING_MAX - 1], \
	(r)->sh[0 .. RL_DRING_MAX - 1], (r)->held, \
	(l)->owner[RL_OBJ_XSK][0 .. RL_SPAN], \
	(l)->count[RL_OBJ_XSK][0 .. RL_OWN_NR - 1]
#define RL_PP_REFILL_FOOTPRINT(pp, r) \
	RL_PP_REFILL_CELLS(pp, (pp)->m, (pp)->m->pages, (pp)->m->dma, \
			   (pp)->m->ledger, r)

/* A descriptor ring's report of a race or a bad index (desc_ring.c). */
#define RL_DRING_REPORT(r)	(r)->m->ledger->findings

/*
 * What a hand-over may write beside the descriptor: on a running receive
 * ring the buffer behind it goes to the device (a page or a UMEM frame:
 * its ledger owner and the counts), and a race is a report.
 */
#define RL_DRING_GIVE_FOOTPRINT(r) \
	(r)->m->ledger->findings, \
	(r)->m->ledger->owner[RL_OBJ_PAGE][0 .. RL_SPAN], \
	(r)->m->ledger->owner[RL_OBJ_XSK][0 .. RL_SPAN], \
	(r)->m->ledger->count[RL_OBJ_PAGE][0 .. RL_OWN_NR - 1], \
	(r)->m->ledger->count[RL_OBJ_XSK][0 .. RL_OWN_NR - 1]

/* Everything a refill may write, all of it inside the facilities. */
#define AM65_ZC_REFILL_FOOTPRINT(f, x) \
	RL_DESC_POOL_FOOTPRINT((f)->common->rx_chns.desc_pool), \
	RL_DESC_BLOCK((f)->common->rx_chns.desc_pool), \
	RL_RX_PUSH_FOOTPRINT((f)->common->rx_chns.rx_chn), \
	RL_XSK_FOOTPRINT(x)

/* What a TX submit-ring push may write. */
#define RL_TX_PUSH_FOOTPRINT(c) \
	RL_FDQ_FOOTPRINT((c)->ring), (c)->m->fault[RL_FAULT_RING_PUSH], \
	(c)->m->ledger->findings, \
	(c)->m->ledger->owner[RL_OBJ_DESC][0 .. RL_SPAN], \
	(c)->m->ledger->count[RL_OBJ_DESC][0 .. RL_OWN_NR - 1]

/* What the XSK TX side (peek, completed) may write. */
#define RL_XSK_TX_FOOTPRINT(p) \
	(p)->tx.cons, (p)->comp.cached_prod, (p)->comp.prod, \
	(p)->comp.frame[0 .. RL_SPAN], (p)->m->ledger->findings, \
	(p)->m->ledger->owner[RL_OBJ_XSK][0 .. RL_SPAN], \
	(p)->m->ledger->count[RL_OBJ_XSK][0 .. RL_OWN_NR - 1]

/* Everything a zero-copy TX batch may write inside the facilities. */
#define AM65_ZC_TX_FOOTPRINT(dp, hw, xp) \
	RL_DESC_POOL_FOOTPRINT(dp), RL_DESC_BLOCK(dp), \
	(dp)->desc_infos[0 .. RL_SPAN], RL_TX_PUSH_FOOTPRINT(hw), \
	RL_XSK_TX_FOOTPRINT(xp)

/*
 * The ghost effect of an RX FDQ push and of a TX submit push alike: one
 * that succeeds moves the driver-held descriptor to the hardware, one
 * that fails changes nothing.
 */
#define RL_DESC_PUSH_EFFECT \
	ensures pushed: \result == 0 ==> \
		rl_g_desc_held == \old(rl_g_desc_held) - 1 && \
		rl_g_desc_queued == \old(rl_g_desc_queued) + 1; \
	ensures kept: \result != 0 ==> \
		rl_g_desc_held == \old(rl_g_desc_held) && \
		rl_g_desc_queued == \old(rl_g_desc_queued);

/*
 * What a stmmac ring call (alloc, init, free of one queue's resources)
 * may write of the queue struct (assumption A7): every field but the
 * channel's NAPIs - rx_napi and rxtx_napi of the RX queue, tx_napi of the
 * TX queue - which only napi_enable/napi_disable write.
 */
#define RL_STMMAC_RXQ_FOOTPRINT(rx_q) \
	(rx_q)->queue_index, (rx_q)->priv_data, (rx_q)->page_pool, \
	(rx_q)->xsk_pool, (rx_q)->dma_rx, \
	(rx_q)->buf_pool[0 .. RL_DRING_MAX - 1], (rx_q)->cur_rx, \
	(rx_q)->dirty_rx, (rx_q)->buf_alloc_num, (rx_q)->xdp_rxq
#define RL_STMMAC_TXQ_FOOTPRINT(tx_q) \
	(tx_q)->queue_index, (tx_q)->priv_data, (tx_q)->dma_tx, \
	(tx_q)->tx_skbuff_dma[0 .. RL_DRING_MAX - 1], \
	(tx_q)->xdpf[0 .. RL_DRING_MAX - 1], \
	(tx_q)->tx_skbuff[0 .. RL_DRING_MAX - 1], (tx_q)->xsk_pool, \
	(tx_q)->xsk_frames_done, (tx_q)->cur_tx, (tx_q)->dirty_tx

/*
 * What napi_disable writes of its NAPI (model/netdev.c, with the poll it
 * may run): its state, never its ledger header, model, poll function or
 * netif_napi_add state.
 */
#define RL_NAPI_STATE_FOOTPRINT(napi) \
	(napi)->enabled, (napi)->scheduled, (napi)->disabling, \
	(napi)->completed, (napi)->refused, (napi)->orphan, \
	(napi)->in_poll, (napi)->polls

/*
 * A stmmac pool switch that ends with the device running ends with both
 * of queue @q's rings there, or the device down (STMMAC_DOWN).  A macro,
 * not an ACSL predicate: WP's simplifier follows the reads through the
 * writes of the switch's last calls (NAPI enable, the wakeup) only when
 * they are written out; behind a predicate the provers ran out of steps.
 */
#define RL_STMMAC_REQUEUED(priv, q) \
	((priv)->down || ((priv)->rx_queue[q].dma_rx != \null && \
			  (priv)->tx_queue[q].dma_tx != \null))

/*
 * Queue @q's three NAPIs are there to enable and disable.  Validity is
 * not memory: asserted where the switch starts, it holds at every later
 * NAPI call, which then need not find it behind the teardowns' writes
 * (the series' order, race_stmmac_pool_napi_order, ran out of steps).
 */
#define RL_STMMAC_NAPIS_VALID(priv, q) \
	(\valid(&(priv)->rx_queue[q].rx_napi) && \
	 \valid(&(priv)->rx_queue[q].rxtx_napi) && \
	 \valid(&(priv)->tx_queue[q].tx_napi))

/*
 * The pointers the XSK pool's footprint (RL_XSK_FOOTPRINT) and a ring's
 * hand-over (RL_DRING_GIVE_FOOTPRINT, the same model) follow from
 * queue @rx_q, equal now and at label @L: a zero-copy loop's frame.  A
 * macro, not a predicate, so the simplifier substitutes each link: as
 * the predicate stmmac_xsk_frame (without the page owner) the
 * stmmac_zc_refill unit took 11,194,625 steps, as this macro 7,573,785
 * (stmmac_zc_fill 9,739,067 -> 8,845,183; FRESH=1 logs, 2026-12-04).
 * The page_pool loop keeps its predicate, stmmac_pp_frame: as a macro
 * its ring_kept assert ran out of steps.
 */
#define RL_STMMAC_XSK_FRAME(rx_q, L) \
	((rx_q)->xsk_pool == \at((rx_q)->xsk_pool, L) && \
	 (rx_q)->xsk_pool->m == \at((rx_q)->xsk_pool->m, L) && \
	 (rx_q)->xsk_pool->m->ledger == \at((rx_q)->xsk_pool->m->ledger, L) && \
	 (rx_q)->xsk_pool->m->ledger->owner[RL_OBJ_XSK] == \
	 \at((rx_q)->xsk_pool->m->ledger->owner[RL_OBJ_XSK], L) && \
	 (rx_q)->xsk_pool->m->ledger->owner[RL_OBJ_PAGE] == \
	 \at((rx_q)->xsk_pool->m->ledger->owner[RL_OBJ_PAGE], L) && \
	 (rx_q)->xsk_pool->free_list == \at((rx_q)->xsk_pool->free_list, L) && \
	 (rx_q)->xsk_pool->buf == \at((rx_q)->xsk_pool->buf, L))

/*
 * What a step of the stmmac pool switch keeps of the device that the
 * next step reads: the net_device pointer, its TX queue count, the
 * driver's queue counts and its zero-copy bitmap (an ensures, between
 * \old and now).  Written out as a macro for the same reason: each
 * step's equalities let the simplifier chain the counts across the
 * switch; the count's bound behind stmmac_switch_dev alone took 919,131
 * steps after the teardowns.
 */
#define RL_STMMAC_DEV_KEPT(priv) \
	((priv)->dev == \old((priv)->dev) && \
	 (priv)->dev->num_tx_queues == \old((priv)->dev->num_tx_queues) && \
	 (priv)->cfg.tx_queues == \old((priv)->cfg.tx_queues) && \
	 (priv)->cfg.rx_queues == \old((priv)->cfg.rx_queues) && \
	 (priv)->af_xdp_zc_qps == \old((priv)->af_xdp_zc_qps))

/*
 * What switching a stmmac TX queue off or on for an XSK pool may write of
 * its net_device queue: netif_tx_stop_queue's and netif_tx_wake_queue's
 * cells (model/netdev.h), the state and both counters.
 */
#define RL_NETDEV_TXQ_FOOTPRINT(nd, q) \
	(nd)->txq[q].stopped, (nd)->txq[q].stops, (nd)->txq[q].wakes

/*
 * What stopping or starting a descriptor ring's DMA may write: the
 * engine's flag, the buffers the device holds (the ring's count, each
 * descriptor's shadow, the buffers' ledger owners: RL_DRING_GIVE_FOOTPRINT).
 */
#define RL_DRING_RUN_FOOTPRINT(r) \
	(r)->running, (r)->held, (r)->sh[0 .. RL_DRING_MAX - 1], \
	RL_DRING_GIVE_FOOTPRINT(r)

/* Object @o apart from what mapping XSK pool @p writes of it (A7). */
#define RL_XSK_MAP_APART(o, p) \
	\separated(o, p) && \separated(o, (p)->dma + (0 .. RL_SPAN))

#endif /* RL_FOOTPRINTS_H */
