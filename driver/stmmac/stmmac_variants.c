// SPDX-License-Identifier: GPL-2.0
/*
 * stmmac_variants.c - the catalogue of stmmac bugs that can be put back
 * into the patched driver at run time, by name.  With no variant enabled
 * none of these code paths runs.
 */
#include "stmmac.h"

const struct rl_variant_info rl_stmmac_variants[RL_SV_NR] = {
	[RL_SV_XMIT_MAP_ERR_STALE] = {
		"stmmac_xmit_map_err_stale",
		"a failed DMA mapping in stmmac_xmit frees the skb but leaves it in tx_skbuff, cur_tx advanced and the fragments mapped and OWN: the next clean or release frees it again, the device may send freed pages, and release unmaps an earlier XDP_TX page's address left in the head entry now marked an skb's",
		"stmmac_xmit dma_map_err as 6.1 has it (Debian linux-source-6.1, read); found by ringledger",
		"the failure path undoes what the call did: fragments unmapped and their descriptors cleared, the head entry's buffer record and the skb pointer dropped, cur_tx back at the first entry",
		BIT(RL_F_DOUBLE_FREE) | BIT(RL_F_OWNER) | BIT(RL_F_LEAK) |
		BIT(RL_F_USE_AFTER_FREE) | BIT(RL_F_DMA_DEVICE) |
		BIT(RL_F_DMA_UNKNOWN) | BIT(RL_F_CRASH),
	},
	[RL_SV_XDP_REOPEN_FAIL_IGNORED] = {
		"stmmac_xdp_reopen_fail_ignored",
		"a program swap whose stmmac_xdp_open fails (page or DMA allocation) leaves the device running with no queues: the next ndo_xdp_xmit, program swap or stmmac_release touches freed rings and disables NAPIs never enabled",
		"stmmac_xdp_set_prog ignores stmmac_xdp_open's result (6.1 and the older torvalds/linux version read; found by ringledger)",
		"the failed rebuild sets STMMAC_DOWN: ndo_xdp_xmit refuses (upstream's own check), release and the next swap know no queues exist, the next swap or open builds them again",
		BIT(RL_F_INVALID) | BIT(RL_F_NAPI) | BIT(RL_F_OOPS) |
		BIT(RL_F_CRASH),
	},
	[RL_SV_RACE_POOL_NAPI_ORDER] = {
		"race_stmmac_pool_napi_order",
		"an XSK pool switch on a running queue frees its rings (and clears rx_q->xsk_pool) before napi_disable and enables the rxtx NAPI before the rings exist: a poll scheduled meanwhile - the interrupt, the TX timer, a wakeup - runs in synchronize_rcu or napi_disable on freed rings and a NULL pool (the panic in xsk_uses_need_wakeup from stmmac_napi_poll_rxtx)",
		"a6451192da26 (net: stmmac: fix kernel panic due to NULL pointer dereference of xsk_pool), Fixes bba2556efad6; the order of the 2021 series (132c32ee5bc0's stmmac_xdp.c, read)",
		"NAPI disabled before the queue's rings are freed and enabled only after they are rebuilt, in both directions of the switch",
		BIT(RL_F_INVALID) | BIT(RL_F_OOPS) | BIT(RL_F_CRASH),
	},
	[RL_SV_ZC_UNFILLED_DESC_OWN] = {
		"stmmac_zc_unfilled_desc_own",
		"a zero-copy queue built while the fill ring is short (xdpsock TX-only, or a fill ring not yet filled) keeps every descriptor OWN, also those stmmac_alloc_rx_buffers_zc gave no buffer: the device writes the next frames through the address those descriptors last held",
		"__init_dma_rx_desc_rings + stmmac_clear_rx_descriptors (dwmac4 init_rx_desc sets OWN) as 6.1 has them (Debian linux-source-6.1, read); found by ringledger",
		"descriptors without an XSK buffer go back to the CPU (cleared): the engine suspends there, stmmac_rx_zc steps over them and the refill gives them buffers",
		BIT(RL_F_DMA_DEVICE) | BIT(RL_F_DMA_UNKNOWN) |
		BIT(RL_F_OWNER),
	},
	[RL_SV_XSK_TX_STALE_DONE] = {
		"stmmac_xsk_tx_stale_done",
		"stmmac_tx_clean completes an XSK TX frame but leaves its entry typed STMMAC_TXBUF_T_XSK_TX; the pool switch or release then counts every such entry again in dma_free_tx_skbufs and calls xsk_tx_completed for frames the user already reaped: the completion ring's producer runs past what was reserved",
		"stmmac_tx_clean / stmmac_free_tx_buffer as 6.1 has them (Debian linux-source-6.1, read; mainline read in kernel-patches/bpf: init resets the type, clean still does not); found by ringledger",
		"the clean puts the entry back to STMMAC_TXBUF_T_SKB once its frame is counted",
		BIT(RL_F_XSK) | BIT(RL_F_INVALID),
	},
	[RL_SV_XSK_ENABLE_WAKEUP_ERR] = {
		"stmmac_xsk_enable_wakeup_err",
		"stmmac_xdp_enable_pool returns the wakeup's error after the queue was rebuilt in zero-copy mode (no carrier: -ENETDOWN): the core unregisters the pool, the queue's rings keep its buffers and the pool stays DMA-mapped; the socket's close frees it under them",
		"stmmac_xdp_enable_pool as 6.1 and the series (132c32ee5bc0) have it (read); found by ringledger. The same path drew a posted fix (Haoxiang Li, \"fix a potential memory leak in stmmac_xdp_enable_pool()\", linux-stm32 2026-01-25, Fixes bba2556efad6) that unmaps the pool and still fails the bind: the rebuilt queue keeps the buffers",
		"the wakeup is a kick: its failure does not fail the bind",
		BIT(RL_F_INVALID) | BIT(RL_F_LEAK) | BIT(RL_F_USE_AFTER_FREE) |
		BIT(RL_F_XSK) | BIT(RL_F_OOPS),
	},
	[RL_SV_QUEUE_REENABLE_FAIL_IGNORED] = {
		"stmmac_queue_reenable_fail_ignored",
		"an XSK pool switch whose stmmac_enable_rx_queue or _tx_queue fails (page_pool, ring or buffer allocation) only logs it: the device runs with a queue without rings, its NAPI is enabled on them and release frees them a second time",
		"stmmac_enable_rx_queue / stmmac_enable_tx_queue as 6.1 has them (netdev_err and return; read); found by ringledger",
		"the device's queues go down as after a failed program swap (STMMAC_DOWN): the next swap or open builds them",
		BIT(RL_F_INVALID) | BIT(RL_F_OOPS) | BIT(RL_F_CRASH) |
		BIT(RL_F_NAPI),
	},
	[RL_SV_RACE_XDP_TX_POOL_SWITCH] = {
		"race_stmmac_xdp_tx_pool_switch",
		"an XSK pool switch frees a TX queue's ring while other queues' NAPIs keep running: during its synchronize_rcu an XDP_TX (or a devmap's ndo_xdp_xmit) on a CPU whose stmmac_xdp_get_tx_queue is that queue writes descriptors into the freed ring",
		"stmmac_xdp_disable_pool/_enable_pool with stmmac_disable_tx_queue and stmmac_xdp_xmit_back as 6.1 and mainline (kernel-patches/bpf) have them (read); found by ringledger",
		"the switch stops the queue under its lock before freeing the ring and wakes it once rebuilt; XDP_TX and ndo_xdp_xmit refuse a stopped queue",
		BIT(RL_F_CRASH) | BIT(RL_F_OOPS) | BIT(RL_F_INVALID),
	},
	[RL_SV_ZC_XDP_TX_PP_ADDR] = {
		"stmmac_zc_xdp_tx_page_pool_addr",
		"XDP_TX on a zero-copy queue sends the frame xdp_convert_buff_to_frame copied into an order-0 page as if it were a page_pool page: page_pool_get_dma_addr gives an address nobody mapped, synced and handed to the device (the oops in dcache_clean_poc); a frame the ring cannot take comes back CONSUMED, so stmmac_rx_zc frees the XSK buffer the conversion already freed and the copy leaks",
		"a48e23221000 (net: stmmac: fix the crash issue for zero copy XDP_TX action, Wei Fang, netdev 2025-12-04, Fixes bba2556efad6; the patch read on the list, the commit from netdev's patchwork reply; backported in Debian's 6.1)",
		"a zero-copy frame is mapped for the device like ndo_xdp_xmit's (unmapped at completion); one that cannot go is returned and reported STMMAC_XSK_CONSUMED, so the caller leaves the XSK buffer alone",
		BIT(RL_F_DMA_SYNC) | BIT(RL_F_DMA_DEVICE) |
		BIT(RL_F_DOUBLE_FREE) | BIT(RL_F_OWNER) | BIT(RL_F_LEAK),
	},
	[RL_SV_ZC_QPS_BITMAP_LEAK] = {
		"stmmac_zc_qps_bitmap_leak",
		"stmmac_dvr_probe allocates the af_xdp_zc_qps bitmap and stmmac_dvr_remove never frees it: kmemleak reports an unreferenced object from stmmac_dvr_probe once the device is gone",
		"d7f576dc9836 (net: stmmac: fix memory leak during driver probe, Wong Vee Khee, Fixes bba2556efad6; the patch read on the list)",
		"stmmac_dvr_remove frees the bitmap (bitmap_free)",
		BIT(RL_F_LEAK),
	},
	[RL_SV_PROBE_WQ_FAIL_LEAK] = {
		"stmmac_probe_wq_fail_leak",
		"stmmac_dvr_probe returns -ENOMEM when create_singlethread_workqueue fails, with the af_xdp_zc_qps bitmap it allocated just before: kmemleak reports it (probe under memory pressure)",
		"a137f3f27f92 (net: stmmac: fix possible memory leak in stmmac_dvr_probe(), Gaosheng Cui, Fixes bba2556efad6; the stable backport read on the list)",
		"the failure goes to error_wq_init, which frees the bitmap",
		BIT(RL_F_LEAK),
	},
	[RL_SV_RX_CUR_CATCHES_DIRTY] = {
		"stmmac_rx_cur_catches_dirty",
		"a refill that could not allocate leaves descriptors without a buffer and OWN clear, their stale write-back looking like frames: stmmac_rx walks cur_rx onto dirty_rx and reads one as received (page_address of no page: the panic of bugzilla 221010); with cur_rx == dirty_rx the ring also counts as clean with no buffer in it (zero copy: it fills again only as later polls step over its descriptors one by one)",
		"0bb05e6adfa9 (net: stmmac: Prevent NULL deref when RX memory exhausted, Sam Edwards, 2026, Fixes b6cb4541853c7 whose dma_rx_size - 1 clamp was a partial fix; the stable backport read on the list, in Debian's 6.1); the stmmac_rx_zc loop it also fixes is bba2556efad6's",
		"stmmac_rx and stmmac_rx_zc stop before cur_rx would reach dirty_rx (the clamp removed)",
		BIT(RL_F_OOPS) | BIT(RL_F_CRASH) | BIT(RL_F_LIVENESS) |
		BIT(RL_F_DMA_SYNC) | BIT(RL_F_DMA_UNKNOWN),
	},
	[RL_SV_XDP_RELEASE_TX_RUNNING] = {
		"stmmac_xdp_release_tx_running",
		"a program attached to or removed from a running device rebuilds its rings (stmmac_xdp_release/open) with the stack's TX queues left open: while the rebuild sleeps in an allocation, the stack transmits into the rings just freed (the panic in dwmac4_set_addr from dev_hard_start_xmit) - or into a new ring whose init then forgets the frames (leaked)",
		"77711683a504 (net: stmmac: ensure tx function is not running in stmmac_xdp_release(), Mohd Faizal Abdul Rahim, Fixes ac746c8520d9 which made the rebuild stmmac_xdp_release/open); the series' rebuild through stmmac_release/open had the same hole, closed by b270bfe69736 (net: stmmac: Disable Tx queues when reconfiguring the interface, Yannick Vignon, Fixes 5fabb01207a2d); both patches read on the list",
		"netif_tx_disable() before the queues go down",
		BIT(RL_F_OOPS) | BIT(RL_F_CRASH) | BIT(RL_F_USE_AFTER_FREE) |
		BIT(RL_F_INVALID) | BIT(RL_F_LEAK),
	},
	[RL_SV_RACE_TX_WAKE_IN_REBUILD] = {
		"race_stmmac_tx_wake_in_rebuild",
		"the rebuild's netif_tx_disable() comes before napi_disable(): a TX clean running then sees room and wakes the queue again, and the stack (or another device's devmap) transmits into the rings the rebuild frees, or into a new one before its init forgets what was queued (leaked)",
		"stmmac_xdp_release as 6.1 and mainline have it (netif_tx_disable, then stmmac_disable_all_queues; stmmac_tx_clean wakes a stopped queue on room alone), read; found by ringledger",
		"the TX queues stopped again once no NAPI runs, before the rings are freed",
		BIT(RL_F_OOPS) | BIT(RL_F_CRASH) | BIT(RL_F_USE_AFTER_FREE) |
		BIT(RL_F_INVALID) | BIT(RL_F_LEAK),
	},
	[RL_SV_ALLOC_TX_FAIL_RX_LEAK] = {
		"stmmac_alloc_tx_fail_rx_leak",
		"alloc_dma_desc_resources returns the TX allocation's failure with every RX queue's page_pool, descriptor ring and rxq still allocated: stmmac_open kfree()s the dma_conf pointing at them, a program swap's stmmac_xdp_open keeps them in priv->dma_conf for the next rebuild to overwrite - leaked either way (kmemleak, the page_pools' users, DMA-API debug at remove)",
		"posted as \"net: stmmac: Free Rx descs on Tx allocation failure\" (Serge Semin, netdev 2021-02-08 and 2023-03-14, Fixes 71fedb0198cb) and again by Abid Ali (linux-stm32 2026-04/05, v2; Paolo Abeni asked for the related fixes in the same series); 6.1 and mainline (kernel-patches/bpf) read: not applied",
		"the TX failure frees the RX queues too, as the posted patch does",
		BIT(RL_F_LEAK) | BIT(RL_F_INVALID) | BIT(RL_F_XDP),
	},
	[RL_SV_ALLOC_FAIL_FREES_DANGLING] = {
		"stmmac_alloc_fail_frees_dangling",
		"a program swap's stmmac_xdp_open that cannot allocate queue k frees every queue again, those after k included, whose buf_pool, page_pool, ring and tx_skbuff(_dma) pointers still point at what stmmac_xdp_release freed: dma_free_rx/tx_skbufs read the kfree'd arrays, then the rings and pools are freed a second time",
		"__free_dma_rx_desc_resources / __free_dma_tx_desc_resources and stmmac_xdp_open as 6.1 and mainline (kernel-patches/bpf) have them (read); reported by Jakub Raczynski, \"net/stmmac: Set Rx queue page_pool to NULL when freeing DMA resources\" (v2, linux-stm32 2026-07-07, Fixes da5ec7f22a0f of the 2021 series, seen on a failed page_pool_create) with \"Prevent dma queue NULL free on allocation failure\", and by the review of Abid Ali's patch (buf_pool, dma_rx)",
		"the free functions clear every pointer they free (the model's freed pointers are NULL; the posted fix clears page_pool)",
		BIT(RL_F_USE_AFTER_FREE),
	},
};

const struct rl_variant_info rl_stmmac_perf_variants[RL_SPV_NR] = {
	[RL_SPV_PP_SYNC_DEV_ALWAYS] = {
		"perf_stmmac_pp_sync_dev_always",
		"the RX page_pool has PP_FLAG_DMA_SYNC_DEV without an XDP program: every recycled page is synced for the device over max_len (3,840 bytes) although the stack only copied from it",
		"b514c47ebf41 (net: stmmac: set PP_FLAG_DMA_SYNC_DEV only if XDP is enabled), Fixes 5fabb01207a2; up to 9% measured",
		"PP_FLAG_DMA_SYNC_DEV only with an XDP program (XDP_TX sends the page as it is)",
		0,
	},
};

/*
 * The AF_XDP zero-copy series as merged (Ong Boon Leong, April 2021,
 * bba2556efad6..132c32ee5bc0): its stmmac_xdp.c read at 132c32ee5bc0 (the
 * NAPI order, the wakeup's error returned, synchronize_rcu with the rings
 * freed, set_prog ignoring stmmac_open's result); its RX/TX functions as
 * 6.1 keeps them (the XSK_TX counting in stmmac_tx_clean and
 * stmmac_free_tx_buffer is 132c32ee5bc0's, by blame); stmmac_xdp_xmit_back
 * as it was before Wei Fang's fix (its diff, read on the list);
 * stmmac_xmit's mapping failure path is older.  Not modelled: 2b9fff64f032 (the model's
 * device writes no discard or multi-descriptor status).
 */
#define S(v) BIT_ULL(RL_SV_##v)
const struct rl_profile_info rl_stmmac_profiles[RL_SP_NR] = {
	[RL_SP_SERIES_2021] = {
		"series-2021",
		"the stmmac XDP zero-copy series as merged in 5.13 (Ong Boon Leong, April 2021)",
		"132c32ee5bc0 (torvalds/linux stmmac_xdp.c), Debian linux-source-6.1 stmmac_main.c",
		S(XMIT_MAP_ERR_STALE) | S(XDP_REOPEN_FAIL_IGNORED) |
		S(RACE_POOL_NAPI_ORDER) | S(ZC_UNFILLED_DESC_OWN) |
		S(XSK_TX_STALE_DONE) | S(XSK_ENABLE_WAKEUP_ERR) |
		S(QUEUE_REENABLE_FAIL_IGNORED) | S(RACE_XDP_TX_POOL_SWITCH) |
		S(ZC_XDP_TX_PP_ADDR) | S(ZC_QPS_BITMAP_LEAK) |
		S(PROBE_WQ_FAIL_LEAK) | S(RX_CUR_CATCHES_DIRTY) |
		S(XDP_RELEASE_TX_RUNNING) | S(RACE_TX_WAKE_IN_REBUILD) |
		S(ALLOC_TX_FAIL_RX_LEAK) | S(ALLOC_FAIL_FREES_DANGLING),
	},
};

u64 rl_stmmac_variant_mask(const char *name)
{
	return rl_variant_mask(rl_stmmac_variants, RL_SV_NR,
			       rl_stmmac_profiles, RL_SP_NR, name);
}
