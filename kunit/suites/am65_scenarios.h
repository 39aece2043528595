/* SPDX-License-Identifier: GPL-2.0 */
/*
 * am65_scenarios.h - driver scenarios shared by the variant cases
 * (am65_variant_test.c); definitions and what each does in
 * am65_scenarios.c.
 */
#ifndef RL_AM65_SCENARIOS_H
#define RL_AM65_SCENARIOS_H

#include "am65_bed.h"

/* one-verdict programs */
extern const u8 rl_sc_v_drop[1];
extern const u8 rl_sc_v_tx[1];
extern const u8 rl_sc_v_redirect[1];
extern const u8 rl_sc_v_pass[1];

/*
 * Another context acts while the driver waits: @fn runs at the visit
 * number @skip (0: the first) of wait point @wp, during the next
 * operation that reaches it (what a nested trace operation does).
 */
void rl_sc_at_wait(struct am65_bed *b, enum rl_wait_point wp, u32 skip,
		   void (*fn)(struct am65_bed *b));

void rl_sc_stop_paced_rx_masked(struct am65_bed *b);
void rl_sc_zc_stop_paced_rx_masked(struct am65_bed *b);
void rl_sc_stop_tx_completes_in_napi_disable(struct am65_bed *b);
void rl_sc_zc_enable_live_channel(struct am65_bed *b);
void rl_sc_paced_stop_reopen(struct am65_bed *b);
void rl_sc_paced_wakeup_poll(struct am65_bed *b);
void rl_sc_xdp_tx_during_stop(struct am65_bed *b);
void rl_sc_rx_flow1_waits_at_stop(struct am65_bed *b);
void rl_sc_xdp_xmit_during_stop(struct am65_bed *b);
void rl_sc_xmit_during_prog_swap(struct am65_bed *b);
void rl_sc_stop_tx_marker_late(struct am65_bed *b);
void rl_sc_push_fails_in_napi(struct am65_bed *b);
void rl_sc_xdp_drop(struct am65_bed *b);
void rl_sc_stop_with_xdp_tx_queued(struct am65_bed *b);
void rl_sc_prog_swap_multi_port(struct am65_bed *b);
void rl_sc_open_stop(struct am65_bed *b);
void rl_sc_zc_push_fails(struct am65_bed *b);
void rl_sc_zc_shared_fdq_stop(struct am65_bed *b);
void rl_sc_xsk_tx_after_csum_skb(struct am65_bed *b);
void rl_sc_zc_enable_fails(struct am65_bed *b);
void rl_sc_zc_disable_close_traffic(struct am65_bed *b);
void rl_sc_xsk_tx_batch_cut(struct am65_bed *b);
void rl_sc_xdp_redirect_devmap(struct am65_bed *b);
void rl_sc_zc_redirect_polled(struct am65_bed *b);
void rl_sc_tx_completed(struct am65_bed *b);
void rl_sc_xdp_tx_cpu1(struct am65_bed *b);
void rl_sc_page_alloc_fails_in_napi(struct am65_bed *b);
void rl_sc_open_fails_in_create_rxq(struct am65_bed *b);
void rl_sc_prog_swap_rebuild_fails(struct am65_bed *b);
void rl_sc_prog_swap_rebuild_fails_xmit(struct am65_bed *b);
void rl_sc_xdp_drop_flow1(struct am65_bed *b);
void rl_sc_zc_tx_port2(struct am65_bed *b);
void rl_sc_zc_xdp_tx_fails(struct am65_bed *b);
void rl_sc_reopen_with_tx_in_flight(struct am65_bed *b);
void rl_sc_zc_fill_ring_dry(struct am65_bed *b);

#endif /* RL_AM65_SCENARIOS_H */
