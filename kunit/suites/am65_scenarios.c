// SPDX-License-Identifier: GPL-2.0
/*
 * am65_scenarios.c - the driver scenarios the variant cases run: each a
 * short sequence of world operations (what the kernel core, the stack,
 * the user and the hardware do) that one catalogued bug turns into a
 * finding and the patched driver runs clean.
 */
#include "am65_scenarios.h"

const u8 rl_sc_v_drop[] = { RL_XDP_DROP };
const u8 rl_sc_v_tx[] = { RL_XDP_TX };

static void sc_at_wait(void *ctx, struct rl_world *w, enum rl_wait_point wp)
{
	struct am65_bed *b = ctx;
	void (*fn)(struct am65_bed *b) = b->at_fn;

	if (!fn || wp != b->at_wp)
		return;
	if (b->at_skip) {
		b->at_skip--;
		return;
	}
	b->at_fn = NULL;
	w->at_wait = NULL;
	fn(b);
}

void rl_sc_at_wait(struct am65_bed *b, enum rl_wait_point wp, u32 skip,
		   void (*fn)(struct am65_bed *b))
{
	b->at_wp = wp;
	b->at_skip = skip;
	b->at_fn = fn;
	b->w.at_wait = sc_at_wait;
	b->w.at_wait_ctx = b;
}

/*
 * The seed bug class: stop with RX completions nobody popped.  With IRQ
 * pacing (pace=1) the poll leaves the IRQ masked until its timer; stop
 * comes first (AM65x: no teardown wait, the timer cancelled), and what
 * landed meanwhile is in the ring when reset_rx_chn forgets it.
 */
void rl_sc_stop_paced_rx_masked(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 4, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_rx(&b->w, 0, 0, 2, 100);
	rl_world_stop(&b->w, 0);
}

/* The same on a zero-copy queue. */
void rl_sc_zc_stop_paced_rx_masked(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_redirect, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 3, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_rx(&b->w, 0, 0, 4, 100);
	rl_world_stop(&b->w, 0);
}

static void sc_hw_step(struct am65_bed *b)
{
	rl_world_hw_step(&b->w, 1);
}

/*
 * TX queued, the marker late: the wait times out, and the hardware sends
 * one more packet while napi_disable() waits for channel 0 (the last TX
 * wait: RX flows first, then the channels last to first).
 */
void rl_sc_stop_tx_completes_in_napi_disable(struct am65_bed *b)
{
	struct am65_cpsw_common *c = b->common;

	rl_sc_at_wait(b, RL_WAIT_NAPI_DISABLE,
		      c->rx_ch_num_flows + c->tx_ch_num - 1, sc_hw_step);
	rl_sc_stop_tx_marker_late(b);
}

static void sc_rx_flow1(struct am65_bed *b)
{
	rl_world_rx(&b->w, 1, 0, 2, 100);
}

/*
 * Zero copy on queue 1 of a UDMA-P CPSW (one free-descriptor ring for all
 * flows) while the channel runs: packets land on flow 1 after its reset,
 * while napi_disable() waits for TX channel 1.
 */
void rl_sc_zc_enable_live_channel(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_redirect, 1, 2);
	rl_world_open(&b->w, 0);
	rl_world_xsk_fill(&b->w, 1, 16);
	rl_sc_at_wait(b, RL_WAIT_NAPI_DISABLE, 1, sc_rx_flow1);
	rl_world_xsk_bind(&b->w, 0, 1);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
}

/*
 * Paced RX, stop while the pacing timer is armed, open again: the IRQ
 * must be unmasked for the next packets.
 */
void rl_sc_paced_stop_reopen(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 2, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_stop(&b->w, 0);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 2, 100);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
}

/*
 * Paced zero-copy RX: the XSK wakeup schedules a poll with the line never
 * masked, then the pacing time passes: nothing may enable the line again.
 */
void rl_sc_paced_wakeup_poll(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_redirect, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_xsk_fill(&b->w, 0, 8);
	rl_world_open(&b->w, 0);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_RX);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_timer(&b->w);
	rl_world_stop(&b->w, 0);
}

/*
 * XDP_TX traffic waits for its poll when the stop comes, and no softirq
 * runs in the teardown waits (tdown_wait=0): RX first (patched) it is
 * polled onto a live TX channel; TX first (mainline) the poll comes in
 * the RX napi_disable, after TX channel 0 was reset and disabled.
 */
void rl_sc_xdp_tx_during_stop(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_tx, 1, 0);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 2, 100);
	rl_world_stop(&b->w, 0);
}

/*
 * Two packets wait on flow 1 for its poll when the stop comes, and no
 * softirq runs in the teardown wait (tdown_wait=0): the poll comes in
 * flow 1's napi_disable and refills the FDQ.  On UDMA-P that FDQ is the
 * one flow 0's reset cleans: before it (last to first, patched) or after
 * it (first to last: race_rx_refill_tdown).
 */
void rl_sc_rx_flow1_waits_at_stop(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 1, 0, 2, 100);
	rl_world_stop(&b->w, 0);
}

static void sc_xdp_xmit_cpu1(struct am65_bed *b)
{
	b->m->cpu = 1;
	rl_world_xdp_xmit(&b->w, 0, 3);
}

/*
 * Another device's devmap sends to port 0 from CPU 1 (TX channel 1)
 * while the stop disables TX channel 0's NAPI: channel 1 is reset by
 * then.
 */
void rl_sc_xdp_xmit_during_stop(struct am65_bed *b)
{
	struct am65_cpsw_common *c = b->common;

	rl_world_open(&b->w, 0);
	rl_sc_at_wait(b, RL_WAIT_NAPI_DISABLE,
		      c->rx_ch_num_flows + c->tx_ch_num - 1, sc_xdp_xmit_cpu1);
	rl_world_stop(&b->w, 0);
}

static void sc_xmit_q1(struct am65_bed *b)
{
	rl_world_xmit(&b->w, 0, 1, 300, 0, false);
}

/*
 * The stack transmits on queue 1 while a program swap rebuilds the
 * queues (v2 1/7), at TX channel 0's napi_disable: channel 1 is reset
 * and off, its ring keeps the packet, BQL restarts from zero, and
 * create_txq turns the ring back on with the packet in it.
 */
void rl_sc_xmit_during_prog_swap(struct am65_bed *b)
{
	struct am65_cpsw_common *c = b->common;

	rl_world_open(&b->w, 0);
	rl_sc_at_wait(b, RL_WAIT_NAPI_DISABLE,
		      c->rx_ch_num_flows + c->tx_ch_num - 1, sc_xmit_q1);
	rl_world_attach(&b->w, 0, rl_sc_v_drop, 1, 0);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
}

/* TX queued when the stop comes; the hardware finishes it too late. */
void rl_sc_stop_tx_marker_late(struct am65_bed *b)
{
	int i;

	rl_hw_set_tdown_mode(b->m, RL_TDOWN_AFTER, 100);
	rl_world_open(&b->w, 0);
	for (i = 0; i < 4; i++)
		rl_world_xmit(&b->w, 0, 0, 500, i & 1, i & 1);
	rl_world_stop(&b->w, 0);
}

/* A ring push fails while a received packet's buffer is requeued. */
void rl_sc_push_fails_in_napi(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 2, 100);
	rl_model_fail_nth(b->m, RL_FAULT_RING_PUSH, 1);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_model_fail_nth(b->m, RL_FAULT_RING_PUSH, 0);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
}

/* XDP_DROP traffic, polled. */
void rl_sc_xdp_drop(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_drop, 1, 0);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 3, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_stop(&b->w, 0);
}

/* XDP_TX frames still queued for a hung DMA at stop. */
void rl_sc_stop_with_xdp_tx_queued(struct am65_bed *b)
{
	rl_hw_set_tdown_mode(b->m, RL_TDOWN_NEVER, 0);
	rl_world_attach(&b->w, 0, rl_sc_v_tx, 1, 0);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 2, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_stop(&b->w, 0);
}

/* Program change on port 1 while port 2 is up and port 1 has TX in flight. */
void rl_sc_prog_swap_multi_port(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_open(&b->w, 1);
	rl_world_xmit(&b->w, 0, 0, 700, 0, false);
	rl_world_xmit(&b->w, 0, 0, 300, 0, false);
	rl_world_attach(&b->w, 0, rl_sc_v_drop, 1, 0);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
	rl_world_stop(&b->w, 1);
}

/* Plain open and stop. */
void rl_sc_open_stop(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_stop(&b->w, 0);
}

const u8 rl_sc_v_redirect[] = { RL_XDP_REDIRECT };
const u8 rl_sc_v_pass[] = { RL_XDP_PASS };

/* A zero-copy refill push fails. */
void rl_sc_zc_push_fails(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_redirect, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_xsk_fill(&b->w, 0, 16);
	/* the same failing poll, now on the zero-copy queue */
	rl_sc_push_fails_in_napi(b);
}

/* UDMA-P: queue 1 zero copy, queue 0 page_pool, one shared FDQ; stop. */
void rl_sc_zc_shared_fdq_stop(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_redirect, 1, 2);
	rl_world_xsk_bind(&b->w, 0, 1);
	rl_world_xsk_fill(&b->w, 1, 16);
	rl_world_open(&b->w, 0);
	rl_world_stop(&b->w, 0);
}

/* A long checksummed skb, then a short XSK frame on the same channel. */
void rl_sc_xsk_tx_after_csum_skb(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_pass, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_open(&b->w, 0);
	rl_world_xmit(&b->w, 0, 0, 1000, 0, true);
	rl_world_settle(&b->w);
	rl_world_xsk_submit(&b->w, 0, 1, 40);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	rl_world_settle(&b->w);
	rl_world_xsk_reap(&b->w, 0, 8);
	rl_world_stop(&b->w, 0);
}

/* Enabling zero copy fails in the rebuild (no page for queue 1). */
void rl_sc_zc_enable_fails(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_redirect, 1, 1);
	rl_world_open(&b->w, 0);
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_model_fail_nth(b->m, RL_FAULT_PAGE_ALLOC, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_model_fail_nth(b->m, RL_FAULT_PAGE_ALLOC, 0);
	rl_world_xsk_close(&b->w, 0);
	rl_world_stop(&b->w, 0);
}

/* Zero copy off, socket closed, traffic goes on. */
void rl_sc_zc_disable_close_traffic(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_redirect, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_world_open(&b->w, 0);
	rl_world_xsk_unbind(&b->w, 0);
	rl_world_xsk_close(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 2, 100);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
}

/* A zero-copy TX batch runs out of descriptors half way, then more TX. */
void rl_sc_xsk_tx_batch_cut(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_pass, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_open(&b->w, 0);
	rl_world_xsk_submit(&b->w, 0, 4, 60);
	rl_model_fail_nth(b->m, RL_FAULT_DESC_ALLOC, 2);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	rl_world_settle(&b->w);
	rl_model_fail_nth(b->m, RL_FAULT_DESC_ALLOC, 0);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	rl_world_settle(&b->w);
	rl_world_xsk_reap(&b->w, 0, 8);
	rl_world_stop(&b->w, 0);
	rl_world_xsk_close(&b->w, 0);
}

/* XDP_REDIRECT to the devmap, polled: the poll owes xdp_do_flush(). */
void rl_sc_xdp_redirect_devmap(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_redirect, 1, 0);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 3, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_stop(&b->w, 0);
}

/* The same into an AF_XDP socket in zero copy. */
void rl_sc_zc_redirect_polled(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_redirect, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 3, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_xsk_consume(&b->w, 0, 16);
	rl_world_stop(&b->w, 0);
}

/* Stack TX completed by the hardware and by the TX NAPI. */
void rl_sc_tx_completed(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_xmit(&b->w, 0, 0, 300, 1, false);
	rl_world_xmit(&b->w, 0, 0, 200, 0, false);
	rl_world_tx_complete(&b->w, 0, 2);
	rl_world_poll_tx(&b->w, 0, 64);
	rl_world_stop(&b->w, 0);
}

/* XDP_TX polled on CPU 1 of a CPSW given one TX channel. */
void rl_sc_xdp_tx_cpu1(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_tx, 1, 0);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 2, 100);
	b->w.cpu = 1;
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
}

/* An RX page allocation fails in NAPI, then traffic is polled again. */
void rl_sc_page_alloc_fails_in_napi(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 2, 100);
	rl_world_fault(&b->w, RL_FAULT_PAGE_ALLOC, 1);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_fault(&b->w, RL_FAULT_PAGE_ALLOC, 0);
	rl_world_rx(&b->w, 0, 0, 1, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_stop(&b->w, 0);
}

/* ndo_open fails: no page for the second RX buffer of flow 0. */
void rl_sc_open_fails_in_create_rxq(struct am65_bed *b)
{
	rl_world_fault(&b->w, RL_FAULT_PAGE_ALLOC, 2);
	rl_world_open(&b->w, 0);
	rl_world_fault(&b->w, RL_FAULT_PAGE_ALLOC, 0);
}

/* A program swap while up, and the rebuild fails in flow 0. */
void rl_sc_prog_swap_rebuild_fails(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_fault(&b->w, RL_FAULT_PAGE_ALLOC, 1);
	rl_world_attach(&b->w, 0, rl_sc_v_drop, 1, 0);
	rl_world_fault(&b->w, RL_FAULT_PAGE_ALLOC, 0);
	rl_world_stop(&b->w, 0);
}

/* The same, then the stack transmits and the port goes down. */
void rl_sc_prog_swap_rebuild_fails_xmit(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_fault(&b->w, RL_FAULT_PAGE_ALLOC, 1);
	rl_world_attach(&b->w, 0, rl_sc_v_drop, 1, 0);
	rl_world_fault(&b->w, RL_FAULT_PAGE_ALLOC, 0);
	rl_world_xmit(&b->w, 0, 0, 400, 0, false);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
}

/* XDP_DROP traffic on flow 1 (UDMA-P: pages of flow 0 come through). */
void rl_sc_xdp_drop_flow1(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_drop, 1, 0);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 1, 0, 3, 100);
	rl_world_poll_rx(&b->w, 1, 64);
	rl_world_stop(&b->w, 0);
}

/* Zero-copy TX on queue 0 owned by the second port. */
void rl_sc_zc_tx_port2(struct am65_bed *b)
{
	rl_world_attach(&b->w, 1, rl_sc_v_pass, 1, 1);
	rl_world_xsk_bind(&b->w, 1, 0);
	rl_world_open(&b->w, 1);
	rl_world_xsk_submit(&b->w, 0, 2, 60);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	rl_world_settle(&b->w);
	rl_world_xsk_reap(&b->w, 0, 8);
	rl_world_stop(&b->w, 1);
	rl_world_xsk_close(&b->w, 0);
}

/* Zero-copy XDP_TX whose TX descriptor cannot be had. */
void rl_sc_zc_xdp_tx_fails(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_tx, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 1, 100);
	rl_world_fault(&b->w, RL_FAULT_DESC_ALLOC, 1);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_fault(&b->w, RL_FAULT_DESC_ALLOC, 0);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
}

/* Port 1 stops and reopens with TX in flight; port 2 kept the channels up. */
void rl_sc_reopen_with_tx_in_flight(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_open(&b->w, 1);
	rl_world_xmit(&b->w, 0, 0, 700, 0, false);
	rl_world_xmit(&b->w, 0, 0, 300, 0, false);
	rl_world_stop(&b->w, 0);
	rl_world_open(&b->w, 0);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
	rl_world_stop(&b->w, 1);
}

/* Zero-copy RX with a fill ring too short, refilled later by the user. */
void rl_sc_zc_fill_ring_dry(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, rl_sc_v_redirect, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_xsk_fill(&b->w, 0, 2);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 2, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_xsk_consume(&b->w, 0, 16);
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_RX);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_stop(&b->w, 0);
}
