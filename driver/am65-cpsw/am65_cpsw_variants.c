// SPDX-License-Identifier: GPL-2.0
/*
 * am65_cpsw_variants.c - the catalogue of real bugs that can be put back
 * into the patched driver at run time, by name.  With no variant enabled
 * none of these code paths runs.
 */
#include "am65_cpsw.h"

const struct rl_variant_info rl_am65_variants[RL_V_NR] = {
	[RL_V_RX_TDOWN_NO_DRAIN] = {
		"rx_tdown_no_drain",
		"RX reset runs with completed descriptors still in the completion ring (no drain to the teardown marker)",
		"TI reply to v2 (Nov 2025); 0ed577e7e8e5; ICSSG zero copy v5",
		"after the teardown request NAPI pops every completion up to the marker (bounded wait), then what the stopped hardware left, before reset_rx_chn (ICSSG v5 approach); packets are dropped, not run through XDP",
		BIT(RL_F_DROPPED) | BIT(RL_F_LEAK) | BIT(RL_F_POOL_LEAK),
	},
	[RL_V_TX_TDOWN_TIMEOUT_LEAK] = {
		"tx_tdown_timeout_leak",
		"TX teardown wait times out and the completion ring is reset with buffers in it",
		"mainline am65_cpsw_destroy_txqs (\"tx teardown timeout\")",
		"after the TX teardown wait (marker, stale marker or timeout) the completion rings are popped before reset_tx_chn",
		BIT(RL_F_DROPPED) | BIT(RL_F_LEAK) | BIT(RL_F_POOL_LEAK),
	},
	[RL_V_RX_PUSH_FAIL_LEAK] = {
		"rx_push_fail_leak",
		"a failed FDQ push leaks the descriptor and the buffer's DMA mapping",
		"am65_cpsw_nuss_rx_push",
		"a failed FDQ push unmaps the buffer and frees the descriptor",
		BIT(RL_F_LEAK) | BIT(RL_F_POOL_LEAK) | BIT(RL_F_PP_STALLED) |
		BIT(RL_F_LIVENESS),
	},
	[RL_V_XDP_DROP_NO_REQUEUE] = {
		"xdp_drop_no_requeue",
		"XDP_DROP does not re-queue an RX buffer; the ring shrinks until RX stalls",
		"5e24db550bd6",
		"every consumed buffer is replaced by a new page",
		BIT(RL_F_LIVENESS),
	},
	[RL_V_SKB_BEFORE_XDP_LEAK] = {
		"skb_before_xdp_leak",
		"the skb is built before XDP runs and is leaked on every non-PASS verdict",
		"5db843258de1",
		"the skb is built only for XDP_PASS",
		BIT(RL_F_OWNER) | BIT(RL_F_LEAK),
	},
	[RL_V_TX_CLEANUP_FRAME_AS_SKB] = {
		"tx_cleanup_frame_as_skb",
		"TX cleanup frees an XDP frame as if it were an skb",
		"4542536f664f",
		"TX cleanup releases each buffer by its type (desc_infos)",
		BIT(RL_F_DOUBLE_FREE) | BIT(RL_F_OWNER) | BIT(RL_F_LEAK),
	},
	[RL_V_PROG_SWAP_NO_REBUILD] = {
		"prog_swap_no_rebuild",
		"XDP program change does ndo_stop+ndo_open, which on multi-port CPSW rebuilds nothing but resets BQL under traffic; a reopen that fails leaves the port up with usage_count one short (the next ifdown takes it below zero)",
		"v2 1/7 (20251109-am65-cpsw-xdp-zc-v2-1)",
		"a program change rebuilds the queues when any port is up (v2 1/7)",
		BIT(RL_F_BQL) | BIT(RL_F_INVALID),
	},
	[RL_V_PAGE_POOL_DOUBLE_DESTROY] = {
		"page_pool_double_destroy",
		"the page_pool is destroyed by the driver and again through the rxq unregister",
		"ICSSG net v4 1/3 (Apr 2025)",
		"the driver destroys the page_pool once; the rxq unregister only drops its user",
		BIT(RL_F_USE_AFTER_FREE),
	},
	[RL_V_XDP_DROP_PAGE_LEAK] = {
		"xdp_drop_page_leak",
		"an XDP_DROP page is never returned to the page_pool",
		"ICSSG 719d3e71691d",
		"a dropped page goes back to its pool",
		BIT(RL_F_PP_STALLED) | BIT(RL_F_LEAK),
	},
	[RL_V_XSK_REBUILD_NO_TDOWN] = {
		"xsk_rebuild_no_tdown",
		"the per-queue XSK rebuild resets the queue's rings without tearing the channels down",
		"v2 3/7 (am65_cpsw_xsk_pool_enable/_disable)",
		"enabling or disabling zero copy tears the channels down and drains, like a program swap (page_pools kept)",
		/* LEAK: UMEM frames the FDQ held when it was reset stay the driver's (bench, 2026-12-03) */
		BIT(RL_F_DROPPED) | BIT(RL_F_INVALID) | BIT(RL_F_LIVENESS) |
		BIT(RL_F_LEAK),
	},
	[RL_V_RX_PUSH_ZC_FAIL_LEAK] = {
		"rx_push_zc_fail_leak",
		"a failed zero-copy FDQ push frees neither the XSK buffer nor the descriptor",
		"v1 3/5 / v2 4/7 (am65_cpsw_nuss_rx_alloc_zc)",
		"a failed zero-copy push frees the descriptor and the XSK buffer",
		BIT(RL_F_LEAK) | BIT(RL_F_POOL_LEAK) | BIT(RL_F_LIVENESS),
	},
	[RL_V_CLEANUP_MUTABLE_POOL] = {
		"cleanup_mutable_pool",
		"RX cleanup decides page vs XSK buffer from the flow's current pool, not from the descriptor",
		"v2 4/7 (am65_cpsw_nuss_rx_cleanup)",
		"swdata tags an XSK buffer (one bit of flow_id, data upstream lacks): cleanup and both NAPIs free what the descriptor holds",
		BIT(RL_F_DMA_UNKNOWN) | BIT(RL_F_OWNER) | BIT(RL_F_XSK),
	},
	[RL_V_STALE_PSDATA_TX] = {
		"stale_psdata_tx",
		"XDP/XSK TX leaves a stale checksum word from earlier skb traffic in psdata",
		"v2 5/7 (field report)",
		"XDP and XSK TX clear the checksum word",
		BIT(RL_F_DMA_DEVICE),
	},
	[RL_V_XSK_POOL_UNMAP_MISSING] = {
		"xsk_pool_unmap_missing",
		"the pool DMA mapping is not undone when enabling zero copy fails",
		"stmmac 2026 patch",
		"a failed enable unmaps the pool",
		BIT(RL_F_LEAK),
	},
	[RL_V_NAPI_AFTER_POOL_FREE] = {
		"napi_after_pool_free",
		"disabling the pool does not rebuild the queue: NAPI keeps using the pool after it is freed",
		"stmmac, fixes bba2556efad6",
		"disabling rebuilds whenever a queue still uses the pool",
		BIT(RL_F_USE_AFTER_FREE) | BIT(RL_F_LEAK),
	},
	[RL_V_XSK_TX_BATCH_LOST] = {
		"xsk_tx_batch_lost",
		"zero-copy TX forgets the peeked frames it could not send; their completion slots stay reserved",
		"v2 5/7 (am65_cpsw_xsk_xmit_zc)",
		"peeked frames that could not go out are completed in order before the next batch or at the channel's destroy (xsk_dropped, data upstream lacks)",
		BIT(RL_F_LEAK),
	},
	[RL_V_XDP_NO_FLUSH] = {
		"xdp_no_flush",
		"the NAPI poll returns after XDP_REDIRECT without xdp_do_flush(): frames wait in the bulk queues, sockets never see their RX entries",
		"class fixed in ena/bnxt/octeontx2 (\"Add missing xdp_do_flush() invocations\", Sep 2023); xdp_do_check_flushed 9a675ba55a96",
		"xdp_do_flush() after a poll that redirected",
		BIT(RL_F_XDP),
	},
	[RL_V_DESC_STALE_SWDATA] = {
		"desc_stale_swdata",
		"TX completion reads the buffer out of swdata through a pointer kept after the descriptor was freed",
		"injected (issue 14): am65_cpsw_nuss_tx_compl_packets reads swdata before am65_cpsw_nuss_xmit_free",
		"swdata is read before the descriptor is freed (as upstream)",
		BIT(RL_F_CRASH) | BIT(RL_F_USE_AFTER_FREE),
	},
	[RL_V_XDP_TX_CHN_PAST_NUM] = {
		"xdp_tx_chn_past_num",
		"XDP_TX picks tx_chns[cpu % AM65_CPSW_MAX_QUEUES]: with fewer channels than CPUs it transmits on a channel that was never set up",
		"mainline am65_cpsw_run_xdp (ndo_xdp_xmit alone uses % tx_ch_num)",
		"XDP_TX uses tx_chns[cpu % tx_ch_num], as ndo_xdp_xmit does",
		BIT(RL_F_CRASH),
	},
	[RL_V_RX_SLOT_LOST] = {
		"rx_slot_lost",
		"a failed page allocation (or FDQ push) in RX NAPI loses the ring slot for good; the ring shrinks until RX stops",
		"mainline am65_cpsw_nuss_rx_packets (return -ENOMEM; WARN_ON on push failure)",
		"the empty slots are counted (rx_missing, data upstream lacks) and refilled at the end of each poll",
		BIT(RL_F_LIVENESS),
	},
	[RL_V_CREATE_RXQ_NAPI_DISABLE] = {
		"create_rxq_napi_disable",
		"create_rxq's error path disables a NAPI it never enabled: napi_disable() spins for ever",
		"mainline am65_cpsw_create_rxq -> am65_cpsw_destroy_rxq",
		"destroy_rxq disables NAPI only when it was enabled (napi_enabled, data upstream lacks)",
		BIT(RL_F_NAPI),
	},
	[RL_V_CREATE_RXQS_PARTIAL_UNWIND] = {
		"create_rxqs_partial_unwind",
		"a failed create_rxqs after a program swap unwinds only the flows already created: the page_pools kept for the later flows are never freed",
		"v2 2/7 (am65_cpsw_create_rxqs with retained page_pools)",
		"the pools retained for the later flows are destroyed too",
		BIT(RL_F_LEAK) | BIT(RL_F_PP_STALLED),
	},
	[RL_V_PAGE_POOL_BY_FLOW] = {
		"page_pool_by_flow",
		"pages go back to a flow's page_pool (the polling flow's, or the swdata flow's in cleanup), not their own: with UDMA-P's shared FDQ the wrong pool, or a pool already destroyed (NULL)",
		"mainline am65_cpsw_put_page / am65_cpsw_nuss_rx_cleanup",
		"pages go back to page->pp",
		BIT(RL_F_OWNER) | BIT(RL_F_OOPS) | BIT(RL_F_USE_AFTER_FREE) |
		BIT(RL_F_PP_INFLIGHT),
	},
	[RL_V_XSK_PORT_ID_NO_MINUS_ONE] = {
		"xsk_port_id_no_minus_one",
		"zero-copy TX completion indexes ports[] with the 1-based xsk_port_id: the other port's net_device, or none",
		"v2 5/7, TI's review (NULL ndev on eth1)",
		"ports[xsk_port_id - 1]",
		BIT(RL_F_OOPS),
	},
	[RL_V_ZC_XDP_TX_DOUBLE_FREE] = {
		"zc_xdp_tx_double_free",
		"zero-copy XDP_TX failing after the conversion: rx_zc frees the XSK buffer the conversion already freed, and the copied frame leaks",
		"v1 3/5 (am65_cpsw_run_xdp for XSK buffers)",
		"the converted frame is returned and the buffer is not freed again",
		BIT(RL_F_DOUBLE_FREE) | BIT(RL_F_OWNER) | BIT(RL_F_LEAK),
	},
	[RL_V_REOPEN_BQL_RESET] = {
		"reopen_bql_reset",
		"ndo_open resets the port's byte queue limits while, on multi-port CPSW, its packets are still in flight on the channels the other port kept up",
		"mainline am65_cpsw_nuss_ndo_slave_open (netdev_tx_reset_queue)",
		"BQL is reset once the TX queues are destroyed, not at open",
		BIT(RL_F_BQL),
	},
	[RL_V_ZC_REFILL_POLL_COUNT] = {
		"zc_refill_poll_count",
		"zero-copy RX refills only as many buffers as this poll consumed: once the fill ring ran dry the ring never gets its depth back",
		"v2 4/7 (am65_cpsw_nuss_rx_zc)",
		"the refill asks for every missing buffer (rx_missing)",
		BIT(RL_F_LIVENESS),
	},
	[RL_V_REBUILD_FAIL_PORT_UP] = {
		"rebuild_fail_port_up",
		"a failed queue rebuild (program swap) leaves the ports up with carrier and running TX queues over channels that are off",
		"v2 1/7 (am65_cpsw_xdp_prog_setup)",
		"carrier and TX queues follow the queues; ndo_xdp_xmit refuses while they are down (queues_up, data upstream lacks)",
		BIT(RL_F_LEAK) | BIT(RL_F_POOL_LEAK) | BIT(RL_F_BQL) |
		BIT(RL_F_LIVENESS),
	},
	[RL_V_IRQ_DISABLED_CLEARED] = {
		"irq_disabled_cleared",
		"RX NAPI clears irq_disabled when it starts the pacing timer instead of enabling the IRQ; destroy cancels the timer and the IRQ stays disabled for good",
		"v2 7/7 (Fix clearing of irq_disabled flag in rx_poll); mainline am65_cpsw_nuss_rx_poll",
		"irq_disabled is cleared where the IRQ is enabled (poll, pacing timer, and destroy after cancelling the timer)",
		BIT(RL_F_LIVENESS) | BIT(RL_F_DROPPED) | BIT(RL_F_IRQ),
	},
	[RL_V_RACE_XDP_TX_RX_TDOWN] = {
		"race_xdp_tx_rx_tdown",
		"common_stop tears TX down before RX: during the RX teardown wait NAPI still runs XDP, and XDP_TX queues onto a TX channel already torn down and reset",
		"mainline am65_cpsw_nuss_common_stop (destroy_txqs, then destroy_rxqs)",
		"RX queues are destroyed before TX queues",
		BIT(RL_F_LEAK) | BIT(RL_F_POOL_LEAK) | BIT(RL_F_DROPPED) |
		BIT(RL_F_BQL) | BIT(RL_F_LIVENESS),
	},
	[RL_V_RACE_XDP_XMIT_TDOWN] = {
		"race_xdp_xmit_tdown",
		"ndo_xdp_xmit from another device's devmap during the TX teardown queues frames onto channels being torn down",
		"mainline am65_cpsw_ndo_xdp_xmit (no check of the queues' state)",
		"ndo_xdp_xmit refuses from the start of a teardown (queues_up cleared first)",
		BIT(RL_F_LEAK) | BIT(RL_F_POOL_LEAK) | BIT(RL_F_DROPPED) |
		BIT(RL_F_BQL) | BIT(RL_F_LIVENESS),
	},
	[RL_V_RACE_XMIT_REBUILD] = {
		"race_xmit_rebuild",
		"the program-swap / zero-copy rebuild never stops the stack's TX: packets sent during the teardown are cleaned up behind BQL's back or land on channels that are off",
		"v2 1/7 and 3/7 (am65_cpsw_xdp_prog_setup, am65_cpsw_xsk_pool_enable/_disable)",
		"the TX queues of the ports that are up are stopped for the rebuild and started after it",
		BIT(RL_F_BQL) | BIT(RL_F_LEAK) | BIT(RL_F_POOL_LEAK) |
		BIT(RL_F_LIVENESS),
	},
	[RL_V_PACING_TIMER_UNBALANCED] = {
		"pacing_timer_unbalanced",
		"with RX pacing every completed poll starts the timer, also one the XSK wakeup scheduled with the line unmasked, and the timer enables the IRQ leaving irq_disabled set: an unbalanced enable_irq, and a stop that cancels the timer leaves the line masked for good",
		"v2 7/7 (am65_cpsw_nuss_rx_poll as posted); mainline am65_cpsw_nuss_rx_timer_callback and am65_cpsw_create_rxq",
		"the timer is started only for a line the handler masked, the timer clears irq_disabled where it enables, and create_rxq unmasks a line left masked (6.1's common_open did)",
		BIT(RL_F_IRQ) | BIT(RL_F_LIVENESS) | BIT(RL_F_DROPPED),
	},
	[RL_V_RX_RESET_SKIP_FDQ] = {
		"rx_reset_skip_fdq",
		"destroy_rxq resets every flow but 0 with skip_fdq (\"!!id\"): right for UDMA-P's shared FDQ, but on PKTDMA each flow has its own, and the free descriptors of flows 1.. are never cleaned up (k3_cppi_desc_pool_destroy: size != avail)",
		"0da30874729b (k3-udma-glue: Drop skip_fdq argument from k3_udma_glue_reset_rx_chn; AM62-SK, ethtool -L eth0 rx 8); am65_cpsw_destroy_rxq since multi-queue RX",
		"the glue cleans the FDQ of every flow unless the channel has one FDQ for all of them (single_fdq)",
		BIT(RL_F_LEAK) | BIT(RL_F_POOL_LEAK) | BIT(RL_F_PP_STALLED),
	},
	[RL_V_RACE_RX_REFILL_TDOWN] = {
		"race_rx_refill_tdown",
		"the RX flows are destroyed first to last: with one FDQ for all flows (UDMA-P) flow 0's reset cleans it while a later flow's NAPI still runs, and what that NAPI refills into the FDQ afterwards is never cleaned (the later flows' resets skip the shared FDQ)",
		"multi-queue RX v3 (20240703-am65-cpsw-multi-rx-v3-1, am65_cpsw_nuss_common_stop); mainline order since de794169cf17",
		"the flows are destroyed last to first: flow 0, whose reset cleans the shared FDQ, after every other NAPI is disabled",
		BIT(RL_F_LEAK) | BIT(RL_F_POOL_LEAK) | BIT(RL_F_PP_STALLED),
	},
};

int rl_am65_variant_by_name(const char *name)
{
	return rl_variant_index(rl_am65_variants, RL_V_NR, name);
}

const struct rl_variant_info rl_am65_perf_variants[RL_PV_NR] = {
	[RL_PV_RX_ALLOC_SKB_COPY] = {
		"perf_rx_alloc_skb_copy",
		"a packet for the stack is copied into a newly allocated skb and its page recycled, instead of an skb built around the page: one allocation and a copy more per packet",
		"am65-cpsw minimal XDP v2/v3 (Julien Panis, Mar 2024): the custom am65_cpsw_alloc_skb() cost iperf3 500 -> 442 Mbit/s, 506 once replaced",
		"build_skb around the received page, marked for recycle (mainline am65_cpsw_nuss_rx_packets)",
		0,
	},
	[RL_PV_XSK_TX_SYNC_FULL] = {
		"perf_xsk_tx_sync_full",
		"zero-copy TX syncs the whole UMEM frame for the device instead of the descriptor's length",
		"Andrew Lunn on the minimal XDP v2 thread: on ARM cache maintenance dominates, never sync more than the packet",
		"xsk_buff_raw_dma_sync_for_device over the descriptor's length (v2 5/7)",
		0,
	},
	[RL_PV_PP_RELEASE_ON_PASS] = {
		"perf_pp_release_on_pass",
		"a page handed to the stack leaves its page_pool (page_pool_release_page) instead of being marked for recycle: every refill takes the slow path, page allocator and DMA map",
		"drivers before skb recycling (\"page_pool: Allow drivers to hint on SKB recycling\", Linux 5.14); am65 minimal XDP v4 added skb_mark_for_recycle",
		"skb_mark_for_recycle: the page comes back to its pool when the stack frees the skb",
		0,
	},
};

#define M(v)	BIT_ULL(RL_V_##v)
/* In mainline am65-cpsw (page_pool XDP, no zero copy) as read. */
#define RL_MAINLINE_BUGS (M(RX_TDOWN_NO_DRAIN) | M(TX_TDOWN_TIMEOUT_LEAK) | \
	M(RX_PUSH_FAIL_LEAK) | M(STALE_PSDATA_TX) | M(XDP_TX_CHN_PAST_NUM) | \
	M(RX_SLOT_LOST) | M(CREATE_RXQ_NAPI_DISABLE) | M(PAGE_POOL_BY_FLOW) | \
	M(REOPEN_BQL_RESET) | M(RACE_XDP_TX_RX_TDOWN) | M(RACE_XDP_XMIT_TDOWN))
/* What the zero-copy series added, v1 and v2 alike. */
#define RL_ZC_BUGS (M(XSK_REBUILD_NO_TDOWN) | M(RX_PUSH_ZC_FAIL_LEAK) | \
	M(CLEANUP_MUTABLE_POOL) | M(XSK_TX_BATCH_LOST) | \
	M(XSK_PORT_ID_NO_MINUS_ONE) | M(ZC_XDP_TX_DOUBLE_FREE) | \
	M(ZC_REFILL_POLL_COUNT))

/*
 * Profiles: the bugs a real code base contains, by the catalogue's names.
 * Membership is read from the sources the references name; where a bug
 * was reported on one revision only, the profile of that revision has it.
 */
const struct rl_profile_info rl_am65_profiles[RL_P_NR] = {
	[RL_P_MAINLINE] = {
		"mainline",
		"am65-cpsw as merged: page_pool XDP, no zero copy",
		"kernel-patches/bpf @50416a06e189 (drivers/net/ethernet/ti/am65-cpsw-nuss.c)",
		RL_MAINLINE_BUGS | M(PROG_SWAP_NO_REBUILD) |
		M(IRQ_DISABLED_CLEARED),
	},
	[RL_P_V1] = {
		"v1",
		"the AF_XDP zero-copy RFC series as applied (before v2 1/7 and 2/7)",
		"20250520-am65-cpsw-xdp-zc-v1 (intel-lab-lkp/linux @45220b783085)",
		RL_MAINLINE_BUGS | M(PROG_SWAP_NO_REBUILD) | RL_ZC_BUGS |
		M(IRQ_DISABLED_CLEARED),
	},
	[RL_P_V2] = {
		"v2",
		"the AF_XDP zero-copy series v2 as posted (program-swap rebuild, retained page_pools)",
		"20251109-am65-cpsw-xdp-zc-v2-0..7; TI's replies (Nov 2025)",
		RL_MAINLINE_BUGS | RL_ZC_BUGS | M(CREATE_RXQS_PARTIAL_UNWIND) |
		M(REBUILD_FAIL_PORT_UP) | M(RACE_XMIT_REBUILD) |
		M(PACING_TIMER_UNBALANCED),
	},
};

u64 rl_am65_variant_mask(const char *name)
{
	return rl_variant_mask(rl_am65_variants, RL_V_NR, rl_am65_profiles,
			       RL_P_NR, name);
}
