// SPDX-License-Identifier: GPL-2.0
/*
 * am65_cpsw_variants.c - the catalogue of real bugs that can be put back
 * into the patched driver at run time, by name.  With no variant enabled
 * none of these code paths runs.
 */
#include "am65_cpsw.h"

const struct rl_am65_variant_info rl_am65_variants[RL_V_NR] = {
	[RL_V_RX_TDOWN_NO_DRAIN] = {
		"rx_tdown_no_drain",
		"RX reset runs with completed descriptors still in the completion ring (no drain to the teardown marker)",
		"TI reply to v2 (Nov 2025); 0ed577e7e8e5; ICSSG zero copy v5",
		BIT(RL_F_DROPPED) | BIT(RL_F_LEAK) | BIT(RL_F_POOL_LEAK),
	},
	[RL_V_TX_TDOWN_TIMEOUT_LEAK] = {
		"tx_tdown_timeout_leak",
		"TX teardown wait times out and the completion ring is reset with buffers in it",
		"am65_cpsw_destroy_txqs / am65_cpsw_nuss_common_stop \"tx timeout\"",
		BIT(RL_F_DROPPED) | BIT(RL_F_LEAK) | BIT(RL_F_POOL_LEAK),
	},
	[RL_V_RX_PUSH_FAIL_LEAK] = {
		"rx_push_fail_leak",
		"a failed FDQ push leaks the descriptor and the buffer's DMA mapping",
		"am65_cpsw_nuss_rx_push",
		BIT(RL_F_LEAK) | BIT(RL_F_POOL_LEAK) | BIT(RL_F_PP_STALLED) |
		BIT(RL_F_LIVENESS),
	},
	[RL_V_XDP_DROP_NO_REQUEUE] = {
		"xdp_drop_no_requeue",
		"XDP_DROP does not re-queue an RX buffer; the ring shrinks until RX stalls",
		"5e24db550bd6",
		BIT(RL_F_LIVENESS),
	},
	[RL_V_SKB_BEFORE_XDP_LEAK] = {
		"skb_before_xdp_leak",
		"the skb is built before XDP runs and is leaked on every non-PASS verdict",
		"5db843258de1",
		BIT(RL_F_OWNER) | BIT(RL_F_LEAK),
	},
	[RL_V_TX_CLEANUP_FRAME_AS_SKB] = {
		"tx_cleanup_frame_as_skb",
		"TX cleanup frees an XDP frame as if it were an skb",
		"4542536f664f",
		BIT(RL_F_DOUBLE_FREE) | BIT(RL_F_OWNER) | BIT(RL_F_LEAK),
	},
	[RL_V_PROG_SWAP_NO_REBUILD] = {
		"prog_swap_no_rebuild",
		"XDP program change does ndo_stop+ndo_open, which on multi-port CPSW rebuilds nothing but resets BQL under traffic",
		"v2 1/7 (20251109-am65-cpsw-xdp-zc-v2-1)",
		BIT(RL_F_BQL),
	},
	[RL_V_PAGE_POOL_DOUBLE_DESTROY] = {
		"page_pool_double_destroy",
		"the page_pool is destroyed by the driver and again through the rxq unregister",
		"ICSSG net v4 1/3 (Apr 2025)",
		BIT(RL_F_USE_AFTER_FREE),
	},
	[RL_V_XDP_DROP_PAGE_LEAK] = {
		"xdp_drop_page_leak",
		"an XDP_DROP page is never returned to the page_pool",
		"ICSSG 719d3e71691d",
		BIT(RL_F_PP_STALLED) | BIT(RL_F_LEAK),
	},
	[RL_V_XSK_REBUILD_NO_TDOWN] = {
		"xsk_rebuild_no_tdown",
		"the per-queue XSK rebuild resets the queue's rings without tearing the channels down",
		"v2 3/7 (am65_cpsw_xsk_pool_enable/_disable)",
		BIT(RL_F_DROPPED) | BIT(RL_F_INVALID) | BIT(RL_F_LIVENESS),
	},
	[RL_V_RX_PUSH_ZC_FAIL_LEAK] = {
		"rx_push_zc_fail_leak",
		"a failed zero-copy FDQ push frees neither the XSK buffer nor the descriptor",
		"v1 3/5 / v2 4/7 (am65_cpsw_nuss_rx_alloc_zc)",
		BIT(RL_F_LEAK) | BIT(RL_F_POOL_LEAK) | BIT(RL_F_LIVENESS),
	},
	[RL_V_CLEANUP_MUTABLE_POOL] = {
		"cleanup_mutable_pool",
		"RX cleanup decides page vs XSK buffer from the flow's current pool, not from the descriptor",
		"v2 4/7 (am65_cpsw_nuss_rx_cleanup)",
		BIT(RL_F_DMA_UNKNOWN) | BIT(RL_F_OWNER),
	},
	[RL_V_STALE_PSDATA_TX] = {
		"stale_psdata_tx",
		"XDP/XSK TX leaves a stale checksum word from earlier skb traffic in psdata",
		"v2 5/7 (field report)",
		BIT(RL_F_DMA_DEVICE),
	},
	[RL_V_XSK_POOL_UNMAP_MISSING] = {
		"xsk_pool_unmap_missing",
		"the pool DMA mapping is not undone when enabling zero copy fails",
		"stmmac 2026 patch",
		BIT(RL_F_LEAK),
	},
	[RL_V_NAPI_AFTER_POOL_FREE] = {
		"napi_after_pool_free",
		"disabling the pool does not rebuild the queue: NAPI keeps using the pool after it is freed",
		"stmmac, fixes bba2556efad6",
		BIT(RL_F_USE_AFTER_FREE) | BIT(RL_F_LEAK),
	},
	[RL_V_XSK_TX_BATCH_LOST] = {
		"xsk_tx_batch_lost",
		"zero-copy TX forgets the peeked frames it could not send; their completion slots stay reserved",
		"v2 5/7 (am65_cpsw_xsk_xmit_zc)",
		BIT(RL_F_LEAK),
	},
	[RL_V_XDP_NO_FLUSH] = {
		"xdp_no_flush",
		"the NAPI poll returns after XDP_REDIRECT without xdp_do_flush(): frames wait in the bulk queues, sockets never see their RX entries",
		"class fixed in ena/bnxt/octeontx2 (\"Add missing xdp_do_flush() invocations\", Sep 2023); xdp_do_check_flushed 9a675ba55a96",
		BIT(RL_F_XDP),
	},
	[RL_V_DESC_STALE_SWDATA] = {
		"desc_stale_swdata",
		"TX completion reads the buffer out of swdata through a pointer kept after the descriptor was freed",
		"injected (issue 14): am65_cpsw_nuss_tx_compl_packets reads swdata before am65_cpsw_nuss_xmit_free",
		BIT(RL_F_CRASH) | BIT(RL_F_USE_AFTER_FREE),
	},
	[RL_V_XDP_TX_CHN_PAST_NUM] = {
		"xdp_tx_chn_past_num",
		"XDP_TX picks tx_chns[cpu % AM65_CPSW_MAX_QUEUES]: with fewer channels than CPUs it transmits on a channel that was never set up",
		"mainline am65_cpsw_run_xdp (ndo_xdp_xmit alone uses % tx_ch_num)",
		BIT(RL_F_CRASH),
	},
};

int rl_am65_variant_by_name(const char *name)
{
	int i;

	for (i = 0; i < RL_V_NR; i++)
		if (!strcmp(name, rl_am65_variants[i].name))
			return i;
	return -1;
}
